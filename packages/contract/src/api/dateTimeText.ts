import { z } from 'zod';
import { instantOfWallClock, wallClockIn } from '../wallClock.js';

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;
const WITH_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/i;

/** The zone a time written without an offset is read in: the process's own until the server names its business zone. */
let plainTextZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * Reads every later time written without an offset as a wall-clock time in the IANA zone `timeZone`. The
 * server names its business zone once at start, so an API filter means the same hour as the times its
 * exports and statistics show, whatever zone the machine runs in. An unknown zone throws a RangeError.
 */
export function readPlainTimesIn(timeZone: string): void {
  wallClockIn(timeZone);
  plainTextZone = timeZone;
}

/**
 * A point in time from text: 'YYYY-MM-DD HH:mm:ss' (the portal's datetime format, spec 9, read in the zone
 * named by readPlainTimesIn) or ISO 8601 with a zone. Impossible calendar values (2024-02-30, 25:00) give
 * null rather than rolling over to another day.
 */
export function parseDateTimeText(text: string): Date | null {
  const local = LOCAL.exec(text);
  if (local) {
    const [year, month, day, hour, minute, second] = local.slice(1).map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
    const calendar = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
    const same =
      calendar.getUTCFullYear() === year &&
      calendar.getUTCMonth() === month - 1 &&
      calendar.getUTCDate() === day &&
      calendar.getUTCHours() === hour &&
      calendar.getUTCMinutes() === minute &&
      calendar.getUTCSeconds() === second;
    return same ? instantOfWallClock({ year, month, day, hour, minute, second }, plainTextZone) : null;
  }
  if (!WITH_ZONE.test(text)) return null;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** An optional time filter: '' means "not given"; anything else must be a readable time. */
export const zDateTimeFilter = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  z
    .string()
    .trim()
    .max(40)
    .transform((text, ctx) => {
      const date = parseDateTimeText(text);
      if (!date) {
        ctx.addIssue({ code: 'custom', message: 'validation.dateTime' });
        return z.NEVER;
      }
      return date;
    })
    .optional(),
);
