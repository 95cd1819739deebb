/**
 * A value now, or later. The look-ups behind every signed-in request answer from memory most of the
 * time (decision 0009); returning the value itself then, instead of a resolved promise, spares the
 * request a chain of awaits, which on small endpoints costs more than the rest of the check.
 */
export type MaybePromise<T> = T | Promise<T>;

/** `fn(value)`, now if the value is here, otherwise once it arrives. A throw becomes a rejection only for a promise. */
export function andThen<T, U>(
  value: MaybePromise<T>,
  fn: (value: T) => MaybePromise<U>,
): MaybePromise<U> {
  return value instanceof Promise ? value.then(fn) : fn(value);
}

/** Hands the outcome to a Node-style callback (a Fastify hook's `done`), synchronously when it can. */
export function settle<T>(value: () => MaybePromise<T>, done: (err?: Error) => void): void {
  let result: MaybePromise<T>;
  try {
    result = value();
  } catch (err) {
    done(asError(err));
    return;
  }
  if (result instanceof Promise) {
    result.then(
      () => done(),
      (err: unknown) => done(asError(err)),
    );
  } else {
    done();
  }
}

function asError(err: unknown): Error {
  return err instanceof Error ? err : new Error(String(err));
}
