const GROUPED = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** A count with thousands separators: 1,000,000. */
export function formatCount(value: number): string {
  return GROUPED.format(value);
}

/** Reads a typed count back, separators and spaces ignored ('' when nothing is left). */
export function parseCount(text: string | undefined): string {
  return (text ?? '').replace(/[,\s]/g, '');
}

/**
 * A quantity as typed, grouped in thousands but otherwise untouched: a sign or decimals stay visible,
 * so the field's message about them matches what the user sees.
 */
export function formatTypedCount(text: string): string {
  const match = /^(-?)(\d+)(\.\d*)?$/.exec(text);
  if (!match) return text;
  return `${match[1]}${(match[2] as string).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${match[3] ?? ''}`;
}
