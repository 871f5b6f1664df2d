import { businessClock } from '../../platform/export/businessClock.js';

/**
 * An expired batch, as the consumer check tells it: the batch's expiry date when it is before today in the
 * business time zone (a batch expiring today has not expired), else null. The date comes with the answer parts
 * (kept per batch), so the check's statement reads nothing more for it.
 */
export function expiredOn(expiryDate: string | null, today: string): string | null {
  return expiryDate !== null && expiryDate < today ? expiryDate : null;
}

/** Today in `timeZone` as YYYY-MM-DD, worked out at most once a second (the busiest call asks on every check). */
export function businessToday(timeZone: string): () => string {
  const clock = businessClock(timeZone);
  let second = -1;
  let today = '';
  return () => {
    const now = Math.floor(Date.now() / 1000);
    if (now !== second) {
      second = now;
      today = clock.date();
    }
    return today;
  };
}
