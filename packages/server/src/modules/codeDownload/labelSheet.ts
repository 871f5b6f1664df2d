import fs from 'node:fs';
import type { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import type PDFDocument from 'pdfkit';
import { lazyPackage } from '../../platform/lazyPackage.js';
import { mapInOrder, rebatch } from './inOrder.js';
import type { LabelContent } from './labelContent.js';
import { labelOrigin, labelsPerPage, mm, type LabelLayout } from './labelLayouts.js';
import type { QrMatrix, QrPool } from './qrPool.js';

/** Debian's fonts-wqy-microhei: Chinese captions need a CJK font; without it the captions are in English. */
/** pdfkit (and its font engine), loaded with the first label sheet. */
const pdfkit = lazyPackage<typeof PDFDocument>('pdfkit');

export const CJK_FONT_FILE = '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc';
const CJK_FONT_NAME = 'WenQuanYiMicroHei';

const TASK_SIZE = 100;
/** Bytes of finished PDF waiting for the client before drawing pauses. */
const UNREAD_MAX = 4 * 1024 * 1024;
/** Light modules around the symbol, in modules (the label's padding adds more). */
const QUIET_MODULES = 2;

export interface LabelSheetInput {
  layout: LabelLayout;
  batches: AsyncIterable<string[]>;
  labelOf: (code: string) => LabelContent;
  pool: QrPool;
  /** Caption before the hidden code, by whether a CJK font is at hand. */
  hiddenCaption: { cjk: string; latin: string };
  title: string;
  onError: (error: unknown) => void;
  fontFile?: string;
}

/**
 * The dark modules as one path of rectangles in module units, a run of dark modules in a row being one
 * rectangle: a few hundred short operators per symbol, drawn as vectors (sharp at any printer resolution,
 * and far faster to write than an embedded image).
 */
export function qrPath({ size, dark }: QrMatrix): string {
  const parts: string[] = [];
  for (let row = 0; row < size; row++) {
    let column = 0;
    const offset = row * size;
    while (column < size) {
      if (!dark[offset + column]) {
        column++;
        continue;
      }
      const start = column;
      while (column < size && dark[offset + column]) column++;
      parts.push(`${start} ${row} ${column - start} 1 re`);
    }
  }
  return parts.join('\n');
}

/** Line height as a multiple of the font size. */
const LINE = 1.25;

/**
 * The font size at which `text` fits `width` on one line: `preferred`, or smaller. A code is never cut
 * into lines: a reader types it back character by character, and a line break inside it reads as two codes.
 */
export function fittingSize(doc: PDFKit.PDFDocument, text: string, width: number, preferred: number): number {
  doc.fontSize(preferred);
  const full = doc.widthOfString(text);
  // A hair under the exact ratio, so rounding in the font's metrics never pushes the text past the edge.
  return full <= width ? preferred : (preferred * width) / full * 0.995;
}

/** Where a label's code goes: beside the QR code when it can be printed there at a readable size, else under it. */
interface CodePlace {
  below: boolean;
  size: number;
  /** The QR code's side, in points. */
  side: number;
}

function placeCode(doc: PDFKit.PDFDocument, layout: LabelLayout, code: string): CodePlace {
  const innerWidth = mm(layout.labelWidth - 2 * layout.padding);
  const innerHeight = mm(layout.labelHeight - 2 * layout.padding);
  const beside = fittingSize(doc, code, innerWidth - innerHeight - mm(layout.gap), layout.codeSize);
  if (beside >= layout.codeMinSize) return { below: false, size: beside, side: innerHeight };
  const size = fittingSize(doc, code, innerWidth, layout.codeSize);
  return { below: true, size, side: innerHeight - size * LINE - mm(layout.gap) / 2 };
}

function drawLabel(doc: PDFKit.PDFDocument, input: LabelSheetInput, caption: string, slot: number, label: LabelContent, qr: QrMatrix) {
  const { layout } = input;
  const origin = labelOrigin(layout, slot);
  const place = placeCode(doc, layout, label.code);
  const { side } = place;
  const module = side / (qr.size + 2 * QUIET_MODULES);
  const left = origin.x + mm(layout.padding);
  const top = origin.y + mm(layout.padding);
  const innerHeight = mm(layout.labelHeight - 2 * layout.padding);

  doc.save();
  doc.transform(module, 0, 0, module, left + QUIET_MODULES * module, top + QUIET_MODULES * module);
  doc.addContent(qrPath(qr));
  doc.fill('#000000');
  doc.restore();

  const textLeft = left + side + mm(layout.gap);
  const codeHeight = place.size * LINE;
  const hiddenHeight = label.hidden ? layout.hiddenSize * LINE * 2 : 0;
  doc.fontSize(place.size);
  if (place.below) {
    doc.text(label.code, left, top + innerHeight - codeHeight, { lineBreak: false });
  }
  // Beside the QR code: the code (when it is there) and the hidden code, centred together.
  const besideHeight = (place.below ? 0 : codeHeight) + (place.below || !label.hidden ? 0 : codeHeight * 0.5) + hiddenHeight;
  let y = top + (side - besideHeight) / 2;
  if (!place.below) {
    doc.text(label.code, textLeft, y, { lineBreak: false });
    y += codeHeight * 1.5;
  }
  if (label.hidden) {
    doc.fontSize(layout.hiddenSize);
    doc.text(caption, textLeft, y, { lineBreak: false });
    doc.text(label.hidden, textLeft, y + layout.hiddenSize * LINE, { lineBreak: false, characterSpacing: 1 });
  }
}

/**
 * A print-ready PDF of a job's labels: per label the QR code (vector), the code and, where the rule has
 * one, the hidden code with its caption. Pages are written out as they fill and drawing waits while the
 * client has not read what was written, so memory stays bounded whatever the job's size.
 */
export function labelSheet(input: LabelSheetInput): Readable {
  // Every label's text is new: pdfkit's cache of laid-out words would keep all of them until the end.
  const doc = new (pdfkit())({ size: 'A4', margin: 0, autoFirstPage: false, fontLayoutCache: false, info: { Title: input.title } });
  const fontFile = input.fontFile ?? CJK_FONT_FILE;
  const cjk = fs.existsSync(fontFile);
  if (cjk) doc.registerFont('label', fontFile, CJK_FONT_NAME);
  doc.font(cjk ? 'label' : 'Helvetica');
  const caption = cjk ? input.hiddenCaption.cjk : input.hiddenCaption.latin;
  const perPage = labelsPerPage(input.layout);
  let stopped = false;
  doc.once('close', () => (stopped = true));
  doc.once('error', () => (stopped = true));

  const draw = async (codes: string[]) => {
    const labels = codes.map(input.labelOf);
    const symbols = await input.pool.render('matrix', labels.map((l) => l.url));
    return labels.map((label, i) => ({ label, qr: symbols[i] as QrMatrix }));
  };

  const produce = async () => {
    let drawn = 0;
    for await (const items of mapInOrder(rebatch(input.batches, TASK_SIZE), draw, input.pool.size * 2)) {
      for (const { label, qr } of items) {
        const slot = drawn % perPage;
        if (slot === 0) doc.addPage({ size: 'A4', margin: 0 });
        drawLabel(doc, input, caption, slot, label, qr);
        drawn++;
      }
      while (!stopped && doc.readableLength > UNREAD_MAX) await sleep(5);
      if (stopped) return;
    }
    if (drawn === 0) doc.addPage({ size: 'A4', margin: 0 });
    doc.end();
  };
  produce().catch((error: unknown) => {
    if (stopped) return;
    input.onError(error);
    doc.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return doc;
}
