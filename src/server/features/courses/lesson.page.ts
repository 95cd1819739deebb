import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { LessonReply } from '#shared/api/lesson.schema.ts';
import type { ApiUser } from '#shared/api/user.schema.ts';
import { earlyRequestsFor } from '#shared/early-data.ts';
import { escapeHtml } from '#shared/html.ts';
import { APP_BOOT_ID, appBootBlock, readAppBoot } from '#shared/page-boot.ts';

/*
 * A subscriber's lesson drawn on the server (decision 0023): the lesson's text is in the HTML, so it
 * shows before any script has arrived, and the app hydrates it. The drawing is the client's own
 * (src/client/entry-server.tsx, built by scripts/prerender.ts beside the client, where nothing
 * serves it) in the page that build wrote for it: styles inline, and the scripts and the lesson's
 * data (which the app hydrates with) asked for only after the first paint.
 */

/** Where scripts/prerender.ts leaves the server's drawing bundle and the page it fills in. */
export const PAGE_RENDER_DIR = '.vite/page-render';

/** What the drawing bundle exports (src/client/entry-server.tsx's renderLesson). */
type RenderLesson = (
  path: string,
  user: string,
  lesson: LessonReply,
) => Promise<{ html: string; meta: { title: string } | null; status: number }>;

export interface LessonPage {
  /** The lesson page at `path` as `user` sees it. */
  html(path: string, user: ApiUser, lesson: LessonReply): Promise<string>;
}

const EMPTY_ROOT = '<div id="root"></div>';
const BOOT_BLOCK = new RegExp(`<script type="application/json" id="${APP_BOOT_ID}">(.*?)</script>`);

/**
 * The lesson page of the build in `clientDir`, or null when there is none (no build, as in the
 * server tests and the development server): lessons are then the app shell, drawn in the browser.
 */
export async function loadLessonPage(clientDir: string): Promise<LessonPage | null> {
  const dir = join(resolve(clientDir), PAGE_RENDER_DIR);
  const templateFile = join(dir, 'lesson.html');
  const bundleFile = join(dir, 'entry-server.js');
  if (!existsSync(templateFile) || !existsSync(bundleFile)) return null;

  const template = readFileSync(templateFile, 'utf8');
  const boot = readAppBoot(BOOT_BLOCK.exec(template)?.[1]);
  if (!boot || !template.includes(EMPTY_ROOT)) {
    throw new Error(`${templateFile} lacks its boot block or an empty #root: run npm run build.`);
  }
  const bundle: unknown = await import(pathToFileURL(bundleFile).href);
  const renderLesson = (bundle as { renderLesson?: unknown }).renderLesson;
  if (typeof renderLesson !== 'function') {
    throw new Error(`${bundleFile} does not export renderLesson: run npm run build.`);
  }
  const render = renderLesson as RenderLesson;

  return {
    async html(path, user, lesson) {
      // The user as the app keeps it in localStorage: the page is drawn for them, and hydrated so.
      const stored = JSON.stringify(user);
      const drawn = await render(path, stored, lesson);
      if (drawn.status !== 200 || !drawn.meta) {
        throw new Error(`${path} was drawn with status ${drawn.status} and no title`);
      }
      const title = drawn.meta.title;
      // Replaced by functions: a `$` in the lesson's text must not be read as a replacement pattern.
      return template
        .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`)
        .replace(BOOT_BLOCK, () =>
          appBootBlock({ ...boot, user: stored, data: earlyRequestsFor(path, user._id) }),
        )
        .replace(EMPTY_ROOT, () => `<div id="root">${drawn.html}</div>`);
    },
  };
}
