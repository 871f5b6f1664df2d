import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestContext } from 'vitest';

function findExecutable(name: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(dir, name);
    if (dir && fs.existsSync(candidate)) return candidate;
  }
  return null;
}

/**
 * LibreOffice's soffice, or the test is skipped with the reason (never under CI=true, which installs it).
 * Answers null when skipped.
 */
export function sofficeOrSkip(ctx: TestContext): string | null {
  const soffice = findExecutable('soffice');
  if (soffice) return soffice;
  if (process.env.CI === 'true') throw new Error('LibreOffice (soffice) is required when CI=true');
  ctx.skip('LibreOffice (soffice) is not installed; CI installs it and runs this check');
  return null;
}

/** Runs soffice in a process group of its own and ends the whole group afterwards, whatever happened. */
async function runSoffice(soffice: string, args: string[], timeoutMs = 60_000): Promise<void> {
  const child = spawn(soffice, args, { detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  try {
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('close', resolve);
    });
    if (code !== 0) throw new Error(`soffice ended with ${code}: ${stderr}`);
  } finally {
    clearTimeout(timer);
    // soffice starts soffice.bin; a conversion that went wrong can leave it behind: the group goes.
    try {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

/**
 * A file converted by LibreOffice in a profile and folder of its own (removed afterwards): `filter` as
 * soffice's --convert-to takes it (`xls`, `csv:Text - txt - csv (StarCalc):44,34,76,1`), the answer the
 * converted file's bytes.
 */
export async function convertWithLibreOffice(soffice: string, bytes: Buffer, fileName: string, filter: string): Promise<Buffer> {
  const [converted] = await convertAllWithLibreOffice(soffice, bytes, fileName, filter);
  if (!converted) throw new Error(`LibreOffice wrote nothing for ${filter}`);
  return converted.bytes;
}

/** Every file a conversion wrote, by name: one per sheet when the CSV filter is asked for all sheets (-1). */
export async function convertAllWithLibreOffice(soffice: string, bytes: Buffer, fileName: string, filter: string): Promise<Array<{ name: string; bytes: Buffer }>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rd-soffice-'));
  try {
    const file = path.join(dir, fileName);
    fs.writeFileSync(file, bytes);
    await runSoffice(soffice, [`-env:UserInstallation=file://${path.join(dir, 'profile')}`, '--headless', '--convert-to', filter, '--outdir', path.join(dir, 'out'), file]);
    const names = fs.existsSync(path.join(dir, 'out')) ? fs.readdirSync(path.join(dir, 'out')).sort() : [];
    return names.map((name) => ({ name, bytes: fs.readFileSync(path.join(dir, 'out', name)) }));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * An .xlsx as LibreOffice Calc shows it, sheet by sheet: each sheet saved as CSV with the cells' text as
 * displayed ("save cell contents as shown"), so a number Calc would show as 6.9E+19 reads back that way.
 */
export async function sheetsAsShown(soffice: string, xlsx: Buffer): Promise<Map<string, string[][]>> {
  // Comma, double quote, UTF-8, from line 1, …, as shown: true, …, every sheet (-1).
  const filter = 'csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,true,false,false,-1';
  const files = await convertAllWithLibreOffice(soffice, xlsx, 'export.xlsx', filter);
  const sheets = new Map<string, string[][]>();
  for (const file of files) {
    const sheet = file.name.replace(/^export-?/, '').replace(/\.csv$/, '') || 'Sheet1';
    sheets.set(sheet, parseCsv(file.bytes.toString('utf8')));
  }
  return sheets;
}

/** RFC 4180 fields: quoted fields may hold commas, quotes ("") and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field || row.length) rows.push([...row, field]);
  return rows;
}
