import { describe, expect, it } from 'vitest';
import dayjs, { type Dayjs } from 'dayjs';
import { DATE_SHORTCUTS, dateRangePresets, shortcutRange, startOfWeek, type DateShortcut } from '../src/utils/dateShortcuts';

const FORMAT = 'YYYY-MM-DD HH:mm:ss.SSS';
const at = (text: string) => dayjs(text, 'YYYY-MM-DD HH:mm');
const range = (shortcut: DateShortcut, now: Dayjs) => shortcutRange(shortcut, now).map((d) => d.format(FORMAT));
const days = (from: string, to: string) => [`${from} 00:00:00.000`, `${to} 23:59:59.999`];

describe('date shortcuts (spec 9)', () => {
  // Wednesday 13 March 2024, mid-afternoon.
  const wednesday = at('2024-03-13 15:30');

  it('cover today and yesterday as whole days', () => {
    expect(range('today', wednesday)).toEqual(days('2024-03-13', '2024-03-13'));
    expect(range('yesterday', wednesday)).toEqual(days('2024-03-12', '2024-03-12'));
    expect(range('yesterday', at('2024-03-01 00:00'))).toEqual(days('2024-02-29', '2024-02-29'));
  });

  it('start weeks on Sunday', () => {
    expect(range('thisWeek', wednesday)).toEqual(days('2024-03-10', '2024-03-13'));
    expect(range('lastWeek', wednesday)).toEqual(days('2024-03-03', '2024-03-09'));
    // On a Sunday the week has just begun; on a Saturday it is about to end.
    expect(range('thisWeek', at('2024-03-10 08:00'))).toEqual(days('2024-03-10', '2024-03-10'));
    expect(range('thisWeek', at('2024-03-16 23:59'))).toEqual(days('2024-03-10', '2024-03-16'));
    expect(range('lastWeek', at('2024-01-02 09:00'))).toEqual(days('2023-12-24', '2023-12-30'));
    const sunday = startOfWeek(at('2024-03-09 12:00'));
    expect([sunday.format(FORMAT), sunday.day()]).toEqual(['2024-03-03 00:00:00.000', 0]);
  });

  it('cover this month to today and the whole previous month, across years and leap days', () => {
    expect(range('thisMonth', wednesday)).toEqual(days('2024-03-01', '2024-03-13'));
    expect(range('lastMonth', wednesday)).toEqual(days('2024-02-01', '2024-02-29'));
    expect(range('lastMonth', at('2024-01-05 10:00'))).toEqual(days('2023-12-01', '2023-12-31'));
  });

  it('count the last N days with today included', () => {
    expect(range('last7Days', wednesday)).toEqual(days('2024-03-07', '2024-03-13'));
    expect(range('last30Days', wednesday)).toEqual(days('2024-02-13', '2024-03-13'));
    expect(range('last90Days', wednesday)).toEqual(days('2023-12-15', '2024-03-13'));
  });

  it('run the year to date and the last six months up to today', () => {
    expect(range('yearToDate', wednesday)).toEqual(days('2024-01-01', '2024-03-13'));
    expect(range('lastSixMonths', wednesday)).toEqual(days('2023-09-14', '2024-03-13'));
    expect(range('lastSixMonths', at('2024-08-31 12:00'))).toEqual(days('2024-03-01', '2024-08-31'));
  });

  it('give a picker preset per shortcut, worked out when picked', () => {
    let now = wednesday;
    const presets = dateRangePresets((s) => `label:${s}`, () => now);
    expect(presets.map((p) => p.label)).toEqual(DATE_SHORTCUTS.map((s) => `label:${s}`));
    expect(presets).toHaveLength(11);
    const today = presets[0]!;
    expect(today.value()[0].format('YYYY-MM-DD')).toBe('2024-03-13');
    now = at('2024-03-14 00:05');
    expect(today.value()[0].format('YYYY-MM-DD')).toBe('2024-03-14');
  });
});
