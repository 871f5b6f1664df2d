const GROUPED = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** A count with thousands separators: 1,000,000. */
export function formatCount(value: number): string {
  return GROUPED.format(value);
}

/** Reads a typed count back, separators and spaces ignored ('' when nothing is left). */
export function parseCount(text: string | undefined): string {
  return (text ?? '').replace(/[,\s]/g, '');
}
