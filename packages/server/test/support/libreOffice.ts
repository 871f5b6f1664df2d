import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
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

/**
 * A file converted by LibreOffice in a profile and folder of its own (removed afterwards): `filter` as
 * soffice's --convert-to takes it (`xls`, `csv:Text - txt - csv (StarCalc):44,34,76,1`), the answer the
 * converted file's bytes.
 */
export async function convertWithLibreOffice(soffice: string, bytes: Buffer, fileName: string, filter: string): Promise<Buffer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rd-soffice-'));
  try {
    const file = path.join(dir, fileName);
    fs.writeFileSync(file, bytes);
    await promisify(execFile)(soffice, [`-env:UserInstallation=file://${path.join(dir, 'profile')}`, '--headless', '--convert-to', filter, '--outdir', path.join(dir, 'out'), file], {
      timeout: 60_000,
    });
    const [converted] = fs.readdirSync(path.join(dir, 'out'));
    if (!converted) throw new Error(`LibreOffice wrote nothing for ${filter}`);
    return fs.readFileSync(path.join(dir, 'out', converted));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
