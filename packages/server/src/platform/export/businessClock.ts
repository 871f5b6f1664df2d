import { instantOfWallClock, wallClockIn, type WallClock } from '@rd/contract';

/**
 * Times written into exported files and their names, in the business time zone (BUSINESS_TIME_ZONE). A file
 * has no browser to convert times for its reader; the business zone is the one the companies work in and the
 * statistics count days in, while the server's own zone (often UTC in a container) is nobody's.
 */
export interface BusinessClock {
  /** yyyy-MM-dd HH:mm:ss (spec 9); '' for none. */
  dateTime(value: Date | null | undefined): string;
  /** yyyy-MM-dd of the business day. */
  date(value?: Date): string;
  /** yyyyMMdd of the business day, for file names. */
  dateStamp(value?: Date): string;
}

const pad = (n: number) => String(n).padStart(2, '0');
const dayOf = (c: WallClock) => `${c.year}-${pad(c.month)}-${pad(c.day)}`;

/** The instant a business day (yyyy-MM-dd) starts, or the day `plusDays` later starts: filters by day use it. */
export function businessDayStart(timeZone: string, day: string, plusDays = 0): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return instantOfWallClock({ year, month, day: date + plusDays, hour: 0, minute: 0, second: 0 }, timeZone);
}

export function businessClock(timeZone: string): BusinessClock {
  const date = (value: Date = new Date()) => dayOf(wallClockIn(timeZone, value));
  return {
    dateTime(value) {
      if (!value) return '';
      const c = wallClockIn(timeZone, value);
      return `${dayOf(c)} ${pad(c.hour)}:${pad(c.minute)}:${pad(c.second)}`;
    },
    date,
    dateStamp: (value) => date(value).replaceAll('-', ''),
  };
}
