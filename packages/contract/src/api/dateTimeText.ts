import { z } from 'zod';

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;
const WITH_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/i;

/**
 * A point in time from text: 'YYYY-MM-DD HH:mm:ss' (the portal's datetime format, spec 9, read in the
 * server's time zone like every other wall-clock time it shows) or ISO 8601 with a zone. Impossible
 * calendar values (2024-02-30, 25:00) give null rather than rolling over to another day.
 */
export function parseDateTimeText(text: string): Date | null {
  const local = LOCAL.exec(text);
  if (local) {
    const [year, month, day, hour, minute, second] = local.slice(1).map((part) => Number(part ?? 0)) as number[];
    const date = new Date(year!, month! - 1, day, hour, minute, second);
    const same =
      date.getFullYear() === year &&
      date.getMonth() === month! - 1 &&
      date.getDate() === day &&
      date.getHours() === hour &&
      date.getMinutes() === minute &&
      date.getSeconds() === second;
    return same ? date : null;
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
