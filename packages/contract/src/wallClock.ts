/** The calendar and clock fields of an instant as read in one time zone. */
export interface WallClock {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const FIELDS = ['year', 'month', 'day', 'hour', 'minute', 'second'] as const;
const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * What a wall clock in the IANA zone `timeZone` shows at `at`: the business time zone's day and time
 * whatever zone the server or the browser runs in. The formatter is made once per zone (building one costs
 * far more than using it). An unknown zone throws a RangeError.
 */
export function wallClockIn(timeZone: string, at: Date = new Date()): WallClock {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(timeZone, format);
  }
  const clock = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const part of format.formatToParts(at)) {
    if ((FIELDS as readonly string[]).includes(part.type)) clock[part.type as keyof WallClock] = Number(part.value);
  }
  return clock;
}

/**
 * The instant at which a wall clock in `timeZone` shows `clock` (the inverse of wallClockIn). The zone's
 * offset is read at the naive guess and again at the corrected instant, so a time next to a daylight-saving
 * change lands on the right side of it. As JavaScript's Date does, a time the clocks repeat is the first of
 * the two, and a time they skip is read with the offset from before the change (02:30 becomes 03:30).
 */
export function instantOfWallClock(clock: WallClock, timeZone: string): Date {
  const asUtc = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second);
  const offsetAt = (instant: number) => {
    const shown = wallClockIn(timeZone, new Date(instant));
    return Date.UTC(shown.year, shown.month - 1, shown.day, shown.hour, shown.minute, shown.second) - Math.floor(instant / 1000) * 1000;
  };
  const nearOffset = offsetAt(asUtc);
  const instant = asUtc - offsetAt(asUtc - nearOffset);
  if (offsetAt(instant) === asUtc - instant) return new Date(instant);
  return new Date(Math.max(instant, asUtc - nearOffset));
}
