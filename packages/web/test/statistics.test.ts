import { afterEach, describe, expect, it, vi } from 'vitest';
import dayjs from 'dayjs';
import { PROVINCES } from '@rd/contract';
import { REGION_BY_AREA } from '../src/pages/statistic/echarts';
import { recordFilters } from '../src/pages/statistic/Record';
import { businessNow, wallClockDayjs } from '../src/pages/statistic/businessNow';
import { clearSession, setUser } from '../src/app/state/sessionStore';
import { shortcutRange } from '../src/utils/dateShortcuts';
import { USER } from './support/mockApi';

describe('statistics screens', () => {
  it('find a region of the China map for each of the 34 provinces by area code', () => {
    expect(REGION_BY_AREA.size).toBe(34);
    for (const p of PROVINCES) expect(REGION_BY_AREA.get(p.code), p.code).toBe(p.shortName);
  });

  it('turn the record search form into list filters', () => {
    expect(
      recordFilters({
        dateRange: [dayjs('2026-03-01'), dayjs('2026-03-08')],
        areaCode: '440000',
        clientType: 'WECHAT',
        verdict: '',
        suspicious: 'false',
        code: '  AB ',
      }),
    ).toEqual({
      beginDate: '2026-03-01',
      endDate: '2026-03-08',
      productId: undefined,
      batchId: undefined,
      areaCode: '440000',
      clientType: 'WECHAT',
      verdict: undefined,
      suspicious: false,
      code: 'AB',
      companyId: undefined,
    });
    expect(recordFilters({ suspicious: 'true' }).suspicious).toBe(true);
    expect(recordFilters({}).beginDate).toBeUndefined();
  });

  describe('count days in the business time zone, not the browser’s', () => {
    // 19:38 UTC on 21 November is already 03:38 on 22 November in Shanghai
    const evening = new Date('2026-11-21T19:38:05Z');
    afterEach(() => {
      vi.useRealTimers();
      clearSession();
    });

    it('read a wall clock in a named zone whatever zone the browser is in', () => {
      expect(wallClockDayjs('Asia/Shanghai', evening).format('YYYY-MM-DD HH:mm:ss')).toBe('2026-11-22 03:38:05');
      expect(wallClockDayjs('America/Los_Angeles', evening).format('YYYY-MM-DD HH:mm:ss')).toBe('2026-11-21 11:38:05');
      expect(wallClockDayjs('UTC', new Date('2024-02-29T00:00:00Z')).format('YYYY-MM-DD HH:mm:ss')).toBe('2024-02-29 00:00:00');
    });

    it('take the zone from the signed-in answer, so "last 30 days" ends with the business day', () => {
      vi.useFakeTimers({ now: evening, toFake: ['Date'] });
      setUser({ ...USER, timeZone: 'Asia/Shanghai' });
      const [begin, end] = shortcutRange('last30Days', businessNow());
      expect([begin.format('YYYY-MM-DD'), end.format('YYYY-MM-DD')]).toEqual(['2026-10-24', '2026-11-22']);
      setUser({ ...USER, timeZone: 'America/Los_Angeles' });
      expect(shortcutRange('today', businessNow())[0].format('YYYY-MM-DD')).toBe('2026-11-21');
    });

    it('fall back to the browser’s clock before sign-in or for a zone the browser does not know', () => {
      vi.useFakeTimers({ now: evening, toFake: ['Date'] });
      expect(businessNow().valueOf()).toBe(dayjs().valueOf());
      setUser({ ...USER, timeZone: 'Mars/Olympus_Mons' });
      expect(businessNow().valueOf()).toBe(dayjs().valueOf());
    });
  });
});
