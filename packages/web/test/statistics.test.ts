import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { PROVINCES } from '@rd/contract';
import { REGION_BY_AREA } from '../src/pages/statistic/echarts';
import { recordFilters } from '../src/pages/statistic/Record';

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
});
