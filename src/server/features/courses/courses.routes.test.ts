import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { lessonReplySchema } from '#shared/api/lesson.schema.ts';
import { modulesReplySchema } from '#shared/api/modules.schema.ts';
import { quizReplySchema } from '#shared/api/quiz.schema.ts';
import { CURRICULUM } from '#shared/content/curriculum.ts';
import {
  browserHeaders as headers,
  createTestApp,
  testClock,
  testContent,
  type TestApp,
  grantPaidAccess,
  signInWithDevLogin,
  type Jar,
} from '../../testing/test-app.ts';
import { ACCESS_RECHECK_MS } from '../access/access.service.ts';
import type { CourseContent, GradableQuiz } from '../../content/course-content.ts';

let t: TestApp;
let content: CourseContent;
const clock = testClock();
beforeEach(() => clock.reset());

beforeAll(async () => {
  content = await testContent();
  t = await createTestApp({ deps: { clock } });
});
afterAll(async () => {
  await t.close();
});

async function signIn(name: string, email: string) {
  const { jar, user } = await signInWithDevLogin(t, name, email);
  return { jar, userId: user._id, googleId: user.googleId };
}

/** Test set-up only: the row a confirmed payment leaves behind. */
async function grantAccess(userId: string) {
  await grantPaidAccess(t.database.db, userId, clock.now());
}

async function subscriber(name: string) {
  const signedIn = await signIn(name, `${name.toLowerCase().replace(/\W/g, '')}@example.com`);
  await grantAccess(signedIn.userId);
  return signedIn;
}

const get = (jar: Jar | null, url: string) =>
  t.app.inject({ method: 'GET', url, headers: headers(jar) });

function quizBySlug(slug: string): GradableQuiz {
  const quiz = content.quizzes.get(slug);
  if (!quiz) throw new Error(`no quiz ${slug} in content`);
  return quiz;
}
const firstQuiz = () => quizBySlug(content.quizList[0]?._id ?? '');
/** Answers with the first `right` questions right and the rest wrong. */
function answers(quiz: GradableQuiz, right: number): string[] {
  return quiz.questions.map((q, i) => {
    const wrong = q.answers.find((_, a) => a !== q.correct) ?? '';
    return (i < right ? q.answers[q.correct] : wrong) ?? '';
  });
}

/** Every text that must stay on the server until a quiz is submitted. */
function secrets(): string[] {
  return [...content.quizzes.values()].flatMap((q) => q.questions.map((x) => x.explanation));
}

describe('GET /api/modules (public)', () => {
  it('lists the 15 modules with titles, descriptions and counts, and nothing else', async () => {
    const res = await get(null, '/api/modules');
    expect(res.statusCode).toBe(200);
    const modules = modulesReplySchema.parse(res.json());
    expect(modules.map((m) => [m.number, m.title, m.quizCount, m.handsOnQuestionsCount])).toEqual(
      CURRICULUM.map((m) => [m.number, m.title, m.quizCount, m.handsOnCount]),
    );
    expect(modules.every((m) => m.lessonCount === 1 && m.description.length > 20)).toBe(true);
    expect(Object.keys(res.json()[0]).sort()).toEqual(
      [
        'description',
        'handsOnQuestionsCount',
        'lessonCount',
        'number',
        'quizCount',
        'title',
      ].sort(),
    );
  });
});

describe('subscriber endpoints: 401 for visitors, 403 without access, 200 for subscribers', () => {
  const endpoints = (ids: { userId: string }) =>
    [
      ['GET', '/api/quizzes'],
      ['GET', `/api/quiz-by-title/${encodeURIComponent(content.quizList[0]?.title ?? '')}`],
      ['GET', `/api/user/${ids.userId}/quiz-scores`],
      ['GET', '/api/lessons/module1'],
      ['GET', '/api/progress'],
      ['POST', '/api/submit-quiz'],
    ] as const;

  it('guards every endpoint', async () => {
    const unpaid = await signIn('Unpaid Person', 'unpaid@example.com');
    const paid = await subscriber('Paid Person');
    for (const [method, url] of endpoints(paid)) {
      const quiz = firstQuiz();
      const body = (userId: string) =>
        method === 'POST' ? { userId, quizId: quiz.slug, answers: answers(quiz, 1) } : undefined;
      const visitor = await t.app.inject({
        method,
        url,
        headers: headers(null),
        payload: body(paid.userId),
      });
      expect(visitor.statusCode, `${method} ${url} visitor`).toBe(401);
      expect(visitor.json().error.code).toBe('unauthorized');

      const noAccess = await t.app.inject({
        method,
        url: url.replace(paid.userId, unpaid.userId),
        headers: headers(unpaid.jar),
        payload: body(unpaid.userId),
      });
      expect(noAccess.statusCode, `${method} ${url} unpaid`).toBe(403);
      expect(noAccess.json().error.code).toBe('no_access');

      const ok = await t.app.inject({
        method,
        url,
        headers: headers(paid.jar),
        payload: body(paid.userId),
      });
      expect(ok.statusCode, `${method} ${url} subscriber`).toBe(200);
    }
  });

  it('ends access the moment the paid year is over', async () => {
    const paid = await subscriber('Year Over');
    // The year ends half a second from now, sooner than the guard would read the order again.
    await t.database.db
      .updateTable('orders')
      .set({ access_ends_at: new Date(clock.now().getTime() + 500).toISOString() })
      .where('user_id', '=', paid.userId)
      .execute();
    expect((await get(paid.jar, '/api/quizzes')).statusCode).toBe(200);
    clock.advance(500);
    expect((await get(paid.jar, '/api/quizzes')).statusCode).toBe(403);
  });

  it('notices an order changed in the database within ACCESS_RECHECK_MS', async () => {
    const paid = await subscriber('Changed Elsewhere');
    expect((await get(paid.jar, '/api/quizzes')).statusCode).toBe(200);
    // As another instance, or an operator, might end it.
    await t.database.db
      .updateTable('orders')
      .set({ revoked_at: clock.now().toISOString(), status: 'refunded' })
      .where('user_id', '=', paid.userId)
      .execute();
    // Within the window the guard answers from what it confirmed a moment ago (decision 0009)...
    expect((await get(paid.jar, '/api/quizzes')).statusCode).toBe(200);
    // ...and reads the orders again once the window has passed.
    clock.advance(ACCESS_RECHECK_MS);
    expect((await get(paid.jar, '/api/quizzes')).statusCode).toBe(403);
  });

  it('turns a subscriber away at once after logout, within the recheck window', async () => {
    const paid = await subscriber('Logged Out');
    const cookie = headers(paid.jar);
    expect((await get(paid.jar, '/api/quizzes')).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: cookie });
    expect(out.statusCode).toBe(200);
    // The old cookie, replayed on the same clock tick.
    const replay = await t.app.inject({ method: 'GET', url: '/api/quizzes', headers: cookie });
    expect(replay.statusCode).toBe(401);
  });
});

describe('quizzes before submission', () => {
  it('lists every quiz with _id (its slug), title and quizNumber (its module)', async () => {
    const { jar } = await subscriber('List Reader');
    const res = await get(jar, '/api/quizzes');
    const list = res.json() as { _id: string; title: string; quizNumber: number }[];
    expect(list).toHaveLength(43);
    for (const module of CURRICULUM) {
      expect(list.filter((q) => q.quizNumber === module.number)).toHaveLength(module.quizCount);
    }
    expect(list[0]).toEqual({
      _id: firstQuiz().slug,
      title: firstQuiz().title,
      quizNumber: 1,
    });
  });

  it('finds a quiz by the title with spaces (as the spec client sends it), the title, or the slug', async () => {
    const { jar } = await subscriber('Title Finder');
    for (const summary of content.quizList) {
      const spaced = summary._id.replace(/-/g, ' ');
      for (const form of [spaced, summary.title, summary._id]) {
        const res = await get(jar, `/api/quiz-by-title/${encodeURIComponent(form)}`);
        expect(res.statusCode, form).toBe(200);
        expect(res.json()._id).toBe(summary._id);
      }
    }
  });

  it('answers 404 with a helpful message for an unknown quiz', async () => {
    const { jar } = await subscriber('Lost Learner');
    const res = await get(jar, '/api/quiz-by-title/no%20such%20quiz');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toMatch(/no quiz called "no such quiz"/);
  });

  it('never sends a correct answer or an explanation before submission (raw JSON)', async () => {
    const { jar, userId } = await subscriber('Peeking Pete');
    const bodies = [
      (await get(jar, '/api/quizzes')).body,
      (await get(jar, `/api/user/${userId}/quiz-scores`)).body,
      (await get(jar, '/api/progress')).body,
    ];
    for (const summary of content.quizList) {
      bodies.push((await get(jar, `/api/quiz-by-title/${summary._id}`)).body);
    }
    const explanations = secrets();
    for (const body of bodies) {
      expect(body).not.toMatch(/"(correct|isCorrect|explanation|correctAnswer)"/);
      for (const explanation of explanations) expect(body.includes(explanation)).toBe(false);
    }
    // Each question's answers are the same four in the same order for everyone: nothing marks one.
    const quiz = firstQuiz();
    const reply = quizReplySchema.parse(JSON.parse(bodies[3] ?? ''));
    expect(reply.questions).toHaveLength(quiz.questions.length);
    expect(Object.keys(reply.questions[0] ?? {}).sort()).toEqual(['answers', 'questionText']);
    expect(Object.keys(reply.questions[0]?.answers[0] ?? {})).toEqual(['text']);
  });
});

describe('GET /api/lessons/:module', () => {
  it('serves the rendered lesson with its runnable blocks and exercises, and records the visit', async () => {
    const { jar, userId } = await subscriber('Lesson Reader');
    for (const module of CURRICULUM) {
      const res = await get(jar, `/api/lessons/module${module.number}`);
      expect(res.statusCode).toBe(200);
      const lesson = lessonReplySchema.parse(res.json());
      expect(lesson.module).toMatchObject({ number: module.number, title: module.title });
      expect(lesson.exercises).toHaveLength(module.handsOnCount);
      expect(lesson.module.recapHtml.length).toBeGreaterThanOrEqual(4);
      // Highlighted on the server: shiki's inline colours, no Markdown fences left.
      expect(lesson.html).toContain('class="shiki');
      expect(lesson.html).not.toContain('```');
      for (const block of lesson.codeBlocks) {
        expect(lesson.html).toContain(`data-code-block="${block.index}"`);
        // Exactly the checkpoints are marked for the prediction widget (their output stays off the page).
        const marked = lesson.html.includes(`data-code-block="${block.index}" data-checkpoint>`);
        expect(marked).toBe(block.checkpoint !== undefined);
      }
      expect(lesson.codeBlocks.length).toBeGreaterThan(0);
      expect(lesson.html.match(/data-checkpoint/g)?.length ?? 0).toBe(
        lesson.codeBlocks.filter((b) => b.checkpoint).length,
      );
      expect(lesson.html).not.toContain('data-lang="predict"');
    }
    const visits = await t.database.db
      .selectFrom('lesson_visits')
      .selectAll()
      .where('user_id', '=', userId)
      .execute();
    expect(visits).toHaveLength(15);
  });

  it('sends the lesson compressed to a browser that accepts it, private and varying by encoding', async () => {
    const { jar } = await subscriber('Slow Connection');
    const plain = await get(jar, '/api/lessons/module3');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/lessons/module3',
      headers: { ...headers(jar), 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString('utf8'))).toEqual(plain.json());
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it('accepts the bare number, answers 404 past module 15 and 400 for nonsense', async () => {
    const { jar } = await subscriber('Edge Case');
    expect((await get(jar, '/api/lessons/3')).json().module.number).toBe(3);
    const missing = await get(jar, '/api/lessons/module16');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toMatch(/1 to 15/);
    expect((await get(jar, '/api/lessons/module0')).statusCode).toBe(404);
    const bad = await get(jar, '/api/lessons/lesson-one');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('validation_failed');
  });
});
