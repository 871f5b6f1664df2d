import { cityCodeOf, cityOf } from './areas.js';
import { provinceByCode, type Province } from './provinces.js';

/** The country the IP database's lookup gives private, loopback and link-local addresses: 内网 (intranet). */
export const INTERNAL_NETWORK = '内网';

/** A scan's place as stored: the IP database's Chinese names and the province's area code. */
export interface StoredPlace {
  country: string;
  province: string;
  city: string;
  areaCode: string;
}

/** Countries by their Chinese name (美国), from the runtime's own region names, built at first use. */
let countryCodes: Map<string, string> | null = null;

function countryNameEn(name: string): string {
  if (!countryCodes) {
    countryCodes = new Map();
    const zh = new Intl.DisplayNames(['zh-Hans'], { type: 'region', fallback: 'none' });
    for (let a = 65; a <= 90; a += 1) {
      for (let b = 65; b <= 90; b += 1) {
        const code = String.fromCharCode(a, b);
        const written = zh.of(code);
        if (written && !countryCodes.has(written)) countryCodes.set(written, code);
      }
    }
  }
  const code = countryCodes.get(name);
  return code ? (new Intl.DisplayNames(['en'], { type: 'region' }).of(code) ?? name) : name;
}

/** A city named as its whole province-level division: 北京市 in 北京, 香港 in 香港. */
function isRegionItself(city: string, region: Province): boolean {
  return city === region.name || city === region.shortName || city === `${region.shortName}市`;
}

/**
 * A stored place in the reader's language. Chinese: as stored. English: Intranet for private addresses, the
 * country's English name, the province by its area code (the IP database's spelling varies), the city by its
 * code within the province; a name without an English form (an ISP's town abroad) stays as stored.
 */
export function placeNames(place: StoredPlace, lang: 'zh_CN' | 'en_US'): Omit<StoredPlace, 'areaCode'> {
  const { country, province, city } = place;
  if (lang === 'zh_CN') return { country, province, city };
  const region = provinceByCode(place.areaCode);
  const cityCode = region ? cityCodeOf(region.code, city) : '';
  // the municipalities and special regions are cities themselves: 北京 / 北京市
  const cityIsRegion = region !== null && isRegionItself(city, region);
  return {
    country: country === INTERNAL_NETWORK ? 'Intranet' : country ? countryNameEn(country) : '',
    province: region ? region.nameEn : province,
    city: region && cityIsRegion ? region.nameEn : cityCode ? (cityOf(cityCode)?.nameEn ?? city) : city,
  };
}

/**
 * A place on one line: the province (short form) and the city, or the country where no province is known:
 * 广东 深圳市 / Guangdong Shenzhen, 北京 / Beijing, 内网 / Intranet, 美国 / United States. '' when nothing is known.
 */
export function placeLabel(place: StoredPlace, lang: 'zh_CN' | 'en_US'): string {
  const names = placeNames(place, lang);
  const region = provinceByCode(place.areaCode);
  const head = region ? (lang === 'zh_CN' ? region.shortName : region.nameEn) : [names.country, names.province].filter(Boolean).join(' ');
  const city = names.city === head || (region && isRegionItself(place.city, region)) ? '' : names.city;
  return [head, city].filter(Boolean).join(' ');
}
