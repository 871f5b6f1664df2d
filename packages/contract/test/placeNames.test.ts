import { describe, expect, it } from 'vitest';
import { CITIES, areaCodeOfText, areaName } from '../src/geo/areas.js';
import { CITY_NAMES_EN } from '../src/geo/cityNamesEn.js';
import { placeLabel, placeNames } from '../src/geo/placeNames.js';

const place = (country: string, province: string, city: string, areaCode: string) => ({ country, province, city, areaCode });

describe('English region names', () => {
  it('reads back every area the way either language names it, so an English dealer export imports as it is', () => {
    for (const city of CITIES) {
      expect(areaCodeOfText(areaName(city.code, 'en_US')), city.nameEn).toBe(city.code);
      expect(areaCodeOfText(areaName(city.code, 'zh_CN')), city.name).toBe(city.code);
    }
    expect(areaCodeOfText('zhejiang hangzhou')).toBe('330100');
  });

  it('every city of the area table has one, written in Latin letters, and no name is left over', () => {
    for (const city of CITIES) expect(city.nameEn, `${city.code} ${city.name}`).toMatch(/^[A-Z][A-Za-z'êü]+( [A-Z][A-Za-z]+)*$/);
    expect(Object.keys(CITY_NAMES_EN).sort()).toEqual(CITIES.map((c) => c.code).sort());
    expect(areaName('440300', 'en_US')).toBe('Guangdong Shenzhen');
    expect(areaName('440300', 'zh_CN')).toBe('广东 深圳市');
    expect(areaName('653100', 'en_US')).toBe('Xinjiang Kashgar Prefecture');
  });

  it('a scan’s place follows the reader’s language; what has no English form stays as written', () => {
    expect(placeLabel(place('内网', '', '', ''), 'en_US')).toBe('Intranet');
    expect(placeLabel(place('内网', '', '', ''), 'zh_CN')).toBe('内网');
    expect(placeLabel(place('中国', '广东省', '深圳市', '440000'), 'en_US')).toBe('Guangdong Shenzhen');
    expect(placeLabel(place('中国', '广东省', '深圳市', '440000'), 'zh_CN')).toBe('广东 深圳市');
    // a municipality is its own city
    expect(placeLabel(place('中国', '北京', '北京市', '110000'), 'en_US')).toBe('Beijing');
    expect(placeLabel(place('中国', '北京', '北京市', '110000'), 'zh_CN')).toBe('北京');
    expect(placeLabel(place('日本', '', '', ''), 'en_US')).toBe('Japan');
    expect(placeLabel(place('', '', '', ''), 'en_US')).toBe('');
    expect(placeNames(place('美国', '加利福尼亚', '', ''), 'en_US')).toEqual({ country: 'United States', province: '加利福尼亚', city: '' });
  });
});
