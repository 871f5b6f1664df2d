import { randomBytes } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { CODE_LINE_WORKER, codeLines, type CodeLineFormat } from '../src/modules/codeDownload/codeLines.js';
import type { DownloadJob } from '../src/modules/codeDownload/job.js';
import { codesOfText, textOfCodes } from '../src/modules/codeDownload/jobCodes.js';
import { labelContentOf, plainLabelForm } from '../src/modules/codeDownload/labelContent.js';
import { DOWNLOAD_TEXTS } from '../src/modules/codeDownload/texts.js';
import { WorkerPool } from '../src/modules/codeDownload/workerPool.js';
import { randomCodes } from '../src/modules/rule/codeMaker.js';

/** CSV and TXT lines written by the code-line workers are the very bytes the main thread writes. */

const pool = new WorkerPool(CODE_LINE_WORKER, 'code lines not written', 2);
afterAll(() => pool.close());

const BASE = 'https://trace.example.com';
const secret = randomBytes(32);

function job(overrides: Partial<DownloadJob>): DownloadJob {
  return {
    id: '00000000-0000-4000-8000-000000000000',
    companyId: '00000000-0000-4000-8000-000000000001',
    status: 'DONE',
    progress: 0,
    createdAt: new Date(),
    ruleName: 'rule',
    hiddenLength: 0,
    urlForm: 'SCAN',
    gtin: null,
    batchNo: null,
    ...overrides,
  };
}

async function file(format: CodeLineFormat, target: DownloadJob, batches: string[][], withWorkers: boolean): Promise<Buffer> {
  const key = target.hiddenLength > 0 ? secret : null;
  async function* text() {
    for (const codes of batches) yield textOfCodes(codes);
  }
  const stream = codeLines(format, {
    text: text(),
    labelOf: labelContentOf(BASE, target, key),
    withHidden: target.hiddenLength > 0,
    texts: DOWNLOAD_TEXTS.en_US,
    onError: () => undefined,
    ...(withWorkers ? { workers: { pool, form: plainLabelForm(BASE, target, key) } } : {}),
  });
  return buffer(stream);
}

const plain = randomCodes({ prefix: 'B', bodyLength: 16, alphabet: 'CROCKFORD32', checkScheme: 'MOD37_36' }, 3000);
const digits = randomCodes({ prefix: '', bodyLength: 20, alphabet: 'DIGITS', checkScheme: 'LUHN' }, 500);
/** Codes the workers leave to the main thread: quoting, neutralising, URL encoding, COPY escapes, long, not ASCII. */
const odd = ['-12AB', '=1+1', 'a,b', 'say "hi"', 'A/B', 'tab\there', 'back\\slash', 'line\nbreak', '码ABC', 'X'.repeat(60), 'ab cd', ''];

describe('code lines written by workers', () => {
  it('are byte for byte the lines written on the main thread, for every format, URL form and hidden length', async () => {
    const jobs = [
      job({}),
      job({ hiddenLength: 4 }),
      job({ hiddenLength: 8 }),
      job({ urlForm: 'GS1', gtin: '6901234567892', hiddenLength: 6 }),
      job({ urlForm: 'GS1', gtin: '6901234567892', batchNo: 'A/1 (2)' }),
      // A comma in the batch number: the CSV's URL cells are quoted, so the main thread writes them all.
      job({ urlForm: 'GS1', gtin: '6901234567892', batchNo: '批次,"1"', hiddenLength: 6 }),
      // GS1 asked for without a GTIN: the scan page.
      job({ urlForm: 'GS1', hiddenLength: 6 }),
    ];
    // Plain batches, batches with one odd code among plain ones, and a batch of only odd codes.
    const batches = [plain.slice(0, 1000), [...plain.slice(1000, 1500), '-12AB', ...plain.slice(1500, 1600)], digits, odd, plain.slice(1600)];
    for (const target of jobs) {
      for (const format of ['csv', 'txt'] as const) {
        const [byWorkers, here] = await Promise.all([file(format, target, batches, true), file(format, target, batches, false)]);
        expect(byWorkers.equals(here), `${format} ${JSON.stringify(target)}`).toBe(true);
      }
    }
  });

  it('are written by the workers for plain codes, and left to the main thread otherwise', async () => {
    const form = plainLabelForm(BASE, job({ hiddenLength: 6 }), secret)!;
    const message = { separator: 0x2c, urlHead: Buffer.from(form.urlHead), secret, hiddenLength: 6 };
    const written = (await pool.run({ ...message, text: textOfCodes(plain.slice(0, 10)) })) as Uint8Array;
    const lines = Buffer.from(written).toString('utf8').split('\r\n');
    expect(lines).toHaveLength(11);
    expect(lines[0]).toMatch(new RegExp(`^${plain[0]},${BASE}/antiCounterfeiting\\?code=${plain[0]},\\d{6}$`));
    // (An empty code is plain: its cells are empty and its URL is the head alone.)
    for (const code of odd.filter((c) => c !== '')) expect(await pool.run({ ...message, text: textOfCodes([plain[0]!, code]) }), code).toBeNull();
  });

  it('read back from their COPY text as the codes they were', () => {
    const codes = [...plain.slice(0, 5), ...odd, 'CR\rLF\r\n', '\\n'];
    expect(codesOfText(textOfCodes(codes))).toEqual(codes);
  });
});
