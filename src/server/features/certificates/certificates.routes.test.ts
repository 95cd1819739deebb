import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CERTIFICATE_COURSE } from '#shared/api/certificates.schema.ts';
import {
  browserHeaders,
  createTestApp,
  grantPaidAccess,
  signInWithDevLogin,
  testClock,
  type Jar,
  type TestApp,
} from '../../testing/test-app.ts';
import { personalDataOwners } from '../../personal-data.ts';
import { testContentWithProject } from '../../testing/projects.fixture.ts';
import { createPersonalData } from '../privacy/personal-data.service.ts';
import { createRetentionRepo } from '../privacy/retention.repo.ts';
import { createCertificatesRepo } from './certificates.repo.ts';
import { newCertificateId } from './certificates.service.ts';

describe('certificates', () => {
  let t: TestApp;
  const clock = testClock();
  let exerciseIds: string[] = [];
  let quizIds: string[] = [];
  /** Every step of every project (the test project is project 1, src/server/testing/projects/). */
  let stepIds: string[] = [];
  let projects: { title: string; summary: string }[] = [];

  beforeAll(async () => {
    const content = await testContentWithProject();
    t = await createTestApp({ deps: { clock, content } });
    exerciseIds = [...content.exerciseIds.values()].flat();
    quizIds = content.quizList.map((q) => q._id);
    stepIds = content.projects.flatMap((p) => p.steps.map((step) => step.id));
    projects = content.projects.map((p) => ({ title: p.title, summary: p.summary }));
  }, 60_000);
  beforeEach(() => clock.reset());
  afterAll(async () => {
    await t.close();
  });

  async function subscriber(name: string) {
    const { jar, user } = await signInWithDevLogin(t, name, `${randomUUID()}@example.com`);
    await grantPaidAccess(t.database.db, user._id, clock.now());
    return { jar, userId: user._id };
  }

  /** Progress written straight into the tables (the server-side checks have their own tests). */
  async function complete(
    userId: string,
    options: { verified?: boolean; skipExercise?: string; quizScore?: number } = {},
  ) {
    const now = clock.now().toISOString();
    const ids = [...exerciseIds, ...stepIds].filter((id) => id !== options.skipExercise);
    await t.database.db
      .insertInto('exercise_progress')
      .values(
        ids.map((id) => ({
          user_id: userId,
          exercise_id: id,
          code: '',
          solved_at: now,
          updated_at: now,
          verified_at: options.verified === false ? null : now,
        })),
      )
      .execute();
    await t.database.db
      .insertInto('quiz_attempts')
      .values(
        quizIds.map((quizId, i) => ({
          id: randomUUID(),
          user_id: userId,
          quiz_id: quizId,
          // The last quiz gets the score under test; the others pass comfortably.
          score: i === quizIds.length - 1 ? (options.quizScore ?? 100) : 90,
          answers: '[]',
          created_at: now,
        })),
      )
      .execute();
  }

  const status = (jar: Jar | null) =>
    t.app.inject({ method: 'GET', url: '/api/certificates/me', headers: browserHeaders(jar) });
  const issue = (jar: Jar | null, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/certificates',
      headers: browserHeaders(jar),
      payload: payload as Record<string, unknown>,
    });
  const withdraw = (jar: Jar | null, id: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/certificates/${id}/withdraw`,
      headers: browserHeaders(jar),
    });
  const publicApi = (id: string) => t.app.inject({ method: 'GET', url: `/api/certificates/${id}` });
  const publicPage = (id: string) => t.app.inject({ method: 'GET', url: `/certificates/${id}` });

  it('answers 401 without a session and 403 without course access', async () => {
    expect((await status(null)).statusCode).toBe(401);
    expect((await issue(null, { name: 'X' })).statusCode).toBe(401);
    expect((await withdraw(null, newCertificateId())).statusCode).toBe(401);
    const { jar } = await signInWithDevLogin(t, 'No Access', 'no-access@example.com');
    expect((await status(jar)).statusCode).toBe(403);
    expect((await issue(jar, { name: 'X' })).json().error.code).toBe('no_access');
  });

  it('is not offered until every exercise is server-verified and every quiz is at 70%', async () => {
    const fresh = await subscriber('Fresh Learner');
    const first = (await status(fresh.jar)).json();
    expect(first).toMatchObject({
      eligible: false,
      defaultName: 'Fresh Learner',
      certificate: null,
    });
    expect(first.exercises).toMatchObject({ verified: 0, total: exerciseIds.length });
    expect(first.modules).toHaveLength(15);
    expect((await issue(fresh.jar, { name: 'Fresh' })).json().error.code).toBe('not_complete');

    // Solved in the browser only (before the server checked): does not count.
    const browserOnly = await subscriber('Browser Only');
    await complete(browserOnly.userId, { verified: false });
    expect((await status(browserOnly.jar)).json().exercises.verified).toBe(0);

    const oneShort = await subscriber('One Short');
    await complete(oneShort.userId, { skipExercise: exerciseIds[3] });
    // An exercise the course has since replaced (issue 32) was verified too: it stands in for nothing.
    const now = clock.now().toISOString();
    await t.database.db
      .insertInto('exercise_progress')
      .values({
        user_id: oneShort.userId,
        exercise_id: 'm06-e2-receipt-line',
        code: '',
        solved_at: now,
        updated_at: now,
        verified_at: now,
      })
      .execute();
    const short = (await status(oneShort.jar)).json();
    expect(short.eligible).toBe(false);
    expect(short.exercises).toMatchObject({
      verified: exerciseIds.length - 1,
      total: exerciseIds.length,
    });
    expect(short.exercises.missing.map((e: { id: string }) => e.id)).toEqual([exerciseIds[3]]);
    expect((await issue(oneShort.jar, { name: 'One Short' })).statusCode).toBe(409);

    const lowQuiz = await subscriber('Low Quiz');
    await complete(lowQuiz.userId, { quizScore: 69 });
    const low = (await status(lowQuiz.jar)).json();
    expect(low.eligible).toBe(false);
    expect(low.quizzes.missing).toEqual([{ title: expect.any(String), bestScore: 69 }]);

    // Every exercise and quiz, but the test project's last step not yet checked by the server.
    const noProject = await subscriber('No Project');
    await complete(noProject.userId, { skipExercise: 'p1-s6-shares' });
    const building = (await status(noProject.jar)).json();
    expect(building.eligible).toBe(false);
    expect(building.exercises.missing).toEqual([]);
    expect(building.projects.missing).toEqual([
      { slug: 'vote-counter', title: 'A vote counter', stepsDone: 5, steps: 6 },
    ]);
    const refused = await issue(noProject.jar, { name: 'No Project' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toContain("every project's steps checked by the server");

    const ready = await subscriber('Ready Learner');
    await complete(ready.userId, { quizScore: 70 });
    expect((await status(ready.jar)).json().eligible).toBe(true);
  });

  it('rejects a bad name with 400 and a clear message', async () => {
    const { jar, userId } = await subscriber('Bad Names');
    await complete(userId);
    const empty = await issue(jar, { name: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toContain('type the name');
    expect((await issue(jar, { name: 'a'.repeat(81) })).json().error.message).toContain('80');
    expect((await issue(jar, { name: 'Two\nLines' })).json().error.message).toContain('control');
    expect((await issue(jar, {})).statusCode).toBe(400);
  });

  it('issues with the chosen name; the public page works signed out', async () => {
    const { jar, userId } = await subscriber('Account Name');
    await complete(userId);
    const issued = await issue(jar, { name: '  Ada <Lovelace>  ' });
    expect(issued.statusCode).toBe(201);
    const certificate = issued.json();
    expect(certificate).toMatchObject({ state: 'valid', name: 'Ada <Lovelace>' });
    expect(certificate.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(certificate.url).toBe(`http://localhost:3000/certificates/${certificate.id}`);
    expect((await status(jar)).json().certificate).toEqual(certificate);
    expect((await issue(jar, { name: 'Again' })).json().error.code).toBe('certificate_exists');
    // Two requests at once still leave one current certificate (the unique index decides).
    const racer = await subscriber('Racing Learner');
    await complete(racer.userId);
    const raced = await Promise.all([
      issue(racer.jar, { name: 'A' }),
      issue(racer.jar, { name: 'B' }),
    ]);
    expect(raced.map((r) => r.statusCode).sort()).toEqual([201, 409]);

    const api = await publicApi(certificate.id);
    expect(api.statusCode).toBe(200);
    const body = api.json();
    expect(body).toMatchObject({
      state: 'valid',
      name: 'Ada <Lovelace>',
      course: CERTIFICATE_COURSE,
      issuedAt: clock.now().toISOString(),
      verifiedByServer: true,
    });
    expect(body.modules).toHaveLength(15);
    // What it was issued for, kept with it: the projects with their one line each.
    expect(body.issuedFor).toEqual({
      exercises: exerciseIds.length,
      quizzes: quizIds.length,
      projects,
    });
    expect(body.issuedFor.projects[0]).toEqual({
      title: 'A vote counter',
      summary:
        "Counts the votes typed at the keyboard and names the winner with each name's share.",
    });
    // Nothing else about the learner: no e-mail, no account id, no scores.
    expect(JSON.stringify(body)).not.toContain(userId);
    expect(JSON.stringify(body)).not.toContain('@example.com');
    const linkedIn = new URL(body.linkedInUrl);
    expect(linkedIn.origin + linkedIn.pathname).toBe('https://www.linkedin.com/profile/add');
    expect(linkedIn.searchParams.get('certId')).toBe(certificate.id);
    expect(linkedIn.searchParams.get('certUrl')).toBe(certificate.url);

    const page = await publicPage(certificate.id);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(
      '<title>Ada &lt;Lovelace&gt;: certificate of completion | Indent</title>',
    );
    expect(page.body).toContain('<meta property="og:title" content="Ada &lt;Lovelace&gt;');
    expect(page.body).toContain(`<meta property="og:url" content="${certificate.url}" />`);
    expect(page.body).toContain('<div id="root"></div>');
    expect(page.body).toContain(`(15 modules, ${projects.length} program`);
  });

  it('lets the holder withdraw it; the page then says so, without the name', async () => {
    const holder = await subscriber('Withdrawing Holder');
    const other = await subscriber('Someone Else');
    await complete(holder.userId);
    const { id } = (await issue(holder.jar, { name: 'Withdrawing Holder' })).json();

    const notYours = await withdraw(other.jar, id);
    expect(notYours.statusCode).toBe(403);
    expect((await withdraw(holder.jar, 'not-an-id')).statusCode).toBe(400);
    expect((await withdraw(holder.jar, newCertificateId())).statusCode).toBe(404);

    const done = await withdraw(holder.jar, id);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ state: 'withdrawn', name: '' });
    const after = await publicApi(id);
    expect(after.headers['cache-control']).toBe('no-cache');
    expect(after.json()).toMatchObject({ state: 'withdrawn', name: null });
    const page = await publicPage(id);
    expect(page.body).toContain('<title>Certificate withdrawn | Indent</title>');
    expect(page.body).not.toContain('Withdrawing Holder');
    expect(page.body).toContain('noindex');
    // The holder may issue a new one afterwards, at a new address.
    const again = (await issue(holder.jar, { name: 'New Name' })).json();
    expect(again.id).not.toBe(id);
  });

  // Withdrawing needs a session, not access (a learner whose year has ended may still withdraw), so
  // a user without access is refused only another's certificate.
  it('lets a holder whose access has ended withdraw, and refuses a user without access', async () => {
    const holder = await subscriber('Ended Holder');
    await complete(holder.userId);
    const { id } = (await issue(holder.jar, { name: 'Ended Holder' })).json();
    const unpaid = await signInWithDevLogin(t, 'No Access', `${randomUUID()}@example.com`);
    const notYours = await withdraw(unpaid.jar, id);
    expect(notYours.statusCode).toBe(403);
    expect(notYours.json().error.code).toBe('forbidden');

    // The year ends (a session left alone for 366 days would have expired first), and the access
    // memo's second passes.
    await t.database.db
      .updateTable('orders')
      .set({ access_ends_at: clock.now().toISOString() })
      .where('user_id', '=', holder.userId)
      .execute();
    clock.advance(2_000);
    expect((await status(holder.jar)).json().error.code).toBe('no_access');
    const done = await withdraw(holder.jar, id);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ state: 'withdrawn', name: '' });
  });

  it('keeps a certificate issued before projects valid, saying what it was issued for', async () => {
    const { userId } = await subscriber('Early Learner');
    const id = newCertificateId();
    // As issued before migration 0012: no record of what it was issued for.
    await t.database.db
      .insertInto('certificates')
      .values({ id, user_id: userId, name: 'Early Learner', issued_at: clock.now().toISOString() })
      .execute();
    const body = (await publicApi(id)).json();
    expect(body).toMatchObject({ state: 'valid', name: 'Early Learner' });
    expect(body.issuedFor).toEqual({ exercises: null, quizzes: null, projects: null });
    const page = await publicPage(id);
    expect(page.body).toContain('(15 modules) on ');
    expect(page.body).not.toContain('built step by step');
  });

  it('says so when a certificate is revoked', async () => {
    const { jar, userId } = await subscriber('Revoked Holder');
    await complete(userId);
    const { id } = (await issue(jar, { name: 'Revoked Holder' })).json();
    const repo = createCertificatesRepo(t.database.db);
    expect(await repo.revoke(id, clock.now().toISOString(), 'copied solutions')).toBe(true);
    expect((await publicApi(id)).json()).toMatchObject({ state: 'revoked', name: null });
    expect((await publicPage(id)).body).toContain('<title>Certificate revoked | Indent</title>');
    expect((await status(jar)).json().certificate).toBeNull();
  });

  it('has ids nobody can guess: 128 random bits, unknown ids are 404, bad ones 400', async () => {
    const ids = new Set(Array.from({ length: 10_000 }, () => newCertificateId()));
    expect(ids.size).toBe(10_000);
    for (const id of [...ids].slice(0, 50)) {
      expect(Buffer.from(id, 'base64url')).toHaveLength(16);
    }
    const unknown = await publicApi(newCertificateId());
    expect(unknown.statusCode).toBe(404);
    expect((await publicPage(newCertificateId())).statusCode).toBe(404);
    expect((await publicApi('1')).statusCode).toBe(400);
    expect((await publicPage('../../etc/passwd')).statusCode).toBe(404);
  });

  it('keeps a certificate when the anonymizing job removes the account (decision 0015)', async () => {
    const { jar, userId } = await subscriber('Kept Holder');
    await complete(userId);
    const { id } = (await issue(jar, { name: 'Kept Holder' })).json();
    await createRetentionRepo(t.database.db, createPersonalData(personalDataOwners)).anonymize(
      [userId],
      clock.now().toISOString(),
    );
    expect((await publicApi(id)).json()).toMatchObject({ state: 'valid', name: 'Kept Holder' });
  });
});
