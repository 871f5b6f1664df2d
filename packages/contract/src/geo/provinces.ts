/**
 * The 34 provincial-level divisions of China (GB/T 2260 codes): 23 provinces (Taiwan included),
 * 5 autonomous regions, 4 municipalities and 2 special administrative regions.
 *
 * Province names differ between sources — the IP database says 广东省 or 广东, the ECharts map data
 * 广东, full names 新疆维吾尔自治区, English sources Guangdong or Inner Mongolia — so statistics key on the
 * 6-digit area code and every spelling is mapped to it here, in one table.
 */
export interface Province {
  /** 6-digit administrative division code, e.g. 440000. */
  code: string;
  /** Full official name: 广东省, 内蒙古自治区, 香港特别行政区. */
  name: string;
  /** Short name as maps and most people write it: 广东, 内蒙古, 香港. */
  shortName: string;
  nameEn: string;
}

export const PROVINCES: readonly Province[] = [
  { code: '110000', name: '北京市', shortName: '北京', nameEn: 'Beijing' },
  { code: '120000', name: '天津市', shortName: '天津', nameEn: 'Tianjin' },
  { code: '130000', name: '河北省', shortName: '河北', nameEn: 'Hebei' },
  { code: '140000', name: '山西省', shortName: '山西', nameEn: 'Shanxi' },
  { code: '150000', name: '内蒙古自治区', shortName: '内蒙古', nameEn: 'Inner Mongolia' },
  { code: '210000', name: '辽宁省', shortName: '辽宁', nameEn: 'Liaoning' },
  { code: '220000', name: '吉林省', shortName: '吉林', nameEn: 'Jilin' },
  { code: '230000', name: '黑龙江省', shortName: '黑龙江', nameEn: 'Heilongjiang' },
  { code: '310000', name: '上海市', shortName: '上海', nameEn: 'Shanghai' },
  { code: '320000', name: '江苏省', shortName: '江苏', nameEn: 'Jiangsu' },
  { code: '330000', name: '浙江省', shortName: '浙江', nameEn: 'Zhejiang' },
  { code: '340000', name: '安徽省', shortName: '安徽', nameEn: 'Anhui' },
  { code: '350000', name: '福建省', shortName: '福建', nameEn: 'Fujian' },
  { code: '360000', name: '江西省', shortName: '江西', nameEn: 'Jiangxi' },
  { code: '370000', name: '山东省', shortName: '山东', nameEn: 'Shandong' },
  { code: '410000', name: '河南省', shortName: '河南', nameEn: 'Henan' },
  { code: '420000', name: '湖北省', shortName: '湖北', nameEn: 'Hubei' },
  { code: '430000', name: '湖南省', shortName: '湖南', nameEn: 'Hunan' },
  { code: '440000', name: '广东省', shortName: '广东', nameEn: 'Guangdong' },
  { code: '450000', name: '广西壮族自治区', shortName: '广西', nameEn: 'Guangxi' },
  { code: '460000', name: '海南省', shortName: '海南', nameEn: 'Hainan' },
  { code: '500000', name: '重庆市', shortName: '重庆', nameEn: 'Chongqing' },
  { code: '510000', name: '四川省', shortName: '四川', nameEn: 'Sichuan' },
  { code: '520000', name: '贵州省', shortName: '贵州', nameEn: 'Guizhou' },
  { code: '530000', name: '云南省', shortName: '云南', nameEn: 'Yunnan' },
  { code: '540000', name: '西藏自治区', shortName: '西藏', nameEn: 'Tibet' },
  { code: '610000', name: '陕西省', shortName: '陕西', nameEn: 'Shaanxi' },
  { code: '620000', name: '甘肃省', shortName: '甘肃', nameEn: 'Gansu' },
  { code: '630000', name: '青海省', shortName: '青海', nameEn: 'Qinghai' },
  { code: '640000', name: '宁夏回族自治区', shortName: '宁夏', nameEn: 'Ningxia' },
  { code: '650000', name: '新疆维吾尔自治区', shortName: '新疆', nameEn: 'Xinjiang' },
  { code: '710000', name: '台湾省', shortName: '台湾', nameEn: 'Taiwan' },
  { code: '810000', name: '香港特别行政区', shortName: '香港', nameEn: 'Hong Kong' },
  { code: '820000', name: '澳门特别行政区', shortName: '澳门', nameEn: 'Macao' },
];

/** Other spellings met in the field (English variants, pinyin without spaces, the 2-digit map ids). */
const EXTRA_ALIASES: Record<string, string> = {
  'inner mongolia autonomous region': '150000',
  neimenggu: '150000',
  'nei mongol': '150000',
  xizang: '540000',
  'tibet autonomous region': '540000',
  'guangxi zhuang autonomous region': '450000',
  'ningxia hui autonomous region': '640000',
  'xinjiang uygur autonomous region': '650000',
  'xinjiang uyghur autonomous region': '650000',
  'hong kong sar': '810000',
  hongkong: '810000',
  macau: '820000',
  'macao sar': '820000',
  'macau sar': '820000',
};

const BY_ALIAS: ReadonlyMap<string, string> = (() => {
  const map = new Map<string, string>();
  for (const p of PROVINCES) {
    for (const alias of [p.code, p.code.slice(0, 2), p.name, p.shortName, p.nameEn.toLowerCase(), p.nameEn.toLowerCase().replace(/\s+/g, '')]) {
      map.set(alias, p.code);
    }
  }
  for (const [alias, code] of Object.entries(EXTRA_ALIASES)) map.set(alias, code);
  return map;
})();

const BY_CODE: ReadonlyMap<string, Province> = new Map(PROVINCES.map((p) => [p.code, p]));

/**
 * The area code of a province written any way (广东省, 广东, Guangdong, 440000, 44); '' when it is not one
 * of the 34 (foreign places, blanks).
 */
export function provinceCode(name: string | null | undefined): string {
  if (!name) return '';
  const text = name.trim();
  return BY_ALIAS.get(text) ?? BY_ALIAS.get(text.toLowerCase()) ?? '';
}

/** The province of an area code (440000), or of any code inside it (440300 → 广东省); null otherwise. */
export function provinceByCode(code: string | null | undefined): Province | null {
  if (!code || !/^\d{6}$/.test(code)) return null;
  return BY_CODE.get(`${code.slice(0, 2)}0000`) ?? null;
}
