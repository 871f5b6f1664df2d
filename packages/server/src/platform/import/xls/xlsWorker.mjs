// Reads an Excel 97–2003 workbook (.xls, BIFF8) off the main thread (see xlsRows.ts) with SheetJS CE
// (@e965/xlsx 0.20.3): the first visible sheet's non-empty rows, cells as the .xlsx reader gives them
// (text, numbers, booleans, dates of date-formatted cells at UTC midnight, formulas marked, never evaluated).
// Plain JavaScript so that it loads the same way under tsx, the test runner and plain node.
import { parentPort, workerData } from 'node:worker_threads';
import * as XLSX from '@e965/xlsx';

// Excel's day 0 is 1899-12-30; 25569 is 1970-01-01; the 1904 date system starts 1462 days later.
const EXCEL_EPOCH_OFFSET = 25569;
const DATE_1904_OFFSET = 1462;
const DAY_MS = 86_400_000;

function cellOf(cell, date1904) {
  if (!cell || cell.t === 'z') return null;
  if (cell.f) return { formula: cell.f };
  if (cell.t === 'n' && cell.z && XLSX.SSF.is_date(cell.z)) {
    const serial = cell.v + (date1904 ? DATE_1904_OFFSET : 0);
    return new Date(Math.round((serial - EXCEL_EPOCH_OFFSET) * DAY_MS));
  }
  if (cell.t === 's' || cell.t === 'n' || cell.t === 'b') return cell.v;
  // errors (#N/A …) and anything else: a cell the import cannot read
  return { unreadable: cell.t };
}

try {
  const { bytes, rowLimit } = workerData;
  const workbook = XLSX.read(bytes, { type: 'buffer', dense: true, cellFormula: true, cellNF: true, cellDates: false, cellHTML: false, cellText: false, sheetRows: rowLimit });
  const hidden = workbook.Workbook?.Sheets ?? [];
  const name = workbook.SheetNames.find((_, i) => !hidden[i]?.Hidden) ?? workbook.SheetNames[0];
  const sheet = name === undefined ? undefined : workbook.Sheets[name];
  const date1904 = Boolean(workbook.Workbook?.WBProps?.date1904);
  const rows = [];
  for (const [index, row] of (sheet?.['!data'] ?? []).entries()) {
    if (!row) continue;
    const cells = Array.from(row, (cell) => cellOf(cell, date1904));
    if (cells.some((cell) => cell !== null && cell !== '')) rows.push({ number: index + 1, cells });
  }
  parentPort.postMessage({ rows });
} catch (error) {
  parentPort.postMessage({ error: String(error?.message ?? error) });
}
