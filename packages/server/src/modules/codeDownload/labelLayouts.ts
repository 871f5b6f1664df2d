import type { LabelLayoutName } from '@rd/contract';

/** Millimetres to PDF points. */
export const mm = (value: number) => (value * 72) / 25.4;

/** A sheet of labels: paper size, grid, the label's size and the space inside it, all in millimetres. */
export interface LabelLayout {
  pageWidth: number;
  pageHeight: number;
  columns: number;
  rows: number;
  labelWidth: number;
  labelHeight: number;
  /** White space kept inside each label's edge (the printer's tolerance). */
  padding: number;
  /** Between the QR code and the text. */
  gap: number;
  /** Font sizes in points. */
  codeSize: number;
  /**
   * The smallest size the code is printed at beside the QR code. A code that would need a smaller one (the
   * longest codes the rules allow) goes under the QR code, across the label's whole width, which shrinks the
   * QR code a little; either way the code is printed whole on one line.
   */
  codeMinSize: number;
  hiddenSize: number;
}

/**
 * Common A4 label sheets. The grid is centred on the page: A4_3x8 is 24 labels of 70 × 37 mm (Avery 3474 and
 * its equivalents), A4_4x10 is 40 labels of 52.5 × 29.7 mm.
 */
export const LABEL_LAYOUT_SPECS: Record<LabelLayoutName, LabelLayout> = {
  A4_3x8: {
    pageWidth: 210,
    pageHeight: 297,
    columns: 3,
    rows: 8,
    labelWidth: 70,
    labelHeight: 37,
    padding: 3,
    gap: 2,
    codeSize: 8,
    codeMinSize: 6,
    hiddenSize: 9,
  },
  A4_4x10: {
    pageWidth: 210,
    pageHeight: 297,
    columns: 4,
    rows: 10,
    labelWidth: 52.5,
    labelHeight: 29.7,
    padding: 2.5,
    gap: 1.5,
    codeSize: 6.5,
    codeMinSize: 5,
    hiddenSize: 7,
  },
};

export const labelsPerPage = (layout: LabelLayout) => layout.columns * layout.rows;

/** The top-left corner of the label in slot `slot` of a page, in points. */
export function labelOrigin(layout: LabelLayout, slot: number): { x: number; y: number } {
  const left = (layout.pageWidth - layout.columns * layout.labelWidth) / 2;
  const top = (layout.pageHeight - layout.rows * layout.labelHeight) / 2;
  const column = slot % layout.columns;
  const row = Math.floor(slot / layout.columns);
  return { x: mm(left + column * layout.labelWidth), y: mm(top + row * layout.labelHeight) };
}
