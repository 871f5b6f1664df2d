import dayjs, { type Dayjs } from 'dayjs';

/** The date shortcuts of spec 9, in the order the pickers list them. */
export const DATE_SHORTCUTS = [
  'today',
  'yesterday',
  'thisWeek',
  'lastWeek',
  'thisMonth',
  'lastMonth',
  'last7Days',
  'last30Days',
  'last90Days',
  'yearToDate',
  'lastSixMonths',
] as const;
export type DateShortcut = (typeof DATE_SHORTCUTS)[number];

/** From the first millisecond of its first day to the last millisecond of its last day. */
export type DateRange = [Dayjs, Dayjs];

/** The Sunday that starts the week of `day` (spec 9: the first day of the week is 7, Sunday), whatever the locale says. */
export function startOfWeek(day: Dayjs): Dayjs {
  const start = day.startOf('day');
  return start.subtract(start.day(), 'day');
}

/** N whole days ending today, today included. */
function lastDays(today: Dayjs, days: number): DateRange {
  return [today.subtract(days - 1, 'day').startOf('day'), today.endOf('day')];
}

/**
 * The range a shortcut stands for at `now`. "This week / month / year" run up to the end of today, not
 * into days that have not happened; "last week / month" are the whole previous period; "last N days" and
 * "last six months" end with today, today included.
 */
export function shortcutRange(shortcut: DateShortcut, now: Dayjs = dayjs()): DateRange {
  const endOfToday = now.endOf('day');
  switch (shortcut) {
    case 'today':
      return [now.startOf('day'), endOfToday];
    case 'yesterday': {
      const yesterday = now.subtract(1, 'day');
      return [yesterday.startOf('day'), yesterday.endOf('day')];
    }
    case 'thisWeek':
      return [startOfWeek(now), endOfToday];
    case 'lastWeek': {
      const thisWeek = startOfWeek(now);
      return [thisWeek.subtract(7, 'day'), thisWeek.subtract(1, 'day').endOf('day')];
    }
    case 'thisMonth':
      return [now.startOf('month'), endOfToday];
    case 'lastMonth': {
      const lastMonth = now.startOf('month').subtract(1, 'month');
      return [lastMonth, lastMonth.endOf('month')];
    }
    case 'last7Days':
      return lastDays(now, 7);
    case 'last30Days':
      return lastDays(now, 30);
    case 'last90Days':
      return lastDays(now, 90);
    case 'yearToDate':
      return [now.startOf('year'), endOfToday];
    case 'lastSixMonths':
      return [now.subtract(6, 'month').add(1, 'day').startOf('day'), endOfToday];
  }
}

/**
 * antd RangePicker `presets` for every shortcut. Each range is worked out when it is picked, so a screen
 * kept open past midnight still offers the right days.
 */
export function dateRangePresets(
  labelOf: (shortcut: DateShortcut) => string,
  now: () => Dayjs = () => dayjs(),
): Array<{ label: string; value: () => DateRange }> {
  return DATE_SHORTCUTS.map((shortcut) => ({ label: labelOf(shortcut), value: () => shortcutRange(shortcut, now()) }));
}
