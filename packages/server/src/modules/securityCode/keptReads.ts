/**
 * Reads the consumer check keeps in this process for SCAN_ANSWER_CACHE_SECONDS (0 = read every time): the
 * answer parts of a batch, the shapes of the codes in use, the companies with an active recall and a recall's
 * texts. Every instance keeps its own, so a change shows everywhere within that time. Checks that miss at once
 * share one read; a failed read is not kept.
 */
export function keptByKey<V>(ttlSeconds: number, maxEntries: number, read: (key: string) => Promise<V>): (key: string) => Promise<V> {
  const kept = new Map<string, { until: number; value: Promise<V> }>();
  return (key) => {
    if (ttlSeconds <= 0) return read(key);
    const now = Date.now();
    const entry = kept.get(key);
    if (entry && entry.until > now) return entry.value;
    const value = read(key);
    value.catch(() => kept.delete(key));
    // delete first, so the entry moves to the end of the map's order: the oldest go first
    kept.delete(key);
    kept.set(key, { until: now + ttlSeconds * 1000, value });
    if (kept.size > maxEntries) kept.delete(kept.keys().next().value as string);
    return value;
  };
}

/** One kept value (keptByKey with a single key). */
export function keptValue<V>(ttlSeconds: number, read: () => Promise<V>): () => Promise<V> {
  const get = keptByKey(ttlSeconds, 1, read);
  return () => get('');
}
