import type { TFunction } from 'i18next';

/** A duration rounded the way an estimate deserves: seconds under a minute, then minutes, then hours. */
export function formatDuration(seconds: number, t: TFunction): string {
  const whole = Math.max(1, Math.ceil(seconds));
  if (whole < 60) return t('tagGenerate.duration.seconds', { s: whole });
  if (whole < 3600) return t('tagGenerate.duration.minutes', { m: Math.floor(whole / 60), s: whole % 60 });
  return t('tagGenerate.duration.hours', { h: Math.floor(whole / 3600), m: Math.round((whole % 3600) / 60) });
}

const UNITS = ['B', 'KB', 'MB', 'GB'] as const;

/** Bytes in the largest unit below 1,024 of it, one decimal from MB on (1 MB = 1,048,576 bytes). */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit >= 2 ? value.toFixed(1) : Math.round(value)} ${UNITS[unit]}`;
}
