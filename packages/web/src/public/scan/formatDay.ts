import type { Lang } from '@rd/contract';

const LOCALE: Record<Lang, string> = { zh_CN: 'zh-CN', en_US: 'en-US' };

/**
 * A calendar day (YYYY-MM-DD, or the day of an ISO time) as people of the language write it: 2026年6月20日,
 * June 20, 2026. A bare day is a date, not an instant, so it is formatted in UTC and never moves a day with
 * the phone's time zone; an ISO time is shown on the phone's own day. Text that is neither comes back as it is.
 */
export function formatDay(value: string, lang: string): string {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const time = day ? new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]))) : new Date(value);
  if (Number.isNaN(time.getTime())) return value;
  const locale = LOCALE[lang as Lang] ?? LOCALE.zh_CN;
  try {
    return new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', day: 'numeric', ...(day ? { timeZone: 'UTC' } : {}) }).format(time);
  } catch {
    // Old in-app browsers without Intl's locale data: the ISO day reads the same in both languages.
    return day ? value : value.slice(0, 10);
  }
}
