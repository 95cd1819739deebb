import { usePageTitle } from '#client/lib/page-title.ts';
import { Page } from '#client/components/ui/page.tsx';

export function DashboardPage() {
  usePageTitle('Dashboard');
  return (
    <Page>
      <h1>Dashboard</h1>
    </Page>
  );
}
