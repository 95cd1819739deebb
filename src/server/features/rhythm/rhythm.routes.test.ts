import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../platform/clock.ts';
import {
  browserHeaders,
  createTestApp,
  grantPaidAccess,
  signInWithDevLogin,
  testClock,
  testContent,
  type Jar,
  type TestApp,
} from '../../testing/test-app.ts';
import { addCalendarDays, canonicalTimeZone, localDay, mondayOf } from './calendar.ts';
import { streakOf } from './rhythm.service.ts';

describe('calendar days in a zone', () => {
  it('finds the local day and its Monday, across daylight-saving changes', () => {
    const instant = new Date('2026-03-01T12:00:00Z');
    expect(localDay(instant, 'Pacific/Auckland')).toBe('2026-03-02');
    expect(localDay(instant, 'America/Los_Angeles')).toBe('2026-03-01');
    expect(mondayOf('2026-03-01')).toBe('2026-02-23'); // a Sunday
    expect(mondayOf('2026-03-02')).toBe('2026-03-02');
    // Los Angeles moves its clocks on 2026-03-08; days still step one at a time.
    expect(addCalendarDays('2026-03-07', 2)).toBe('2026-03-09');
    expect(canonicalTimeZone('Mars/Olympus')).toBeUndefined();
    expect(canonicalTimeZone('+01:00')).toBeUndefined();
    expect(canonicalTimeZone('UTC')).toBe('UTC');
  });

  it('counts a streak up to last week, and this week once it meets the goal', () => {
    const days = ['2026-02-16', '2026-02-24', '2026-02-25', '2026-03-03'];
    expect(streakOf(days, '2026-03-02', 1)).toBe(3);
    expect(streakOf(days, '2026-03-09', 1)).toBe(3); // this week not met yet: no break
    expect(streakOf(days, '2026-03-16', 1)).toBe(0); // last week missed
    expect(streakOf(days, '2026-03-02', 2)).toBe(1); // this week short so far, last week had 2
    expect(streakOf(days, '2026-03-09', 2)).toBe(0); // the week of 2 March ended with 1
  });
});

describe('the weekly rhythm', () => {
  let t: TestApp;
  const clock = testClock(); // 2026-03-01T12:00Z: Sunday in Los Angeles, Monday in Auckland
  beforeAll(async () => {
    t = await createTestApp({ deps: { clock } });
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(() => clock.reset());

  async function subscriber(name: string, email: string) {
    const { jar, user } = await signInWithDevLogin(t, name, email);
    await grantPaidAccess(t.database.db, user._id, clock.now());
    return { jar, userId: user._id };
  }
  const get = (jar: Jar | null, userId: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/user/${userId}/rhythm`,
      headers: browserHeaders(jar),
    });
  const put = (jar: Jar | null, userId: string, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/user/${userId}/rhythm`,
      headers: browserHeaders(jar),
      payload,
    });
  const openLesson = (jar: Jar) =>
    t.app.inject({ method: 'GET', url: '/api/lessons/module1', headers: browserHeaders(jar) });

  it('answers 401 to a visitor, 403 without access and 403 for another learner', async () => {
    expect((await get(null, 'x')).statusCode).toBe(401);
    expect((await put(null, 'x', { goalDays: 2 })).statusCode).toBe(401);
    const unpaid = await signInWithDevLogin(t, 'No Access', 'unpaid-rhythm@example.com');
    expect((await get(unpaid.jar, unpaid.user._id)).statusCode).toBe(403);
    const unpaidPut = await put(unpaid.jar, unpaid.user._id, { goalDays: 2 });
    expect(unpaidPut.statusCode).toBe(403);
    expect(unpaidPut.json().error.code).toBe('no_access');
    const a = await subscriber('Ann', 'ann-rhythm@example.com');
    const b = await subscriber('Bob', 'bob-rhythm@example.com');
    expect((await get(a.jar, b.userId)).statusCode).toBe(403);
    expect((await put(a.jar, b.userId, { goalDays: 2 })).statusCode).toBe(403);
  });

  it('checks the goal and the zone on the server', async () => {
    const { jar, userId } = await subscriber('Zed', 'zed-rhythm@example.com');
    const fresh = (await get(jar, userId)).json();
    expect(fresh).toMatchObject({
      goalDays: 3,
      timeZone: 'UTC',
      timeZoneSet: false,
      streakWeeks: 0,
    });
    const eight = await put(jar, userId, { goalDays: 8 });
    expect(eight.statusCode).toBe(400);
    expect(eight.json().error.message).toMatch(/goalDays: must be 1 to 7/);
    const mars = await put(jar, userId, { timeZone: 'Mars/Olympus' });
    expect(mars.statusCode).toBe(400);
    expect(mars.json().error).toMatchObject({ code: 'unknown_time_zone' });
    expect(mars.json().error.message).toMatch(/IANA/);
    expect((await put(jar, userId, {})).statusCode).toBe(400);
    const set = await put(jar, userId, { goalDays: 5, timeZone: 'Europe/Berlin' });
    expect(set.json()).toMatchObject({ goalDays: 5, timeZone: 'Europe/Berlin', timeZoneSet: true });
  });

  it('puts study days and week boundaries in each learner’s own zone', async () => {
    const kiwi = await subscriber('Kiri', 'kiri-rhythm@example.com');
    const angeleno = await subscriber('Lou', 'lou-rhythm@example.com');
    await put(kiwi.jar, kiwi.userId, { goalDays: 2, timeZone: 'Pacific/Auckland' });
    await put(angeleno.jar, angeleno.userId, { goalDays: 2, timeZone: 'America/Los_Angeles' });

    // The same two instants: Monday and Tuesday in Auckland, Sunday and Monday in Los Angeles.
    await openLesson(kiwi.jar);
    await openLesson(angeleno.jar);
    clock.advance(DAY_MS);
    await openLesson(kiwi.jar);
    await openLesson(angeleno.jar);

    const k = (await get(kiwi.jar, kiwi.userId)).json();
    expect(k.today).toBe('2026-03-03');
    expect(k.days[0]).toEqual({ date: '2026-03-02', studied: true });
    expect(k.days.filter((d: { studied: boolean }) => d.studied)).toHaveLength(2);
    expect(k).toMatchObject({ studiedThisWeek: 2, streakWeeks: 1 });

    const l = (await get(angeleno.jar, angeleno.userId)).json();
    expect(l.today).toBe('2026-03-02');
    expect(l).toMatchObject({ studiedThisWeek: 1, streakWeeks: 0 });

    // With a goal of one day, Los Angeles has met it in two weeks in a row.
    expect((await put(angeleno.jar, angeleno.userId, { goalDays: 1 })).json().streakWeeks).toBe(2);
    // A week later, with nothing yet this week, the streak holds; a week after that it is gone.
    clock.advance(7 * DAY_MS);
    expect((await get(angeleno.jar, angeleno.userId)).json().streakWeeks).toBe(2);
    clock.advance(7 * DAY_MS);
    expect((await get(angeleno.jar, angeleno.userId)).json().streakWeeks).toBe(0);
  });

  it('counts a quiz answered as a study day, once per day', async () => {
    const { jar, userId } = await subscriber('Quinn', 'quinn-rhythm@example.com');
    const content = await testContent();
    const quiz = content.quizList[0]?._id ?? '';
    const size = content.quizzes.get(quiz)?.questions.length ?? 0;
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/submit-quiz',
        headers: browserHeaders(jar),
        payload: { userId, quizId: quiz, answers: Array.from({ length: size }, () => '') },
      });
      expect(res.statusCode).toBe(200);
    }
    const rhythm = (await get(jar, userId)).json();
    expect(rhythm.studiedThisWeek).toBe(1);
    expect(rhythm.days[6]).toEqual({ date: '2026-03-01', studied: true });
  });
});
