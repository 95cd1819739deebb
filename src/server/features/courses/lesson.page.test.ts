import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiUserSchema } from '#shared/api/user.schema.ts';
import { APP_BOOT_ID, readAppBoot } from '#shared/page-boot.ts';
import {
  browserHeaders as headers,
  createTestApp,
  fakeClientDir,
  grantPaidAccess,
  signInWithDevLogin,
  testClock,
  testContent,
  type Jar,
  type TestApp,
} from '../../testing/test-app.ts';
import type { CourseContent } from '../../content/course-content.ts';
import { PAGE_RENDER_DIR } from './lesson.page.ts';

/*
 * GET /dashboard/lessons/:module drawn on the server for a subscriber (decision 0023): who gets the
 * lesson's text in the HTML, and what the page carries. The drawing itself is the client's
 * (src/client/entry-server.tsx, whose hydration app-root.test.tsx checks, and the browser journeys
 * run on the real build); here a small stand-in bundle draws, so these tests need no Vite build.
 */

const SHELL = '<!doctype html><title>Indent</title><div id="root"></div>';
const DRAWN_TEMPLATE =
  '<!doctype html><html><head><title>Indent</title>' +
  `<script type="application/json" id="${APP_BOOT_ID}">{"start":"/assets/start-1.js","chunks":["/assets/lesson-1.js"]}</script>` +
  '</head><body><div id="root"></div></body></html>';
const STAND_IN = `export async function renderLesson(path, user, lesson) {
  const who = JSON.parse(user);
  return {
    html: '<main data-path="' + path + '" data-for="' + who._id + '"><h1>' + lesson.module.title + '</h1>' + lesson.html + '</main>',
    meta: { title: lesson.module.title + ' Lesson | Indent' },
    status: 200,
  };
}
`;

function builtClientDir(): string {
  const dir = fakeClientDir();
  mkdirSync(join(dir, 'app-shell'));
  writeFileSync(join(dir, 'app-shell', 'lesson.html'), SHELL);
  mkdirSync(join(dir, PAGE_RENDER_DIR), { recursive: true });
  writeFileSync(join(dir, PAGE_RENDER_DIR, 'lesson.html'), DRAWN_TEMPLATE);
  writeFileSync(join(dir, PAGE_RENDER_DIR, 'entry-server.js'), STAND_IN);
  return dir;
}

let t: TestApp;
let content: CourseContent;
const clock = testClock();
beforeEach(() => clock.reset());

beforeAll(async () => {
  content = await testContent();
  t = await createTestApp({ env: { CLIENT_DIR: builtClientDir() }, deps: { clock } });
});
afterAll(async () => {
  await t.close();
});

const page = (jar: Jar | null, path = '/dashboard/lessons/module3', encoding = 'identity') =>
  t.app.inject({
    method: 'GET',
    url: path,
    headers: { ...headers(jar), accept: 'text/html', 'accept-encoding': encoding },
  });

/** A sentence of module 3's lesson text, to look for in a page. */
function lessonText(): string {
  const html = content.lessons.get(3)?.html ?? '';
  const sentence = /<p>([^<]{40,})<\/p>/.exec(html)?.[1];
  if (!sentence) throw new Error('module 3 has no plain paragraph');
  return sentence;
}

function bootOf(html: string) {
  const block = new RegExp(`id="${APP_BOOT_ID}">(.*?)</script>`).exec(html)?.[1];
  return readAppBoot(block);
}

describe('a lesson page drawn on the server', () => {
  it('carries the lesson’s text, title and learner for a subscriber, and no cache may keep it', async () => {
    const { jar, user } = await signInWithDevLogin(t, 'Ada Lovelace', 'ada.drawn@example.com');
    await grantPaidAccess(t.database.db, user._id, clock.now());

    const res = await page(jar);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body).toContain(lessonText());
    expect(res.body).toContain(`data-path="/dashboard/lessons/module3" data-for="${user._id}"`);
    expect(res.body).toContain(
      `<title>${content.lessons.get(3)?.module.title} Lesson | Indent</title>`,
    );
    const boot = bootOf(res.body);
    expect(boot).toMatchObject({ start: '/assets/start-1.js', chunks: ['/assets/lesson-1.js'] });
    // What the app hydrates with, asked for once the page has painted.
    expect(boot?.data).toEqual(['/api/lessons/module3', '/api/exercise-progress']);
    // The learner as GET /api/user/:googleId presents them: what the app then keeps on the device.
    const drawnFor = apiUserSchema.parse(JSON.parse(boot?.user ?? 'null'));
    expect(drawnFor).toMatchObject({
      _id: user._id,
      googleId: user.googleId,
      name: 'Ada Lovelace',
    });
    expect(drawnFor.stripeSubscriptionId).toBeTruthy();
  });

  it('keeps a name that looks like markup inside its boot block', async () => {
    const name = 'Eve </script><script>alert(1)</script> <!--';
    const { jar, user } = await signInWithDevLogin(t, name, 'eve.drawn@example.com');
    await grantPaidAccess(t.database.db, user._id, clock.now());

    const res = await page(jar);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<script>alert(1)');
    expect(res.body).not.toContain('<!--');
    expect(JSON.parse(bootOf(res.body)?.user ?? 'null')).toMatchObject({ name });
  });

  it('is sent compressed to a browser that accepts brotli', async () => {
    const { jar, user } = await signInWithDevLogin(t, 'Brotli Reader', 'br.drawn@example.com');
    await grantPaidAccess(t.database.db, user._id, clock.now());

    const res = await page(jar, '/dashboard/lessons/module3', 'gzip, deflate, br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toContain('Accept-Encoding');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain(lessonText());
  });

  it('is the app shell, with no lesson text, for a visitor and for a learner without access', async () => {
    const visitor = await page(null);
    expect(visitor.statusCode).toBe(200);
    expect(visitor.body).toBe(SHELL);

    const { jar } = await signInWithDevLogin(t, 'Not Yet', 'notyet.drawn@example.com');
    const unpaid = await page(jar);
    expect(unpaid.statusCode).toBe(200);
    expect(unpaid.body).toBe(SHELL);
  });

  it('is the app shell for a learner whose year of access is over', async () => {
    const { jar, user } = await signInWithDevLogin(t, 'Year Over', 'over.drawn@example.com');
    const aYearAndADayAgo = new Date(clock.now().getTime() - 366 * 24 * 60 * 60 * 1000);
    await grantPaidAccess(t.database.db, user._id, aYearAndADayAgo);

    const res = await page(jar);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(SHELL);
  });

  it('answers paths that are no lesson as every other such path, and never serves its bundle', async () => {
    const { jar, user } = await signInWithDevLogin(t, 'Path Tester', 'paths.drawn@example.com');
    await grantPaidAccess(t.database.db, user._id, clock.now());

    for (const path of [
      '/dashboard/lessons/module16',
      '/dashboard/lessons/module0',
      '/dashboard/lessons/x',
      `/dashboard/lessons/module3${'3'.repeat(60)}`,
    ]) {
      const res = await page(jar, path);
      expect(res.statusCode, path).toBe(404);
      expect(res.body, path).not.toContain(lessonText());
    }
    const bundle = await page(jar, `/${PAGE_RENDER_DIR}/entry-server.js`);
    expect(bundle.statusCode).toBe(404);
    expect(bundle.body).not.toContain('renderLesson');
  });
});
