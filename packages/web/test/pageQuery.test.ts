import { describe, expect, it } from 'vitest';
import { buildPageQuery, FIRST_PAGE, sorterToOrder } from '../src/components/pageQuery';
import { loginLogFilters } from '../src/pages/system/LoginLog';
import dayjs from 'dayjs';
import { formatDate, formatDateTime } from '../src/utils/format';

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

  it('login log: the time range becomes beginTime/endTime as yyyy-MM-dd HH:mm:ss', () => {
    const range = [dayjs('2024-03-01T08:00:00'), dayjs('2024-03-02T18:30:05')];
    expect(loginLogFilters({ username: 'a', result: 'FAILURE', range })).toEqual({
      username: 'a',
      result: 'FAILURE',
      beginTime: '2024-03-01 08:00:00',
      endTime: '2024-03-02 18:30:05',
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
