// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError } from './api.ts';

/*
 * Issue 40: a successful status whose body cannot be read is a failure, never `null`; and once the
 * page is being left, what fails is an abort that nobody acts on.
 */

/** A 200 whose body starts arriving and is then cut off, as when the browser drops the request. */
function cutOff(start: string): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(start));
      controller.error(new TypeError('network error'));
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'application/json' } });
}

function answer(response: Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => response),
  );
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error('expected the call to fail');
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.dispatchEvent(new Event('pageshow'));
});

describe('api()', () => {
  it('returns the parsed body of a successful answer', async () => {
    answer(Response.json({ _id: 'u1' }));
    await expect(api('/api/user/g1')).resolves.toEqual({ _id: 'u1' });
  });

  it.each([
    ['empty', () => new Response('', { status: 200 })],
    ['cut off mid-way', () => new Response('{"_id":"u1","googleId":"g', { status: 200 })],
    ['not JSON', () => new Response('<html>Bad gateway</html>', { status: 200 })],
    ['cut off by the network', () => cutOff('{"_id":"u1"')],
  ])('fails on a 200 whose body is %s', async (_kind, response) => {
    answer(response());
    const err = await failure(api('/api/user/g1'));
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 200, code: 'unreadable_reply' });
  });

  it('reads an error answer’s code and message, and names the status when it has none', async () => {
    answer(Response.json({ error: { code: 'forbidden', message: 'Not yours.' } }, { status: 403 }));
    await expect(api('/api/user/g2')).rejects.toMatchObject({
      status: 403,
      code: 'forbidden',
      message: 'Not yours.',
    });
    answer(new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(api('/api/user/g2')).rejects.toMatchObject({
      status: 502,
      code: 'http_error',
      message: 'The server answered 502.',
    });
  });

  it('fails with an abort, not an error to act on, once the page is being left', async () => {
    answer(cutOff('{"_id":"u1"'));
    window.dispatchEvent(new Event('pagehide'));
    const err = await failure(api('/api/user/g1'));
    expect(err).toBeInstanceOf(DOMException);
    expect((err as DOMException).name).toBe('AbortError');

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    expect(((await failure(api('/api/progress'))) as DOMException).name).toBe('AbortError');
  });

  it('is live again when the page comes back from the back/forward cache', async () => {
    window.dispatchEvent(new Event('pagehide'));
    window.dispatchEvent(new Event('pageshow'));
    answer(cutOff('{"_id":"u1"'));
    await expect(api('/api/user/g1')).rejects.toMatchObject({ code: 'unreadable_reply' });
  });
});
