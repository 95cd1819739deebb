import { usePageTitle } from '#client/lib/page-title.ts';
import { Page } from '#client/components/ui/page.tsx';

export function LessonPage() {
  usePageTitle('Lesson');
  return (
    <Page>
      <h1>Lesson</h1>
    </Page>
  );
}
