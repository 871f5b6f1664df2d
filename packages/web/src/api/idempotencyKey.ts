/**
 * A fresh Idempotency-Key: 128 random bits as hex. crypto.getRandomValues, not randomUUID, which browsers
 * offer only on https or localhost pages, and the portal may be opened over plain http inside a plant.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
