import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';
import { addDays, DAY_MS } from '../../platform/clock.ts';
import { insertPerson, testClock } from '../../testing/test-app.ts';
import { createAuthRequestsRepo } from '../auth/auth-requests.repo.ts';
import { createSessionsRepo } from '../auth/sessions.repo.ts';
import { FORMER_LEARNER_NAME } from '../auth/auth.personal-data.ts';
import { personalDataOwners } from '../../personal-data.ts';
import { createPersonalData } from './personal-data.service.ts';
import { createRetentionRepo } from './retention.repo.ts';
import { createRetentionService } from './retention.service.ts';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.destroy();
});

const clock = testClock(new Date('2030-06-15T12:00:00.000Z'));
beforeEach(() => clock.reset());
const daysAgo = (days: number) => new Date(clock.now().getTime() - days * DAY_MS).toISOString();
const quietLog = { info: () => undefined } as unknown as Parameters<
  typeof createRetentionService
>[0]['log'];

async function user(id: string, lastSignIn: string) {
  await insertPerson(t.db, {
    id,
    googleId: `google-${id}`,
    name: `Learner ${id}`,
    email: `${id}@example.com`,
    picture: 'https://example.com/p.png',
    at: lastSignIn,
  });
  await t.db
    .insertInto('quiz_attempts')
    .values({
      id: `attempt-${id}`,
      user_id: id,
      quiz_id: 'some-quiz',
      score: 80,
      answers: '["a"]',
      created_at: lastSignIn,
    })
    .execute();
  await t.db
    .insertInto('exercise_progress')
    .values({
      user_id: id,
      exercise_id: 'm01-e1',
      code: 'print(1)',
      solved_at: null,
      updated_at: lastSignIn,
    })
    .execute();
  await t.db
    .insertInto('lesson_visits')
    .values({
      user_id: id,
      module_number: 1,
      first_visited_at: lastSignIn,
      last_visited_at: lastSignIn,
    })
    .execute();
}

let orders = 0;
async function order(userId: string, paidAt: string, extra: { revokedAt?: string } = {}) {
  await t.db
    .insertInto('orders')
    .values({
      id: `order-${++orders}`,
      user_id: userId,
      provider: 'stripe',
      provider_session_id: `cs_${userId}_${paidAt}`,
      payment_intent_id: null,
      status: extra.revokedAt ? 'refunded' : 'paid',
      amount_cents: 48_900,
      currency: 'usd',
      created_at: paidAt,
      paid_at: paidAt,
      access_ends_at: addDays(new Date(paidAt), 365).toISOString(),
      revoked_at: extra.revokedAt ?? null,
      revoke_reason: extra.revokedAt ? 'refunded in full' : null,
    })
    .execute();
}

async function session(userId: string, expiresAt: string) {
  await t.db
    .insertInto('sessions')
    .values({
      token_hash: `hash-${userId}-${expiresAt}`,
      user_id: userId,
      created_at: daysAgo(40),
      expires_at: expiresAt,
      user_agent: null,
    })
    .execute();
}

const progressRows = async (userId: string) =>
  (
    await Promise.all(
      (['quiz_attempts', 'exercise_progress', 'lesson_visits', 'sessions'] as const).map((table) =>
        t.db.selectFrom(table).select('user_id').where('user_id', '=', userId).execute(),
      ),
    )
  ).flat().length;

describe(`retention (${process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  it('removes what the privacy policy says we stop keeping, and nothing else', async () => {
    // Access ended 13 months ago (bought 25 months ago), no sign-in since: anonymous.
    await user('ended-long-ago', daysAgo(400));
    await order('ended-long-ago', daysAgo(760));
    // Access ended 11 months ago: kept.
    await user('ended-recently', daysAgo(400));
    await order('ended-recently', daysAgo(700));
    // Refunded 13 months ago, a month after buying: anonymous (the refund ended the access).
    await user('refunded', daysAgo(430));
    await order('refunded', daysAgo(430), { revokedAt: daysAgo(400) });
    // Access running now, last sign-in long ago: kept.
    await user('active', daysAgo(380));
    await order('active', daysAgo(100));
    // Never bought, last signed in 13 months ago: anonymous; 11 months ago: kept.
    await user('never-paid-old', daysAgo(400));
    await user('never-paid-recent', daysAgo(330));
    // Old sign-in but a live session (still using the site): kept, and its expired session goes.
    await user('still-signed-in', daysAgo(400));
    await session('still-signed-in', addDays(clock.now(), 20).toISOString());
    await session('still-signed-in', daysAgo(1));
    // An order from more than 7 years ago, with its webhook event: both go.
    await user('long-gone', daysAgo(3000));
    await order('long-gone', daysAgo(7 * 365 + 10));
    await t.db
      .insertInto('payment_events')
      .values([
        { id: 'evt_old', type: 'checkout.session.completed', processed_at: daysAgo(7 * 365 + 10) },
        { id: 'evt_new', type: 'checkout.session.completed', processed_at: daysAgo(100) },
      ])
      .execute();
    await t.db
      .insertInto('auth_requests')
      .values(
        [daysAgo(1), addDays(clock.now(), 1).toISOString()].map((expiresAt, i) => ({
          state: `state-${i}`,
          code_verifier: 'v',
          nonce: 'n',
          return_to: null,
          action: null,
          dev_code: null,
          dev_profile: null,
          created_at: daysAgo(2),
          expires_at: expiresAt,
        })),
      )
      .execute();

    const retention = createRetentionService({
      repo: createRetentionRepo(t.db, createPersonalData(personalDataOwners)),
      sessions: createSessionsRepo(t.db),
      authRequests: createAuthRequestsRepo(t.db),
      clock,
      log: quietLog,
    });
    const report = await retention.runOnce();
    expect(report).toEqual({ sessions: 1, authRequests: 1, accounts: 4, orders: 1, events: 1 });

    const users = await t.db
      .selectFrom('users')
      .select(['id', 'name', 'email', 'picture', 'google_id', 'anonymized_at'])
      .orderBy('id')
      .execute();
    const anonymous = users.filter((u) => u.anonymized_at !== null).map((u) => u.id);
    expect(anonymous).toEqual(['ended-long-ago', 'long-gone', 'never-paid-old', 'refunded']);
    for (const u of users.filter((row) => row.anonymized_at !== null)) {
      expect(u).toMatchObject({
        name: FORMER_LEARNER_NAME,
        email: '',
        picture: null,
        google_id: `removed:${u.id}`,
        anonymized_at: clock.now().toISOString(),
      });
      expect(await progressRows(u.id)).toBe(0);
    }
    for (const kept of ['ended-recently', 'active', 'never-paid-recent', 'still-signed-in']) {
      expect(users.find((u) => u.id === kept)).toMatchObject({ name: `Learner ${kept}` });
      expect(await progressRows(kept)).toBeGreaterThanOrEqual(3);
    }
    // Order records outlive the account, but not the keeping period.
    const kept = await t.db.selectFrom('orders').select('user_id').orderBy('user_id').execute();
    expect(kept.map((o) => o.user_id)).toEqual([
      'active',
      'ended-long-ago',
      'ended-recently',
      'refunded',
    ]);
    const events = await t.db.selectFrom('payment_events').select('id').execute();
    expect(events).toEqual([{ id: 'evt_new' }]);

    // Running again changes nothing.
    expect(await retention.runOnce()).toEqual({
      sessions: 0,
      authRequests: 0,
      accounts: 0,
      orders: 0,
      events: 0,
    });
  });
});
