import type { Compilable, CompiledQuery, QueryResult } from 'kysely';
import type { Db } from './database.ts';

/**
 * A query that Kysely builds and compiles once, then runs many times with new values.
 *
 * Building and compiling a query costs Kysely several microseconds, more than SQLite takes to run
 * one of our small indexed queries, so the few queries behind every request (the session and
 * access look-ups, recording a quiz attempt) are compiled at start-up instead. The SQL still comes
 * from the same type-checked query builder, for both engines.
 *
 * `build` is called once with stand-in values; each must reach the SQL as a bound parameter (not
 * inlined), which is checked here. `run` then swaps in the real values, in the same order.
 */
export function precompile<Args extends readonly unknown[], Row>(
  /** Builds the query on the database it will run on; plain arguments only (no defaults or rest). */
  build: (...args: Args) => Compilable<Row>,
): {
  /** Runs on `executor`: the database, or a transaction of it. */
  run(executor: Db, ...args: Args): Promise<QueryResult<Row>>;
} {
  const standIns = Array.from({ length: build.length }, (_, i) => `\u0000precompiled-${i}\u0000`);
  const template: CompiledQuery<Row> = build(...(standIns as unknown as Args)).compile();
  // For each parameter of the compiled query: which argument of `run` it is, or -1 for a constant.
  const slots = template.parameters.map((value) =>
    typeof value === 'string' ? standIns.indexOf(value) : -1,
  );
  standIns.forEach((standIn, i) => {
    if (!slots.includes(i)) {
      throw new Error(`precompile: argument ${i + 1} is not a bound parameter of: ${template.sql}`);
    }
  });
  return {
    run(executor, ...args) {
      const parameters = template.parameters.map((constant, i) => {
        const slot = slots[i] ?? -1;
        return slot === -1 ? constant : args[slot];
      });
      return executor.executeQuery<Row>({ ...template, parameters });
    },
  };
}
