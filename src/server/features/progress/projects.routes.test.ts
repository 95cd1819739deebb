import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ProjectReply } from '#shared/api/projects.schema.ts';
import { testContentWithProject } from '../../testing/projects.fixture.ts';
import {
  browserHeaders,
  createTestApp,
  grantPaidAccess,
  signInWithDevLogin,
  testClock,
  type Jar,
  type TestApp,
} from '../../testing/test-app.ts';

// The projects' routes, and a project's steps going through the exercises' Check, drafts and code
// history, on the real course with the test project (src/server/testing/projects/) as project 1.

describe('projects', () => {
  let t: TestApp;
  let project: ProjectReply;
  const clock = testClock();
  beforeEach(() => clock.reset());
  beforeAll(async () => {
    const content = await testContentWithProject();
    t = await createTestApp({ deps: { clock, content } });
    const first = content.projects[0];
    if (!first) throw new Error('the test content has no project');
    project = first;
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  const step = (index: number) => {
    const found = project.steps[index];
    if (!found) throw new Error(`the test project has no step ${index + 1}`);
    return found;
  };
  const get = (jar: Jar | null, url: string) =>
    t.app.inject({ method: 'GET', url, headers: browserHeaders(jar) });
  const check = (jar: Jar, id: string, code: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/exercise-progress/${id}/checks`,
      headers: browserHeaders(jar),
      payload: { code, browserPassed: true },
    });
  async function subscriber(name: string, email: string) {
    const { jar, user } = await signInWithDevLogin(t, name, email);
    await grantPaidAccess(t.database.db, user._id, clock.now());
    return { jar, userId: user._id };
  }

  it('answers 401 to a visitor and 403 to a learner without access, on both routes', async () => {
    for (const url of ['/api/projects', '/api/projects/vote-counter']) {
      const visitor = await get(null, url);
      expect(visitor.statusCode).toBe(401);
      expect(visitor.json().error.code).toBe('unauthorized');
    }
    const { jar } = await signInWithDevLogin(t, 'No Access', 'no-access-projects@example.com');
    for (const url of ['/api/projects', '/api/projects/vote-counter']) {
      const unpaid = await get(jar, url);
      expect(unpaid.statusCode).toBe(403);
      expect(unpaid.json().error.code).toBe('no_access');
    }
  });

  it('refuses a malformed slug with 400 and an unknown one with 404, each saying why', async () => {
    const { jar } = await subscriber('Slug Tester', 'slugs-projects@example.com');
    const malformed = await get(jar, '/api/projects/Vote_Counter!');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.message).toContain(
      'must be a project slug such as budget-tracker',
    );
    const unknown = await get(jar, '/api/projects/no-such-project');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(
      'There is no project "no-such-project" in the course.',
    );
  });

  it("serves a project's page: its intro and its steps, each later one starting from the step before's solution", async () => {
    const { jar } = await subscriber('Page Reader', 'page-projects@example.com');
    const reply = await get(jar, '/api/projects/vote-counter');
    expect(reply.statusCode).toBe(200);
    const page = reply.json<ProjectReply>();
    expect(page).toMatchObject({
      number: 1,
      slug: 'vote-counter',
      after: 5,
      file: 'votes.py',
      stepCount: 6,
    });
    expect(page.introHtml).toContain('<p>You will build a program that counts votes');
    expect(page.steps.map((s) => s.id)).toEqual([
      'p1-s1-one-vote',
      'p1-s2-many-votes',
      'p1-s3-per-name',
      'p1-s4-tidy-names',
      'p1-s5-winner',
      'p1-s6-shares',
    ]);
    expect(page.steps[0]?.starter).toBe('# Ask for one vote, then say it was counted.\n');
    expect(page.steps[1]?.starter).toBe(page.steps[0]?.solution);
  });

  it('checks a step on the server, keeps its draft and versions, and counts it for this learner only', async () => {
    const ada = await subscriber('Ada Steps', 'ada-projects@example.com');
    const bob = await subscriber('Bob Steps', 'bob-projects@example.com');
    const before = (await get(ada.jar, '/api/progress')).json();
    const list = async (jar: Jar) => (await get(jar, '/api/projects')).json().projects[0];
    expect(await list(ada.jar)).toMatchObject({
      slug: 'vote-counter',
      title: 'A vote counter',
      after: 5,
      stepCount: 6,
      stepsSolved: 0,
    });

    // The step-1 starter and step 1's solution given to step 2 are refused by the server's check.
    const refused = await check(ada.jar, step(0).id, step(0).starter);
    expect(refused.json()).toMatchObject({ passed: false, progress: { solved: false } });
    expect((await check(ada.jar, step(1).id, step(0).solution)).json().passed).toBe(false);

    clock.advance(1_000);
    const first = await check(ada.jar, step(0).id, step(0).solution);
    expect(first.json()).toMatchObject({
      passed: true,
      progress: { exerciseId: 'p1-s1-one-vote', solved: true },
    });
    // A draft of step 2, as typing saves it.
    const draft = await t.app.inject({
      method: 'PUT',
      url: `/api/exercise-progress/${step(1).id}`,
      headers: browserHeaders(ada.jar),
      payload: { code: `${step(0).solution}votes = []\n` },
    });
    expect(draft.json()).toMatchObject({ exerciseId: 'p1-s2-many-votes', solved: false });
    const history = await get(ada.jar, `/api/user/${ada.userId}/code-history/${step(0).id}`);
    expect(history.json().versions.map((v: { passed: boolean }) => v.passed)).toEqual([
      true,
      false,
    ]);

    expect(await list(ada.jar)).toMatchObject({ stepsSolved: 1 });
    expect(await list(bob.jar)).toMatchObject({ stepsSolved: 0 });
    const saved = (await get(ada.jar, '/api/exercise-progress')).json().exercises;
    expect(saved.map((e: { exerciseId: string }) => e.exerciseId)).toEqual([
      'p1-s1-one-vote',
      'p1-s2-many-votes',
    ]);
    expect((await get(bob.jar, '/api/exercise-progress')).json().exercises).toEqual([]);

    // The course's figure counts the steps; the modules' exercise counts do not change.
    const after = (await get(ada.jar, '/api/progress')).json();
    // The course's own projects 2 and 3, when there, are counted beside it.
    expect(after.projects[0]).toEqual({
      number: 1,
      slug: 'vote-counter',
      stepsSolved: 1,
      stepCount: 6,
    });
    expect(after.overall.total).toBe(before.overall.total);
    expect(after.overall.done).toBe(before.overall.done + 1);
    const exercises = after.modules.reduce(
      (n: number, m: { exerciseCount: number }) => n + m.exerciseCount,
      0,
    );
    expect(exercises).toBe(61);
  });

  it('refuses a Check of a step id that is no step of the course with 404', async () => {
    const { jar } = await subscriber('Wrong Step', 'wrong-step-projects@example.com');
    const reply = await check(jar, 'p1-s9-no-such-step', 'print(1)');
    expect(reply.statusCode).toBe(404);
    expect(reply.json().error.message).toBe(
      'There is no exercise "p1-s9-no-such-step" in the course.',
    );
  });
});
