import { createRequire } from 'node:module';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { getDocument, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api.js';
import { CODE_ALPHABETS, LABEL_LAYOUTS, RULE_BODY_MAX, RULE_PREFIX_MAX, type LabelLayoutName } from '@rd/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hiddenCodeMaker } from '../src/modules/codeDownload/hiddenCodes.js';
import { LABEL_LAYOUT_SPECS, labelOrigin, mm } from '../src/modules/codeDownload/labelLayouts.js';
import { companySecret } from '../src/modules/rule/companySecret.js';
import { createCompany, createUser } from './support/fixtures.js';
import { insertJob, insertRule } from './support/codeFixtures.js';
import { call, signIn, startTestApp, type TestApp } from './support/testApp.js';

/**
 * Label sheets read back as a reader sees them: the PDF's text through pdf.js (each code one piece of
 * text on one line, inside its label) and the page drawn into pixels (nothing printed over a label's edge),
 * for the longest codes the rules allow, made of the widest characters of the alphabet.
 */

const PASSWORD = 'Pass-word-1';
const PDF_PT_PER_MM = 72 / 25.4;
/** Prefix, body and check character at their longest. */
const LONGEST = RULE_PREFIX_MAX + RULE_BODY_MAX + 1;
const STANDARD_FONTS = `${path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

let t: TestApp;
let token = '';
let hiddenOf: (code: string) => string;
let jobId = '';
let codes: string[] = [];

function randomOf(alphabet: string, length: number): string {
  return Array.from({ length }, () => alphabet[Math.floor(Math.random() * alphabet.length)]).join('');
}

beforeAll(async () => {
  t = await startTestApp({ PUBLIC_BASE_URL: 'https://trace.example.com' });
  const db = t.database.db;
  const company = await createCompany(db, 'Label company');
  await createUser(db, { username: 'label_admin', password: PASSWORD, userType: '3', companyId: company, roles: ['ENTERPRISE_ADMIN'] });
  token = await signIn(t.app, 'label_admin', PASSWORD);
  const rule = await insertRule(db, company, { name: 'Longest', hiddenLength: 8 });
  const letters = CODE_ALPHABETS.CROCKFORD32;
  codes = [
    'W'.repeat(LONGEST),
    'M'.repeat(LONGEST - 1) + 'W',
    `00${randomOf('0123456789', LONGEST - 2)}`,
    randomOf(letters, LONGEST),
    randomOf(letters, LONGEST),
    // Shorter codes stay beside the QR code at their own size.
    `WM${randomOf(letters, 18)}`,
    randomOf(letters, 13),
  ];
  jobId = (await insertJob(db, { companyId: company, ruleId: rule, codes })).id;
  hiddenOf = hiddenCodeMaker(await companySecret(db, company), 8);
});

afterAll(async () => {
  await t?.close();
});

async function labelSheet(layout: LabelLayoutName): Promise<PDFDocumentProxy> {
  const res = await call(t.app, 'POST', '/acc/api/codeRecord/downloadQRCode', { token, body: { id: jobId, format: 'pdf', layout } });
  expect(res.headers['content-type']).toBe('application/pdf');
  return getDocument({ data: new Uint8Array(res.raw), standardFontDataUrl: STANDARD_FONTS, verbosity: 0 }).promise;
}

/** A label's box in PDF user space (origin bottom left), inside its padding. */
function printable(layout: LabelLayoutName, slot: number, pageHeight: number) {
  const spec = LABEL_LAYOUT_SPECS[layout];
  const origin = labelOrigin(spec, slot);
  return {
    left: origin.x + mm(spec.padding),
    right: origin.x + mm(spec.labelWidth - spec.padding),
    bottom: pageHeight - origin.y - mm(spec.labelHeight - spec.padding),
    top: pageHeight - origin.y - mm(spec.padding),
  };
}

describe.each(LABEL_LAYOUTS)('the %s label sheet', (layout) => {
  it('prints every code whole, on one line, inside its label, and the hidden code beside it', async () => {
    const pdf = await labelSheet(layout);
    try {
      const page = await pdf.getPage(1);
      const [, , , pageHeight] = page.view as [number, number, number, number];
      const items = (await page.getTextContent()).items.filter((i): i is TextItem => 'str' in i && i.str.trim() !== '');
      for (const [slot, code] of codes.entries()) {
        const box = printable(layout, slot, pageHeight);
        for (const text of [code, hiddenOf(code)]) {
          const found = items.filter((i) => i.str.replace(/\s/g, '') === text);
          expect(found, `${text} as one piece of text`).toHaveLength(1);
          const item = found[0]!;
          const [, , , , x, y] = item.transform as number[];
          expect(x!, text).toBeGreaterThanOrEqual(box.left - 0.01);
          expect(x! + item.width, text).toBeLessThanOrEqual(box.right + 0.01);
          expect(y!, text).toBeGreaterThanOrEqual(box.bottom - 0.01);
          expect(y! + item.height, text).toBeLessThanOrEqual(box.top + 0.01);
        }
        // No other piece of text carries a part of the code: it was not cut.
        const parts = items.filter((i) => i.str.length >= 3 && i.str !== code && code.includes(i.str));
        expect(parts.map((i) => i.str)).toEqual([]);
      }
    } finally {
      await pdf.destroy();
    }
  });

  it('draws nothing over the edges of a label, read from the page drawn into pixels', async () => {
    const pdf = await labelSheet(layout);
    try {
      const page = await pdf.getPage(1);
      const scale = 3;
      const viewport = page.getViewport({ scale });
      const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
      const context = canvas.getContext('2d');
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, canvas.width, canvas.height);
      // pdf.js draws on any canvas of the web's API; @napi-rs/canvas is one for Node.
      type RenderParameters = Parameters<typeof page.render>[0];
      await page.render({ canvas: canvas as unknown as RenderParameters['canvas'], canvasContext: context as unknown as RenderParameters['canvasContext'], viewport }).promise;
      const { data, width } = context.getImageData(0, 0, canvas.width, canvas.height);
      const spec = LABEL_LAYOUT_SPECS[layout];
      const px = (pt: number) => Math.round(pt * scale);
      let inkInside = 0;
      for (let slot = 0; slot < codes.length; slot++) {
        const origin = labelOrigin(spec, slot);
        const labelLeft = px(origin.x);
        const labelTop = px(origin.y);
        const labelRight = px(origin.x + mm(spec.labelWidth));
        const labelBottom = px(origin.y + mm(spec.labelHeight));
        // The margin a label printer may miss by: a band along every edge, most of the padding.
        const band = px(mm(spec.padding) * 0.8);
        for (let y = labelTop; y < labelBottom; y++) {
          for (let x = labelLeft; x < labelRight; x++) {
            const dark = (data[(y * width + x) * 4] as number) < 160;
            if (!dark) continue;
            const inBand = x < labelLeft + band || x >= labelRight - band || y < labelTop + band || y >= labelBottom - band;
            expect(inBand, `ink at (${x}, ${y}) in the edge of label ${slot}`).toBe(false);
            inkInside++;
          }
        }
      }
      // The page was really drawn: symbols and text put plenty of ink inside the labels.
      expect(inkInside).toBeGreaterThan(codes.length * 1000);
      expect(PDF_PT_PER_MM * 210).toBeCloseTo(viewport.width / scale, 0);
    } finally {
      await pdf.destroy();
    }
  });
});
