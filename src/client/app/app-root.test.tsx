// @vitest-environment jsdom
import { act, cleanup, screen } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LessonReply } from '#shared/api/lesson.schema.ts';
import { USER_STORAGE_KEY } from '#client/features/auth/auth-context.tsx';
import { renderLesson } from '#client/entry-server.tsx';
import { fakeApi, subscriber, type ApiCall } from '#client/testing/render-page.tsx';
import { appRoot, drawnLesson, loadCurrentRoutes } from './app-root.tsx';

/*
 * A lesson the server draws for a subscriber (decision 0023) must hydrate as it is: a mismatch would
 * make React throw the server's markup away and draw the page again, which a learner sees as a flash
 * and the journeys would not notice.
 */

const lesson: LessonReply = {
  module: {
    number: 3,
    title: 'Making Decisions',
    recapHtml: ['<p><code>if</code> runs a block only when its condition is true.</p>'],
    nextHtml: '<p>Next: loops.</p>',
    quizzes: [{ slug: 'making-decisions', title: 'Making Decisions', questionCount: 10 }],
    following: { number: 4, title: 'Functions' },
  },
  html:
    '<h2 id="if">if</h2><p>A program chooses with <code>if</code>.</p>' +
    '<div class="code-block" data-code-block="0"><pre><code>print("yes")</code></pre>' +
    '<button type="button" data-copy>Copy</button></div>',
  codeBlocks: [{ index: 0, code: 'print("yes")\n', kind: 'run' }],
  exercises: [
    {
      id: 'm03-e1-sign',
      title: 'The sign of a number',
      promptHtml: '<p>Print <code>positive</code> when the number is above zero.</p>',
      starter: 'number = 5\n',
      solution: 'number = 5\nif number > 0:\n    print("positive")\n',
      hints: ['Compare with `0`.'],
      check: { stdout: 'positive\n' },
    },
  ],
};
const path = '/dashboard/lessons/module3';
const storedUser = JSON.stringify(subscriber);

let calls: ApiCall[];
let root: Root | undefined;

beforeEach(() => {
  // What jsdom lacks and the layout's effects use.
  vi.stubGlobal(
    'ResizeObserver',
    // The whole interface: a code block removed while the page is torn down is unobserved.
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addEventListener() {},
    removeEventListener() {},
  }));
  window.scrollTo = () => undefined;
  window.history.replaceState(null, '', path);
  localStorage.clear();
  calls = fakeApi({
    'GET /api/lessons/module3': () => lesson,
    'GET /api/exercise-progress': () => ({ exercises: [] }),
    [`GET /api/user/${subscriber.googleId}`]: () => subscriber,
    'GET /api/modules': () => [],
    'POST /api/client-errors': () => ({ ok: true }),
  });
});

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  cleanup();
  document.body.replaceChildren();
  vi.unstubAllGlobals();
});

describe('a lesson drawn on the server for a subscriber', () => {
  it('is hydrated as drawn, with no mismatch, by the same subscriber', async () => {
    const drawn = await renderLesson(path, storedUser, lesson);
    expect(drawn.status).toBe(200);
    expect(drawn.meta?.title).toBe('Making Decisions Lesson | Indent');
    expect(drawn.html).toContain('A program chooses with <code>if</code>.');
    expect(drawn.html).toContain('Log Out');

    const container = document.createElement('div');
    container.innerHTML = drawn.html;
    document.body.append(container);
    const heading = container.querySelector('h1');
    localStorage.setItem(USER_STORAGE_KEY, storedUser);

    const drawnWith = await drawnLesson(storedUser);
    expect(drawnWith).toBeDefined();
    await loadCurrentRoutes();
    const mismatches: unknown[] = [];
    await act(async () => {
      root = hydrateRoot(container, appRoot(undefined, drawnWith), {
        onRecoverableError: (error) => mismatches.push(error),
      });
    });

    expect(mismatches).toEqual([]);
    // Hydrated, not drawn again: the very element the server sent is still the page's heading.
    expect(container.querySelector('h1')).toBe(heading);
    expect(screen.getByRole('heading', { level: 1, name: 'Making Decisions' })).toBeDefined();
    // The lesson was asked for once (for the hydration), not again by the page.
    expect(calls.filter((call) => call.path === '/api/lessons/module3')).toHaveLength(1);
  });

  it('is drawn afresh on a device that holds someone else, or nobody', async () => {
    localStorage.setItem(
      USER_STORAGE_KEY,
      JSON.stringify({ ...subscriber, _id: 'u2', googleId: 'g2', name: 'Grace' }),
    );
    expect(await drawnLesson(storedUser)).toBeUndefined();
    expect(JSON.parse(localStorage.getItem(USER_STORAGE_KEY) ?? 'null')).toMatchObject({
      googleId: 'g2',
    });

    localStorage.clear();
    expect(await drawnLesson(storedUser)).toBeUndefined();
    expect(localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
  });

  it('keeps the server’s copy of the learner when the device’s is older', async () => {
    const { stripeSubscriptionId: _bought, ...beforeBuying } = subscriber;
    localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(beforeBuying));
    expect(await drawnLesson(storedUser)).toBeDefined();
    expect(localStorage.getItem(USER_STORAGE_KEY)).toBe(storedUser);
  });

  it('is drawn afresh when the lesson cannot be had any more (signed out meanwhile)', async () => {
    fakeApi({});
    localStorage.setItem(USER_STORAGE_KEY, storedUser);
    expect(await drawnLesson(storedUser)).toBeUndefined();
  });
});
