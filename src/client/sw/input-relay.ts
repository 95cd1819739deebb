/*
 * The service worker's half of the input relay (decision 0016): it answers the Python worker's
 * synchronous requests under RELAY_PREFIX, holding an `input/<key>` request until the page posts
 * the learner's line for that key, and a `sleep/<ms>` request for that long (time.sleep without a
 * busy loop). Nothing here touches the network or any cache.
 */
import {
  isRelayAnswerMessage,
  RELAY_HEADER,
  RELAY_HOLD_MS,
  RELAY_PREFIX,
  type RelayInputReply,
} from './relay-protocol.ts';

/** Answers posted before the worker's request arrived (the two race), kept this long. */
const EARLY_ANSWER_MS = 60_000;

const waiting = new Map<string, (reply: RelayInputReply) => void>();
const early = new Map<string, RelayInputReply>();

function reply(body: string, status = 200): Response {
  return new Response(body, {
    status,
    headers: {
      [RELAY_HEADER]: '1',
      'content-type': 'application/json',
      'cache-control': 'no-store',
    },
  });
}

function holdInput(key: string): Promise<Response> {
  const ready = early.get(key);
  if (ready) {
    early.delete(key);
    return Promise.resolve(reply(JSON.stringify(ready)));
  }
  return new Promise((resolve) => {
    const timer = setTimeout(() => finish({ wait: true }), RELAY_HOLD_MS);
    const finish = (answer: RelayInputReply) => {
      clearTimeout(timer);
      if (waiting.get(key) === finish) waiting.delete(key);
      resolve(reply(JSON.stringify(answer)));
    };
    waiting.set(key, finish);
  });
}

function holdSleep(ms: number): Promise<Response> {
  const wait = Math.min(Math.max(0, ms), RELAY_HOLD_MS);
  return new Promise((resolve) => setTimeout(() => resolve(reply('{}')), wait));
}

/** The relay's answer to a request, or undefined for a request that is not the relay's. */
export function relayResponse(request: Request): Promise<Response> | undefined {
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || !url.pathname.startsWith(RELAY_PREFIX)) {
    return undefined;
  }
  const [kind = '', arg = ''] = url.pathname.slice(RELAY_PREFIX.length).split('/');
  if (kind === 'ping') return Promise.resolve(reply('{}'));
  if (kind === 'input' && arg) return holdInput(decodeURIComponent(arg));
  if (kind === 'sleep' && /^\d+$/.test(arg)) return holdSleep(Number(arg));
  return Promise.resolve(reply('{"error":"unknown relay request"}', 404));
}

/** Takes a message the page posted; true if it was the relay's. */
export function relayMessage(data: unknown): boolean {
  if (!isRelayAnswerMessage(data)) return false;
  const answer: RelayInputReply =
    data.answer === undefined ? { stop: true } : { answer: data.answer };
  const held = waiting.get(data.key);
  if (held) {
    held(answer);
  } else {
    early.set(data.key, answer);
    setTimeout(() => early.delete(data.key), EARLY_ANSWER_MS);
  }
  return true;
}
