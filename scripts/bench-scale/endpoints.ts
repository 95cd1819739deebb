import type { CourseContent } from '#server/content/course-content.ts';
import type { SignedIn } from './in-process.ts';
import type { Request } from './load.ts';

export interface Endpoint extends Request {
  /** The page that calls it. */
  page: 'every page' | 'dashboard' | 'lesson 3' | 'quiz';
  /** The route, as the server declares it. */
  route: string;
}

/**
 * The signed-in calls of the dashboard, module 3's lesson and a quiz page, as the client makes them:
 *
 * - every page: the auth context re-reads the stored user on start (auth-context.tsx).
 * - dashboard (dashboard-page.tsx): modules, quizzes, quiz scores and progress; the review and
 *   rhythm widgets; the certificate panel.
 * - lesson (lesson-page.tsx): the lesson, then each exercise workbench's saved work; while the
 *   learner works, the draft autosave and the "Earlier versions" list. (A Check runs the exercise's
 *   check in Pyodide and keeps its version: `npm run bench:checks` measures that. Search runs only
 *   as the learner types: `npm run bench` measures it.)
 * - quiz (quiz-page.tsx): the quiz, then the submission. The submission is measured last, as it
 *   adds to the learner's attempts; every one is stored before its answer is sent.
 */
export function endpoints(content: CourseContent, me: SignedIn): Endpoint[] {
  const lesson = content.lessons.get(3);
  const exercise = lesson?.exercises[0];
  const quiz = [...content.quizzes.values()].find((q) => q.moduleNumber === 3);
  if (!exercise || !quiz) throw new Error('module 3 has no exercise or no quiz');
  const user = `/api/user/${encodeURIComponent(me.userId)}`;
  const history = `${user}/code-history/${exercise.id}`;
  const answers = quiz.questions.map((q) => q.answers[0] ?? '');
  return [
    {
      ...{ page: 'every page', route: 'GET /api/user/:googleId', method: 'GET' },
      path: `/api/user/${encodeURIComponent(me.googleId)}`,
    },
    { page: 'dashboard', route: 'GET /api/modules', method: 'GET', path: '/api/modules' },
    { page: 'dashboard', route: 'GET /api/quizzes', method: 'GET', path: '/api/quizzes' },
    {
      ...{ page: 'dashboard', route: 'GET /api/user/:userId/quiz-scores', method: 'GET' },
      path: `${user}/quiz-scores`,
    },
    { page: 'dashboard', route: 'GET /api/progress', method: 'GET', path: '/api/progress' },
    {
      ...{ page: 'dashboard', route: 'GET /api/user/:userId/review', method: 'GET' },
      path: `${user}/review`,
    },
    {
      ...{ page: 'dashboard', route: 'GET /api/user/:userId/rhythm', method: 'GET' },
      path: `${user}/rhythm`,
    },
    {
      ...{ page: 'dashboard', route: 'GET /api/certificates/me', method: 'GET' },
      path: '/api/certificates/me',
    },
    {
      page: 'lesson 3',
      route: 'GET /api/lessons/:module',
      method: 'GET',
      path: '/api/lessons/module3',
    },
    {
      ...{ page: 'lesson 3', route: 'GET /api/exercise-progress', method: 'GET' },
      path: '/api/exercise-progress',
    },
    {
      ...{ page: 'lesson 3', route: 'PUT /api/exercise-progress/:exerciseId', method: 'PUT' },
      path: `/api/exercise-progress/${exercise.id}`,
      body: JSON.stringify({ code: `${exercise.starter}\n# a draft\n` }),
    },
    {
      ...{ page: 'lesson 3', route: 'GET /api/user/:userId/code-history/:exerciseId' },
      ...{ method: 'GET', path: history },
    },
    {
      ...{ page: 'quiz', route: 'GET /api/quiz-by-title/:title', method: 'GET' },
      // The quiz page's address holds the slug; the client turns its hyphens into spaces.
      path: `/api/quiz-by-title/${encodeURIComponent(quiz.slug.replace(/-/g, ' '))}`,
    },
    {
      ...{ page: 'quiz', route: 'POST /api/submit-quiz', method: 'POST' },
      path: '/api/submit-quiz',
      body: JSON.stringify({ userId: me.userId, quizId: quiz.slug, answers }),
    },
  ];
}
