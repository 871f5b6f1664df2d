/** Date-range shortcuts of the pickers (spec 9), Chinese. en_US/dateShortcut.ts has the same keys. */
const dateShortcut = {
  today: '今天',
  yesterday: '昨天',
  thisWeek: '本周',
  lastWeek: '上周',
  thisMonth: '本月',
  lastMonth: '上月',
  last7Days: '最近7天',
  last30Days: '最近30天',
  last90Days: '最近90天',
  yearToDate: '今年至今',
  lastSixMonths: '最近六个月',
};

export default dateShortcut;
