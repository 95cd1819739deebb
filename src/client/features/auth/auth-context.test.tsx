// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, subscriber } from '#client/testing/render-page.tsx';
import { AuthProvider, USER_STORAGE_KEY, useAuth } from './auth-context.tsx';

/*
 * Issue 40: the re-fetch of the stored user on start (SPEC 4) replaces it only with a valid user;
 * a failure leaves it unchanged, and a page being left changes nothing.
 */

function Who() {
  const { user } = useAuth();
  return <p>{user ? `Signed in as ${user.name}` : 'Nobody'}</p>;
}

const stored = JSON.stringify(subscriber);
const userPath = `GET /api/user/${subscriber.googleId}`;

/** Renders the provider and lets its start-up re-fetch settle. */
async function start() {
  render(
    <AuthProvider>
      <Who />
    </AuthProvider>,
  );
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

beforeEach(() => {
  localStorage.setItem(USER_STORAGE_KEY, stored);
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
  window.dispatchEvent(new Event('pageshow'));
});

describe('the re-fetch of the stored user', () => {
  it('replaces the stored user with the server’s answer', async () => {
    const calls = fakeApi({ [userPath]: () => ({ ...subscriber, name: 'Ada Renamed' }) });
    await start();
    expect(calls.map((c) => c.path)).toEqual([`/api/user/${subscriber.googleId}`]);
    expect(JSON.parse(localStorage.getItem(USER_STORAGE_KEY) ?? 'null')).toMatchObject({
      name: 'Ada Renamed',
    });
    expect(screen.getByText('Signed in as Ada Renamed')).toBeTruthy();
  });

  it.each([
    ['null', () => null],
    ['an empty object', () => ({})],
    ['a user without an e-mail', () => ({ ...subscriber, email: undefined })],
    ['somebody else', () => ({ ...subscriber, googleId: 'g-other' })],
    ['an empty body', () => new Response('', { status: 200 })],
    ['a cut-off body', () => new Response('{"_id":"u1","googleId":"g1","na', { status: 200 })],
  ])('keeps the stored user when the answer is %s', async (_kind, reply) => {
    fakeApi({ [userPath]: reply });
    await start();
    expect(localStorage.getItem(USER_STORAGE_KEY)).toBe(stored);
    expect(screen.getByText('Signed in as Ada Learner')).toBeTruthy();
  });

  it('signs the person out when the server no longer knows the session', async () => {
    fakeApi({
      [userPath]: () =>
        Response.json(
          { error: { code: 'unauthorized', message: 'Please sign in.' } },
          { status: 401 },
        ),
    });
    await start();
    expect(localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
    expect(screen.getByText('Nobody')).toBeTruthy();
  });

  it('changes nothing stored when the page is left while the answer arrives', async () => {
    let arrive: (response: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(
        () =>
          new Promise<Response>((resolve) => {
            arrive = resolve;
          }),
      ),
    );
    const changes = vi.fn();
    window.addEventListener('indent:user-changed', changes);
    await start();
    window.dispatchEvent(new Event('pagehide'));
    // What the browser gives a page it is leaving: a 200 whose body is cut off.
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.error(new TypeError('network error'));
      },
    });
    await act(async () => {
      arrive(new Response(body, { status: 200 }));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    window.removeEventListener('indent:user-changed', changes);
    expect(changes).not.toHaveBeenCalled();
    expect(localStorage.getItem(USER_STORAGE_KEY)).toBe(stored);
  });

  it('does not sign out on a refusal that arrives while the page is being left', async () => {
    let arrive: (response: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(
        () =>
          new Promise<Response>((resolve) => {
            arrive = resolve;
          }),
      ),
    );
    await start();
    window.dispatchEvent(new Event('pagehide'));
    await act(async () => {
      arrive(Response.json({ error: { code: 'unauthorized', message: 'x' } }, { status: 401 }));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(localStorage.getItem(USER_STORAGE_KEY)).toBe(stored);
  });
});
