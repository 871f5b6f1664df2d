import dayjs, { type ConfigType, type Dayjs } from 'dayjs';

/** Date and time formats of spec 9 (yyyy-MM-dd ... in dayjs notation). */
export const DATE_FORMAT = 'YYYY-MM-DD';
export const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const TIME_FORMAT = 'HH:mm:ss';
export const MONTH_FORMAT = 'YYYY-MM';
export const YEAR_FORMAT = 'YYYY';

/** Shown for a missing or unreadable value. */
export const EMPTY = '-';

function format(value: ConfigType, pattern: string): string {
  if (value === null || value === undefined || value === '') return EMPTY;
  const date = dayjs(value);
  return date.isValid() ? date.format(pattern) : EMPTY;
}

export const formatDate = (value: ConfigType): string => format(value, DATE_FORMAT);
export const formatDateTime = (value: ConfigType): string => format(value, DATETIME_FORMAT);
export const formatTime = (value: ConfigType): string => format(value, TIME_FORMAT);

/**
 * A picked time as a list filter sends it: ISO 8601 with the browser's offset and milliseconds. The portal shows
 * times in the browser's zone, so that is the zone the user picked in; the offset lets the server read the same
 * instant whatever zone it runs in (a 'YYYY-MM-DD HH:mm:ss' text would be read in its business zone), and the
 * milliseconds keep an end of day at 23:59:59.999.
 */
export function timeFilter(value: Dayjs | null | undefined): string | undefined {
  return value ? value.format('YYYY-MM-DDTHH:mm:ss.SSSZ') : undefined;
}
