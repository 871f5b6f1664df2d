import { describe, expect, it } from 'vitest';
import { buildPageQuery, FIRST_PAGE, sorterToOrder } from '../src/components/pageQuery';
import { loginLogFilters } from '../src/pages/system/LoginLog';
import dayjs from 'dayjs';
import { formatDate, formatDateTime, timeFilter } from '../src/utils/format';

describe('paged table query', () => {
  it('starts on page 1 with 10 rows', () => {
    expect(FIRST_PAGE).toEqual({ pageNum: 1, pageSize: 10 });
  });

  it('maps the antd sorter to orderName/orderType', () => {
    expect(sorterToOrder({ columnKey: 'createdAt', order: 'ascend' })).toEqual({ orderName: 'createdAt', orderType: 'asc' });
    expect(sorterToOrder({ field: 'username', order: 'descend' })).toEqual({ orderName: 'username', orderType: 'desc' });
    expect(sorterToOrder({ columnKey: 'createdAt', order: null })).toEqual({});
    expect(sorterToOrder([{ columnKey: 'a', order: 'descend' }, { columnKey: 'b', order: 'ascend' }])).toEqual({
      orderName: 'a',
      orderType: 'desc',
    });
  });

  it('leaves out empty filters and trims text', () => {
    expect(buildPageQuery({ username: ' bob ', result: undefined, ip: '', ids: [] }, { pageNum: 2, pageSize: 20 }, {})).toEqual({
      username: 'bob',
      pageNum: 2,
      pageSize: 20,
    });
  });

  it('sends a picked time as the instant the user meant, with the browser’s offset', () => {
    const picked = dayjs('2024-03-01T08:00:00');
    const sent = timeFilter(picked) as string;
    expect(sent).toMatch(/^2024-03-01T08:00:00\.000(Z|[+-]\d{2}:\d{2})$/);
    expect(Date.parse(sent)).toBe(new Date(2024, 2, 1, 8, 0, 0).getTime());
    expect(timeFilter(picked.endOf('day'))).toMatch(/^2024-03-01T23:59:59\.999/);
    expect(timeFilter(null)).toBeUndefined();
  });

  it('login log: the time range becomes beginTime/endTime', () => {
    const range = [dayjs('2024-03-01T08:00:00'), dayjs('2024-03-02T18:30:05')];
    expect(loginLogFilters({ username: 'a', result: 'FAILURE', range })).toEqual({
      username: 'a',
      result: 'FAILURE',
      beginTime: timeFilter(range[0]),
      endTime: timeFilter(range[1]),
    });
    expect(loginLogFilters({})).toMatchObject({ beginTime: undefined, endTime: undefined });
  });
});

describe('date formats (spec 9)', () => {
  it('date yyyy-MM-dd, datetime yyyy-MM-dd HH:mm:ss, "-" when missing', () => {
    expect(formatDate('2024-03-01T08:09:10')).toBe('2024-03-01');
    expect(formatDateTime('2024-03-01T08:09:10')).toBe('2024-03-01 08:09:10');
    expect(formatDateTime(null)).toBe('-');
    expect(formatDateTime('nonsense')).toBe('-');
  });
});
