import { usePageTitle } from '#client/lib/page-title.ts';
import { Page } from '#client/components/ui/page.tsx';

export function QuizPage() {
  usePageTitle('Quiz');
  return (
    <Page>
      <h1>Quiz</h1>
    </Page>
  );
}
