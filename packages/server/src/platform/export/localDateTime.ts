const pad = (n: number) => String(n).padStart(2, '0');

/** Server-local date and time as the portal shows it (spec 9: yyyy-MM-dd HH:mm:ss); '' for none. */
export function localDateTime(value: Date | null | undefined): string {
  if (!value) return '';
  const d = value;
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** yyyyMMdd of the server's calendar day, for file names. */
export function localDateStamp(value: Date = new Date()): string {
  return `${value.getFullYear()}${pad(value.getMonth() + 1)}${pad(value.getDate())}`;
}
