import { describe, expect, it } from 'vitest';
import { parseDateTimeText, zDateTimeFilter } from '../src/api/dateTimeText.js';

describe('time filters', () => {
  it('reads the portal datetime format as local time, and ISO 8601 with a zone', () => {
    expect(parseDateTimeText('2024-03-05 07:08:09')?.getTime()).toBe(new Date(2024, 2, 5, 7, 8, 9).getTime());
    expect(parseDateTimeText('2024-03-05 07:08')?.getTime()).toBe(new Date(2024, 2, 5, 7, 8, 0).getTime());
    expect(parseDateTimeText('2024-03-05T07:08:09Z')?.toISOString()).toBe('2024-03-05T07:08:09.000Z');
    expect(parseDateTimeText('2024-03-05T07:08:09.5+08:00')?.toISOString()).toBe('2024-03-04T23:08:09.500Z');
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
