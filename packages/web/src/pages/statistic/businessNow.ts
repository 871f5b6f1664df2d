import dayjs, { type Dayjs } from 'dayjs';
import { wallClockIn } from '@rd/contract';
import { sessionStore } from '../../app/state/sessionStore';

/**
 * `now` as a wall clock in `timeZone` reads it, as a plain local Dayjs: its calendar fields are that zone's,
 * so pickers and `format` show that zone's days without a time-zone plugin in the date pickers.
 */
export function wallClockDayjs(timeZone: string, now: Date = new Date()): Dayjs {
  const c = wallClockIn(timeZone, now);
  return dayjs(new Date(c.year, c.month - 1, c.day, c.hour, c.minute, c.second, now.getMilliseconds()));
}

/**
 * Now in the statistics' business time zone (the signed-in answer names it). The server counts scans by the
 * calendar days of that zone, so "today" and "last 30 days" must be its days, not the browser's: a browser
 * in UTC in the evening is already on the next day in Shanghai.
 */
export function businessNow(): Dayjs {
  const zone = sessionStore.getState().user?.timeZone;
  if (!zone) return dayjs();
  try {
    return wallClockDayjs(zone);
  } catch {
    // a zone this browser does not know: its own clock is the best guess left
    return dayjs();
  }
}
