/*
 * The input relay's wire format, shared by the page (python-runtime.ts), the Python worker
 * (python.worker.ts) and the service worker (sw/input-relay.ts). Decision 0016 explains the design.
 *
 * The worker cannot receive a message while Python runs (its event loop is blocked), but it can
 * make a synchronous request. It asks `${RELAY_PREFIX}input/<key>`; the service worker holds that
 * request until the page posts the learner's answer for <key>, then answers it.
 */

/** Requests under this path never reach the server when the service worker is in control. */
export const RELAY_PREFIX = '/__indent-relay/';

/** Set on every relay answer, so the worker can tell the service worker's answer from the server's. */
export const RELAY_HEADER = 'x-indent-relay';

/**
 * The longest the service worker holds one request. Browsers end a service worker whose event
 * takes minutes, so a long wait is a series of held requests: the worker asks again on `wait`.
 */
export const RELAY_HOLD_MS = 20_000;

/** What the page posts to the service worker for a waiting input() (or to end it: Stop). */
export interface RelayAnswerMessage {
  type: 'indent-relay-answer';
  key: string;
  /** The line the learner typed, without its newline; absent when the program was stopped. */
  answer?: string;
}

/** The body of the service worker's answer to `${RELAY_PREFIX}input/<key>`. */
export type RelayInputReply = { answer: string } | { stop: true } | { wait: true };

export function isRelayAnswerMessage(data: unknown): data is RelayAnswerMessage {
  if (typeof data !== 'object' || data === null) return false;
  const message = data as Partial<RelayAnswerMessage>;
  return (
    message.type === 'indent-relay-answer' &&
    typeof message.key === 'string' &&
    (message.answer === undefined || typeof message.answer === 'string')
  );
}
