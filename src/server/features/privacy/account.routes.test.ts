import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { personalDataOwners } from '../../personal-data.ts';
import { headers, signIn, type Jar } from '../../testing/billing-helpers.ts';
import { leftovers, rowsWith } from '../../testing/personal-data.fixture.ts';
import { createTestApp, testClock, type TestApp } from '../../testing/test-app.ts';

// The learner's own export, sign-out elsewhere and deletion (decision 0027), on the real app.

let t: TestApp;
const clock = testClock();
beforeEach(() => clock.reset());
beforeAll(async () => {
  t = await createTestApp({ deps: { clock } });
});
afterAll(async () => {
  await t.close();
});

let n = 0;
async function learner() {
  n += 1;
  const email = `account${n}@example.com`;
  const name = `Account Learner ${n}`;
  const { jar, user } = await signIn(t, name, email);
  return { jar, id: user._id, email, name };
}

const call = (method: 'GET' | 'POST', url: string, jar: Jar | null, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: jar ? headers(jar) : { origin: 'http://localhost:3000' },
    ...(payload ? { payload } : {}),
  });

describe('account endpoints', () => {
  it('answer 401 without a user', async () => {
    for (const [method, url] of [
      ['GET', '/api/account/export'],
      ['GET', '/api/account/sessions'],
      ['POST', '/api/account/sessions/end-others'],
      ['POST', '/api/account/delete'],
    ] as const) {
      const res = await call(method, url, null, { email: 'x@example.com', certificate: 'keep' });
      expect(res.statusCode, url).toBe(401);
    }
  });

  it("export answers the learner's own data as a download, never another's", async () => {
    const a = await learner();
    const b = await learner();
    const res = await call('GET', '/api/account/export', a.jar);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="indent-data-/);
    const document = res.json<Record<string, unknown>>();
    expect(document.README).toMatch(/^Everything Indent holds about you/);
    expect(document.profile).toMatchObject({ email: a.email, name: a.name });
    expect(res.body).not.toContain(b.email);
  });

  it('counts other sessions and ends them, keeping this one', async () => {
    const a = await learner();
    const elsewhere = await signIn(t, a.name, a.email);
    const b = await learner();
    expect((await call('GET', '/api/account/sessions', a.jar)).json()).toEqual({ others: 1 });
    const ended = await call('POST', '/api/account/sessions/end-others', a.jar);
    expect(ended.json()).toEqual({ others: 1 });
    expect((await call('GET', '/api/account/sessions', elsewhere.jar)).statusCode).toBe(401);
    expect((await call('GET', '/api/account/sessions', a.jar)).json()).toEqual({ others: 0 });
    // Another learner's sessions are not touched.
    expect((await call('GET', '/api/account/sessions', b.jar)).statusCode).toBe(200);
  });

  it('refuses a delete with a wrong or missing e-mail or certificate choice, erasing nothing', async () => {
    const a = await learner();
    for (const body of [
      { email: 'someone-else@example.com', certificate: 'keep' },
      { email: '', certificate: 'keep' },
      { email: a.email, certificate: 'maybe' },
      { email: a.email },
    ]) {
      const res = await call('POST', '/api/account/delete', a.jar, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<{ error: { message: string } }>().error.message).not.toBe('');
    }
    const wrong = await call('POST', '/api/account/delete', a.jar, {
      email: 'someone-else@example.com',
      certificate: 'keep',
    });
    expect(wrong.json()).toMatchObject({ error: { code: 'email_mismatch' } });
    expect((await call('GET', '/api/account/sessions', a.jar)).statusCode).toBe(200);
    expect(await rowsWith(t.database.db, 'users', 'email', a.email)).toBe(1);
  });

  it('deletes at once: every session ends, the data goes, one mail confirms, a new sign-in is new', async () => {
    const a = await learner();
    const elsewhere = await signIn(t, a.name, a.email);
    const b = await learner();
    const res = await call('POST', '/api/account/delete', a.jar, {
      email: a.email.toUpperCase(),
      certificate: 'withdraw',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ deleted: true, signOut: true });
    expect(String(res.headers['set-cookie'])).toMatch(/indent_session=;/);
    for (const jar of [a.jar, elsewhere.jar]) {
      expect((await call('GET', '/api/account/sessions', jar)).statusCode).toBe(401);
    }
    // The one row left is the farewell mail, until it is sent and its 90 days pass.
    const mails = await t.database.db
      .selectFrom('mail_outbox')
      .select(['kind', 'to_address'])
      .where('user_id', '=', a.id)
      .execute();
    expect(mails).toEqual([{ kind: 'account_deleted', to_address: a.email }]);
    const left = await leftovers(t.database.db, personalDataOwners, { ...a });
    expect(left.filter((l) => !l.startsWith('mail_outbox.'))).toEqual([]);
    // The wrong user: another learner is untouched.
    expect((await call('GET', '/api/account/sessions', b.jar)).statusCode).toBe(200);
    // Signing in again with the same Google account starts a new, empty account.
    const again = await signIn(t, a.name, a.email);
    expect(again.user._id).not.toBe(a.id);
    const fresh = await call('GET', '/api/account/export', again.jar);
    expect(fresh.json()).toMatchObject({ quiz_attempts: [], exercise_progress: [], orders: [] });
  });
});
