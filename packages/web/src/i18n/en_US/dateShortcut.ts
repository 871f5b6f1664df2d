import type dateShortcut from '../zh_CN/dateShortcut';

/** Date-range shortcuts of the pickers (spec 9), English; typed by the Chinese file. */
const dateShortcutEn: typeof dateShortcut = {
  today: 'Today',
  yesterday: 'Yesterday',
  thisWeek: 'This week',
  lastWeek: 'Last week',
  thisMonth: 'This month',
  lastMonth: 'Last month',
  last7Days: 'Last 7 days',
  last30Days: 'Last 30 days',
  last90Days: 'Last 90 days',
  yearToDate: 'Year to date',
  lastSixMonths: 'Last six months',
};

export default dateShortcutEn;
