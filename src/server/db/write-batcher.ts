/**
 * Group commit: writes asked for during the same turn of the event loop are written together, in
 * one transaction, and each caller gets its own result once that commit is done.
 *
 * A commit costs far more than a row (SQLite appends every touched page to its log on each commit),
 * so under load this turns many small transactions into a few larger ones. A caller still hears back
 * only after its row is committed, so nothing acknowledged can be lost. When one request is alone,
 * the wait is a single `setImmediate`.
 *
 * If a whole batch fails, its items are retried one at a time, so one bad item (a user deleted a
 * moment ago, say) fails only its own caller.
 */
export function createWriteBatcher<In, Out>(options: {
  /**
   * Writes the items all or nothing (one statement or one transaction) and returns one result per
   * item, in the same order.
   */
  write: (items: readonly In[]) => Promise<readonly Out[]>;
  /** Most items per write; more waiting items go in the next write. */
  maxBatch: number;
}): (item: In) => Promise<Out> {
  interface Waiting {
    item: In;
    resolve: (out: Out) => void;
    reject: (err: unknown) => void;
  }
  let queue: Waiting[] = [];
  let scheduled = false;

  async function writeBatch(batch: readonly Waiting[]): Promise<void> {
    let results: readonly Out[];
    try {
      results = await options.write(batch.map((w) => w.item));
    } catch (err) {
      if (batch.length === 1) {
        batch[0]?.reject(err);
        return;
      }
      // Nothing of a failed batch was committed (all or nothing): find the culprit one by one.
      for (const waiting of batch) await writeBatch([waiting]);
      return;
    }
    if (results.length !== batch.length) {
      // A bug in `write`: which result is whose cannot be known, so nobody gets one.
      const err = new Error(
        `the batch write returned ${results.length} results for ${batch.length}`,
      );
      for (const waiting of batch) waiting.reject(err);
      return;
    }
    batch.forEach((waiting, i) => waiting.resolve(results[i] as Out));
  }

  function flush(): void {
    scheduled = false;
    const waiting = queue;
    queue = [];
    const batches: Waiting[][] = [];
    for (let i = 0; i < waiting.length; i += options.maxBatch) {
      batches.push(waiting.slice(i, i + options.maxBatch));
    }
    // One after another: on SQLite they would queue for the one connection anyway.
    void batches.reduce<Promise<void>>(
      (previous, batch) => previous.then(() => writeBatch(batch)),
      Promise.resolve(),
    );
  }

  return (item: In) =>
    new Promise<Out>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (!scheduled) {
        scheduled = true;
        // After the current turn's I/O callbacks, so every request read in this turn joins in.
        setImmediate(flush);
      }
    });
}
