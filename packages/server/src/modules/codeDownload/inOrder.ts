/** Groups items from batches of any size into batches of `size` (the last may be smaller). */
export async function* rebatch<T>(source: AsyncIterable<readonly T[]>, size: number): AsyncGenerator<T[]> {
  let batch: T[] = [];
  for await (const items of source) {
    for (const item of items) {
      batch.push(item);
      if (batch.length === size) {
        yield batch;
        batch = [];
      }
    }
  }
  if (batch.length > 0) yield batch;
}

/**
 * Runs `work` on up to `concurrency` items at once and yields the results in the items' order, so workers
 * stay busy while the consumer takes results one by one; at most `concurrency` results wait in memory.
 */
export async function* mapInOrder<T, R>(source: AsyncIterable<T>, work: (item: T) => Promise<R>, concurrency: number): AsyncGenerator<R> {
  const running: Promise<R>[] = [];
  const start = (item: T) => {
    const promise = work(item);
    // Awaited in turn below; marked handled so a failure behind an earlier item is not reported twice.
    promise.catch(() => undefined);
    running.push(promise);
  };
  for await (const item of source) {
    start(item);
    if (running.length >= concurrency) yield await (running.shift() as Promise<R>);
  }
  while (running.length > 0) yield await (running.shift() as Promise<R>);
}
