import { Page } from '#client/components/ui/page.tsx';
import { ReviewSession } from '#client/features/learning/review-session.tsx';
import { usePageTitle } from '#client/lib/page-title.ts';
import { CourseTopbar } from './course-topbar.tsx';

/** /dashboard/review: the quiz questions the learner missed, due again today (issue 20). */
export function ReviewPage() {
  usePageTitle('Review');
  return (
    <Page>
      <CourseTopbar backTo="/dashboard" backLabel="to the dashboard" />
      <h1>Review</h1>
      <p>
        Questions you missed in a quiz come back after a day. Answer right and each comes back later
        (3, 7, then 21 days); answer wrong and it comes back tomorrow.
      </p>
      <ReviewSession />
    </Page>
  );
}
