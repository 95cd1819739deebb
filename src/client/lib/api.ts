import type { z } from 'zod';
import { takeEarlyAnswer } from './early-data.ts';
import { pageIsBeingLeft } from './page-leaving.ts';

/** An error answer from our API: the status and the `{ error: { code, message } }` body. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal | undefined;
}

/** The reply type of a shared schema: `api<Reply<typeof lessonReplySchema>>(...)`. */
export type Reply<S extends z.ZodType> = z.infer<S>;

/**
 * Calls our own API (same origin, session cookie included). The reply is typed by the shared zod
 * schema but not parsed again here: the server checks every reply against that same schema before
 * sending it (fastify-type-provider-zod's serializer), and parsing twice would put zod (about 40 KB
 * gzip) into every page's first download. See docs/decisions/0008-client-reply-types.md.
 */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  let response: Response;
  try {
    const method = options.method ?? 'GET';
    // The app shell may have asked for this page's data already (decision 0021).
    const early = method === 'GET' ? takeEarlyAnswer(path) : undefined;
    response = await (early ??
      fetch(path, {
        method,
        credentials: 'same-origin',
        headers:
          options.body === undefined
            ? { accept: 'application/json' }
            : { accept: 'application/json', 'content-type': 'application/json' },
        body: options.body === undefined ? null : JSON.stringify(options.body),
        signal: options.signal ?? null,
      }));
  } catch (err) {
    if (isAbort(err)) throw err;
    if (pageIsBeingLeft()) throw pageLeft();
    throw new ApiError(
      0,
      'network',
      'We could not reach Indent. Please check your connection and try again.',
    );
  }
  // Read whole before it is judged: a body cut off on its way is a failure, whatever the status
  // said (issue 40, decision 0024). Every answer of ours, successful or not, is JSON.
  let data: unknown;
  let readable = true;
  try {
    data = JSON.parse(await response.text());
  } catch (err) {
    if (isAbort(err)) throw err;
    if (pageIsBeingLeft()) throw pageLeft();
    readable = false;
  }
  if (!response.ok) {
    const error = readable
      ? (data as { error?: { code?: unknown; message?: unknown } } | null)?.error
      : undefined;
    throw new ApiError(
      response.status,
      typeof error?.code === 'string' ? error.code : 'http_error',
      typeof error?.message === 'string'
        ? error.message
        : `The server answered ${response.status}.`,
    );
  }
  if (!readable) {
    throw new ApiError(
      response.status,
      'unreadable_reply',
      'The answer from Indent did not arrive whole. Please check your connection and try again.',
    );
  }
  return data as T;
}

function isAbort(err: unknown): boolean {
  return err instanceof DOMException && err.name === 'AbortError';
}

/** What a request fails with once the page is being left: an abort, which nobody reports. */
function pageLeft(): DOMException {
  return new DOMException('The page was left before the answer arrived.', 'AbortError');
}
