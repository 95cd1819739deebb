import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { relayMessage, relayResponse } from './input-relay.ts';
import { RELAY_HEADER, RELAY_HOLD_MS, RELAY_PREFIX } from './relay-protocol.ts';

const origin = 'http://127.0.0.1:5173';
const post = (path: string) => new Request(`${origin}${RELAY_PREFIX}${path}`, { method: 'POST' });
const answer = (key: string, text?: string) =>
  relayMessage({
    type: 'indent-relay-answer',
    key,
    ...(text !== undefined ? { answer: text } : {}),
  });

beforeEach(() => {
  vi.stubGlobal('self', { location: { origin } });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the input relay', () => {
  it('leaves every other request alone', () => {
    expect(relayResponse(new Request(`${origin}/api/health`))).toBeUndefined();
    expect(
      relayResponse(new Request(`https://elsewhere.example${RELAY_PREFIX}ping`)),
    ).toBeUndefined();
  });

  it('answers a ping with its header, so the worker knows the relay works', async () => {
    const res = await relayResponse(post('ping'));
    expect(res?.headers.get(RELAY_HEADER)).toBe('1');
  });

  it('holds input() until the page answers, then gives the line', async () => {
    const held = relayResponse(post('input/k1'));
    let settled = false;
    void held?.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    expect(answer('k1', 'tea')).toBe(true);
    expect(await (await held)?.json()).toEqual({ answer: 'tea' });
  });

  it('keeps an answer that arrives before the request, and tells a stopped program to stop', async () => {
    answer('k2', 'early');
    expect(await (await relayResponse(post('input/k2')))?.json()).toEqual({ answer: 'early' });
    const held = relayResponse(post('input/k3'));
    answer('k3');
    expect(await (await held)?.json()).toEqual({ stop: true });
  });

  it('asks the worker to wait again after holding a request for a while', async () => {
    vi.useFakeTimers();
    const held = relayResponse(post('input/k4'));
    vi.advanceTimersByTime(RELAY_HOLD_MS);
    expect(await (await held)?.json()).toEqual({ wait: true });
  });

  it('ignores messages that are not its own', () => {
    expect(relayMessage({ type: 'something-else', key: 'k' })).toBe(false);
    expect(relayMessage('hello')).toBe(false);
  });
});
