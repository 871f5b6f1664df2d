import { z } from 'zod';
import { isValidGtin } from '../../tag/checkCharacters.js';
import { zString } from '../../validators.js';
import { isIsoDateText } from '../userinfo.js';

/**
 * Field rules shared by categories, templates, products and batches. Messages are validation keys:
 * the server translates them, the web forms show the same texts.
 */

export const CATALOGUE_STATUSES = ['ENABLED', 'DISABLED'] as const;
export const catalogueStatusSchema = z.enum(CATALOGUE_STATUSES, { error: 'validation.oneOf' });
export type CatalogueStatus = z.infer<typeof catalogueStatusSchema>;

export const zId = z.uuid({ error: 'validation.invalid' });

/** A calendar day written YYYY-MM-DD (2024-02-30 is not one). */
export const zIsoDate = zString().refine(isIsoDateText, 'validation.date');

/** '' and undefined mean "none" for optional references and dates (forms send empty fields). */
export function nullWhenBlank<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === '' || value === undefined ? null : value), schema.nullable());
}

/** Optional one-line text: trimmed, '' when left out. */
export const zText = (max: number) => zString().trim().max(max, 'validation.tooLong').default('');
/** A required one-line text. */
export const zName = (max: number) => zString().trim().min(1, 'validation.required').max(max, 'validation.tooLong');

// C0 and C1 control characters other than tab and line feed, and the Unicode line / paragraph separators.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029]/g;

/**
 * Multi-line text as it is stored and shown: line ends made \n, control characters removed, trailing
 * blanks cut. Nothing is ever read as HTML, so markup a user types stays visible text.
 */
export function toPlainText(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(CONTROL, '').trimEnd();
}
export const zPlainText = (max: number) => zString().transform(toPlainText).pipe(z.string().max(max, 'validation.tooLong'));

/** Attribute keys: a letter, then letters, digits or underscores; at most 32 characters. */
export const ATTR_KEY = /^[a-zA-Z][a-zA-Z0-9_]{0,31}$/;
export const zAttrKey = zString().trim().regex(ATTR_KEY, 'validation.attrKey');

/** GTIN-8/12/13/14 with its GS1 check digit; kept as typed (no padding). */
export const zGtin = zString().trim().refine(isValidGtin, 'validation.gtin');

/**
 * Batch numbers (GS1 AI 10): 1 to 20 characters of GS1 character set 82 — letters, digits and
 * ! " % & ' ( ) * + , - . / : ; < = > ? _ — so they fit a GS1 barcode or Digital Link unchanged.
 */
export const BATCH_NO_MAX = 20;
export const BATCH_NO = /^[!"%&'()*+,\-./0-9:;<=>?A-Z_a-z]{1,20}$/;
export const isValidBatchNo = (value: unknown): boolean => typeof value === 'string' && BATCH_NO.test(value);
export const zBatchNo = zString().trim().regex(BATCH_NO, 'validation.batchNo');

/** A list of ids (stored files) without repeats. */
export function zIdList(max: number) {
  return z
    .array(zId)
    .max(max, 'validation.tooBig')
    .refine((ids) => new Set(ids).size === ids.length, 'validation.unique');
}
