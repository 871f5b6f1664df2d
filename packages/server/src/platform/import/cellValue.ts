import type { ColumnKind } from './columns.js';

/**
 * What a spreadsheet cell holds, made into the value a form would send: text for text columns,
 * YYYY-MM-DD for dates, a number for whole-number columns. Blank cells are undefined, so the contract's
 * defaults and "required" rules apply as they do to a form.
 *
 * Formulas are refused, never evaluated and never taken from their cached result: the cached value is
 * whatever the last program that saved the file wrote there, so it proves nothing. Text that merely
 * starts with = + - @ is a string cell, not a formula, and is stored as the text it is.
 */
export type CellResult = { value: string | number | undefined } | { problem: 'formula' | 'unreadable' };

const pad = (n: number) => String(n).padStart(2, '0');
const isoOfUtc = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

// Excel's day 0 is 1899-12-30 (the 1900 leap-year bug included); 25569 is 1970-01-01.
const EXCEL_EPOCH_OFFSET = 25569;
const DAY_MS = 86_400_000;
const LAST_EXCEL_DAY = 2_958_465; // 9999-12-31

/** A written date: 2025-01-31, 2025/1/31, 2025.01.31 or 20250131; anything else is passed on as typed. */
function dateFromText(text: string): string {
  const trimmed = text.trim();
  const parts = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(trimmed) ?? /^(\d{4})(\d{2})(\d{2})$/.exec(trimmed);
  if (!parts) return trimmed;
  return `${parts[1]}-${pad(Number(parts[2]))}-${pad(Number(parts[3]))}`;
}

function plainText(raw: unknown): string | null {
  if (typeof raw === 'string') return raw;
  if (typeof raw === 'number') return Number.isFinite(raw) ? String(raw) : null;
  if (typeof raw === 'boolean') return raw ? 'TRUE' : 'FALSE';
  if (raw instanceof Date) return Number.isNaN(raw.getTime()) ? null : isoOfUtc(raw);
  if (typeof raw === 'object' && raw !== null) {
    const rich = (raw as { richText?: Array<{ text?: unknown }> }).richText;
    if (Array.isArray(rich)) return rich.map((r) => (typeof r.text === 'string' ? r.text : '')).join('');
    const text = (raw as { text?: unknown }).text;
    if (typeof text === 'string') return text;
  }
  return null;
}

const isFormula = (raw: unknown) =>
  typeof raw === 'object' && raw !== null && ('formula' in raw || 'sharedFormula' in raw);

export function cellValue(raw: unknown, kind: ColumnKind): CellResult {
  if (raw === null || raw === undefined) return { value: undefined };
  if (isFormula(raw)) return { problem: 'formula' };
  if (kind === 'date') {
    if (raw instanceof Date) return Number.isNaN(raw.getTime()) ? { problem: 'unreadable' } : { value: isoOfUtc(raw) };
    // a date serial in a cell without a date format
    if (typeof raw === 'number') {
      if (!Number.isFinite(raw) || raw < 1 || raw > LAST_EXCEL_DAY) return { value: String(raw) };
      return { value: isoOfUtc(new Date(Math.round((raw - EXCEL_EPOCH_OFFSET) * DAY_MS))) };
    }
  }
  if (kind === 'integer') {
    if (typeof raw === 'number') return { value: raw };
    const text = plainText(raw);
    if (text === null) return { problem: 'unreadable' };
    const trimmed = text.trim();
    if (trimmed === '') return { value: undefined };
    // "1,200" is a number as people write it; anything else goes on as text and fails as "not a whole number"
    const digits = trimmed.replace(/,/g, '');
    return { value: /^-?\d+(\.\d+)?$/.test(digits) ? Number(digits) : trimmed };
  }
  const text = plainText(raw);
  if (text === null) return { problem: 'unreadable' };
  if (text.trim() === '') return { value: undefined };
  return { value: kind === 'date' ? dateFromText(text) : text };
}
