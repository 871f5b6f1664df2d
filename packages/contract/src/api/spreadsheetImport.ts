import { z } from 'zod';

/** Imports of filled .xlsx templates (medicinal products and batches, dealers): what they answer. */

/** One problem of an import: the spreadsheet row, the column (header text and letter) and why. */
export const importErrorSchema = z.object({
  row: z.number(),
  column: z.string(),
  columnLetter: z.string(),
  message: z.string(),
});
export type ImportError = z.infer<typeof importErrorSchema>;

/** Errors an import answers at most; errorCount tells how many there were in all. */
export const IMPORT_ERRORS_MAX = 200;

/**
 * What an import did. With any error nothing is written (imported 0); the errors name the first
 * IMPORT_ERRORS_MAX problems in row order.
 */
export const importResultSchema = z.object({
  imported: z.number(),
  rowCount: z.number(),
  errorCount: z.number(),
  errors: z.array(importErrorSchema),
});
export type ImportResult = z.infer<typeof importResultSchema>;
