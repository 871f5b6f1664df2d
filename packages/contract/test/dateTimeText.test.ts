import { afterEach, describe, expect, it } from 'vitest';
import { parseDateTimeText, readPlainTimesIn, zDateTimeFilter } from '../src/api/dateTimeText.js';
import { instantOfWallClock, wallClockIn } from '../src/wallClock.js';

const processZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
afterEach(() => readPlainTimesIn(processZone));

describe('time filters', () => {
  it('reads the portal datetime format in the process zone until told the business zone', () => {
    expect(parseDateTimeText('2024-03-05 07:08:09')?.getTime()).toBe(new Date(2024, 2, 5, 7, 8, 9).getTime());
    readPlainTimesIn('Asia/Shanghai');
    expect(parseDateTimeText('2024-03-05 07:08:09')?.toISOString()).toBe('2024-03-04T23:08:09.000Z');
    expect(parseDateTimeText('2024-03-05 07:08')?.toISOString()).toBe('2024-03-04T23:08:00.000Z');
    readPlainTimesIn('America/New_York');
    expect(parseDateTimeText('2024-07-01 12:00:00')?.toISOString()).toBe('2024-07-01T16:00:00.000Z');
    expect(parseDateTimeText('2024-12-01 12:00:00')?.toISOString()).toBe('2024-12-01T17:00:00.000Z');
    expect(() => readPlainTimesIn('Mars/Olympus')).toThrow(RangeError);
  });

  it('reads ISO 8601 with a zone as written, whatever the business zone', () => {
    readPlainTimesIn('Asia/Shanghai');
    expect(parseDateTimeText('2024-03-05T07:08:09Z')?.toISOString()).toBe('2024-03-05T07:08:09.000Z');
    expect(parseDateTimeText('2024-03-05T07:08:09.5+08:00')?.toISOString()).toBe('2024-03-04T23:08:09.500Z');
  });

  it('turns a wall clock back into its instant on both sides of a daylight-saving change', () => {
    const zone = 'America/Los_Angeles';
    // 2024-03-10 02:00 the clocks went to 03:00; 2024-11-03 02:00 back to 01:00.
    for (const iso of ['2024-03-10T09:59:59Z', '2024-03-10T10:00:00Z', '2024-11-03T08:59:59Z', '2024-11-03T10:00:00Z', '2024-01-01T00:00:00Z']) {
      const at = new Date(iso);
      expect(instantOfWallClock(wallClockIn(zone, at), zone).toISOString(), iso).toBe(at.toISOString());
    }
    // an hour the change skips comes out moved by the change, still on that morning
    const skipped = instantOfWallClock({ year: 2024, month: 3, day: 10, hour: 2, minute: 30, second: 0 }, zone);
    expect(wallClockIn(zone, skipped)).toMatchObject({ day: 10, hour: 3, minute: 30 });
    const skippedEast = instantOfWallClock({ year: 2024, month: 3, day: 31, hour: 2, minute: 30, second: 0 }, 'Europe/Berlin');
    expect(skippedEast.toISOString()).toBe('2024-03-31T01:30:00.000Z');
    // a repeated hour is its first pass (summer time)
    const repeated = instantOfWallClock({ year: 2024, month: 11, day: 3, hour: 1, minute: 30, second: 0 }, zone);
    expect(repeated.toISOString()).toBe('2024-11-03T08:30:00.000Z');
  });

  it('refuses impossible dates and times instead of rolling them over', () => {
    for (const text of ['2024-02-30 00:00:00', '2023-02-29 12:00:00', '2024-01-01 24:00:00', '2024-01-01 10:60:00', '2024-13-01 00:00:00']) {
      expect(parseDateTimeText(text), text).toBeNull();
    }
    expect(parseDateTimeText('2024-02-29 23:59:59')).not.toBeNull();
    expect(parseDateTimeText('yesterday')).toBeNull();
    expect(parseDateTimeText('1700000000000')).toBeNull();
  });

  it('treats an empty value as not given and names the message key otherwise', () => {
    expect(zDateTimeFilter.parse('')).toBeUndefined();
    expect(zDateTimeFilter.parse(undefined)).toBeUndefined();
    const bad = zDateTimeFilter.safeParse('2024-02-30 00:00:00');
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('validation.dateTime');
  });
});
