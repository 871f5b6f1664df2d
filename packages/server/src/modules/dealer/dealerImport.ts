import {
  CATALOGUE_STATUSES,
  DEALER_IMPORT_ROWS_MAX,
  catalogueMessage,
  dealerImportRowSchema,
  formatMessage,
  listSeparator,
  type CatalogueStatus,
  type ImportResult,
  type Lang,
} from '@rd/contract';
import { areaCodeOfText, areaListItems } from '@rd/contract/areas';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Principal } from '../../platform/auth/sessionStore.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../platform/db/constraintErrors.js';
import type { DB } from '../../platform/db/schema.js';
import { conflict } from '../../platform/http/appError.js';
import { fieldErrorsOf } from '../../platform/http/fieldErrors.js';
import { IMPORT_TEXTS } from '../../platform/import/columns.js';
import { ImportErrors } from '../../platform/import/importErrors.js';
import { addFieldErrors, readImportSheet, type SheetLayout, type Spreadsheet } from '../../platform/import/importSheet.js';
import { templateWorkbook } from '../../platform/import/template.js';
import { ownCompany } from '../product/ownCompany.js';
import { DEALER_COLUMNS, DEALER_IMPORT_TEXTS, EXAMPLE_REMARKS, type DealerColumnKey, type ImportTexts } from './importColumns.js';
import { DEALER_MESSAGES } from './messages.js';
import { dealersByCode, insertDealers } from './store.js';

type ImportedRow = z.infer<typeof dealerImportRowSchema>;

/** The dealer template in the reader's language: status and "name on the consumer page" as drop-downs. */
export async function dealerTemplate(principal: Principal, lang: Lang) {
  ownCompany(principal);
  const texts = DEALER_IMPORT_TEXTS[lang];
  const bytes = await templateWorkbook({
    sheetName: texts.sheet,
    columns: DEALER_COLUMNS,
    example: { status: texts.statuses.ENABLED, namePublic: texts.yes, remark: texts.exampleRemark },
    lists: [
      { key: 'status', values: CATALOGUE_STATUSES.map((s) => texts.statuses[s]) },
      { key: 'namePublic', values: [texts.yes, texts.no] },
    ],
    lang,
  });
  return { bytes, fileName: texts.file };
}

const plainWord = (text: string) => text.trim().toLowerCase();

/** A status written in either language (启用, Enabled, ENABLED); undefined when it is none of them. */
function statusOf(text: string): CatalogueStatus | undefined {
  const word = plainWord(text);
  return CATALOGUE_STATUSES.find(
    (s) => word === s.toLowerCase() || word === DEALER_IMPORT_TEXTS.zh_CN.statuses[s] || word === plainWord(DEALER_IMPORT_TEXTS.en_US.statuses[s]),
  );
}

/** 是 / Yes / true and 否 / No / false; undefined for anything else. */
function yesNoOf(text: string): boolean | undefined {
  const word = plainWord(text);
  if (['是', 'yes', 'true', 'y'].includes(word)) return true;
  if (['否', 'no', 'false', 'n'].includes(word)) return false;
  return undefined;
}

interface CellCheck {
  errors: ImportErrors;
  row: number;
  layout: SheetLayout<DealerColumnKey>;
}

const addCellError = ({ errors, row, layout }: CellCheck, key: DealerColumnKey, message: string) =>
  errors.add(row, layout.indexOf.get(key) ?? 0, layout.columnOf.get(key) ?? null, message);

/** The sales area cell as codes, each unknown area reported on the cell; undefined when the cell is blank. */
function areasOf(text: string | undefined, check: CellCheck, texts: ImportTexts): { codes: string[] | undefined; ok: boolean } {
  if (text === undefined) return { codes: undefined, ok: true };
  const codes: string[] = [];
  const unknown: string[] = [];
  for (const item of areaListItems(text)) {
    const code = areaCodeOfText(item);
    if (code) codes.push(code);
    else unknown.push(item);
  }
  for (const item of unknown) addCellError(check, 'areaCodes', formatMessage(texts.unknownArea, { value: item }));
  return { codes, ok: unknown.length === 0 };
}

/** A drop-down cell read back as its value; a word outside the list is reported with the choices. */
function choiceOf<T>(text: string | undefined, read: (text: string) => T | undefined, key: DealerColumnKey, choices: string[], check: CellCheck, lang: Lang) {
  if (text === undefined) return { value: undefined, ok: true };
  const value = read(text);
  if (value === undefined) addCellError(check, key, formatMessage(IMPORT_TEXTS[lang].chooseFromList, { values: choices.join(listSeparator(lang)) }));
  return { value, ok: value !== undefined };
}

const textOf = (value: string | number | undefined) => (value === undefined ? undefined : String(value));

interface ValidRow {
  row: number;
  body: ImportedRow;
}

/**
 * Imports dealers from a filled template, all or nothing: every row is checked with the dealer form's own
 * rules; areas are read from words or codes; the parent is a dealer of the file or of the company one
 * level up; codes may not repeat in the file or the company. Any problem: nothing is written and the
 * problems are answered by row and column. Parents are written before their sub-dealers.
 */
export async function importDealers(db: Kysely<DB>, principal: Principal, file: Spreadsheet, lang: Lang): Promise<ImportResult> {
  const companyId = ownCompany(principal);
  const texts = DEALER_IMPORT_TEXTS[lang];
  const errors = new ImportErrors();
  const valid: ValidRow[] = [];
  /** Row of each code in the file, and the level of each row that could be read. */
  const rowOfCode = new Map<string, number>();
  const levelOfCode = new Map<string, number>();
  let layoutOfFile: SheetLayout<DealerColumnKey> | null = null;

  const rowCount = await readImportSheet<DealerColumnKey>({
    file,
    exampleRow: { key: 'remark', values: EXAMPLE_REMARKS },
    columns: DEALER_COLUMNS,
    maxRows: DEALER_IMPORT_ROWS_MAX,
    lang,
    errors,
    onRow: (row, values, layout) => {
      layoutOfFile = layout;
      const check: CellCheck = { errors, row, layout };
      const areas = areasOf(textOf(values.areaCodes), check, texts);
      const status = choiceOf(textOf(values.status), statusOf, 'status', CATALOGUE_STATUSES.map((s) => texts.statuses[s]), check, lang);
      const namePublic = choiceOf(textOf(values.namePublic), yesNoOf, 'namePublic', [texts.yes, texts.no], check, lang);
      const parsed = dealerImportRowSchema.safeParse({
        ...values,
        code: textOf(values.code),
        phone: textOf(values.phone),
        parentCode: textOf(values.parentCode),
        areaCodes: areas.codes,
        status: status.value,
        namePublic: namePublic.value,
      });
      if (!parsed.success) {
        // an area already reported as unknown is not "required" as well
        const fieldErrors = fieldErrorsOf(parsed.error.issues, lang).filter((e) => areas.ok || !e.field.startsWith('areaCodes'));
        addFieldErrors(errors, row, fieldErrors, layout);
        return;
      }
      const body = parsed.data;
      const first = rowOfCode.get(body.code);
      if (first !== undefined) {
        addCellError(check, 'code', formatMessage(IMPORT_TEXTS[lang].duplicateInFile, { row: first }));
        return;
      }
      rowOfCode.set(body.code, row);
      levelOfCode.set(body.code, body.level);
      if (areas.ok && status.ok && namePublic.ok) valid.push({ row, body: { ...body, areaCodes: [...new Set(body.areaCodes)] } });
    },
  });

  errors.nextPass();
  const layout = layoutOfFile as SheetLayout<DealerColumnKey> | null;
  const parentCodes = valid.map((v) => v.body.parentCode).filter((code) => code !== '');
  const saved = await dealersByCode(db, companyId, [...new Set([...rowOfCode.keys(), ...parentCodes])]);
  if (layout) {
    for (const { row, body } of valid) {
      const check: CellCheck = { errors, row, layout };
      if (saved.has(body.code)) addCellError(check, 'code', catalogueMessage('DUPLICATE', lang, { field: DEALER_MESSAGES.codeLabel[lang], value: body.code }));
      if (!body.parentCode) continue;
      // a parent row of the file that could not be read has its own errors already
      const parentLevel = levelOfCode.get(body.parentCode) ?? saved.get(body.parentCode)?.level;
      if (parentLevel === undefined) {
        if (!rowOfCode.has(body.parentCode)) addCellError(check, 'parentCode', formatMessage(texts.unknownParent, { value: body.parentCode }));
      } else if (parentLevel !== body.level - 1) {
        addCellError(check, 'parentCode', formatMessage(texts.parentLevel, { value: body.parentCode, level: parentLevel, expected: body.level - 1 }));
      }
    }
  }

  if (errors.count > 0) return { imported: 0, rowCount, errorCount: errors.count, errors: errors.list(lang) };
  try {
    await db.transaction().execute(async (trx) => {
      const idOfCode = new Map([...saved].map(([code, dealer]) => [code, dealer.id]));
      const levels = [...new Set(valid.map((v) => v.body.level))].sort((x, y) => x - y);
      for (const level of levels) {
        const rows = valid
          .filter((v) => v.body.level === level)
          .map(({ body: { parentCode, ...fields } }) => ({ ...fields, parentId: parentCode ? (idOfCode.get(parentCode) ?? null) : null }));
        for (const inserted of await insertDealers(trx, companyId, principal.userId, rows)) idOfCode.set(inserted.code, inserted.id);
      }
    });
  } catch (error) {
    // a dealer with one of these codes saved meanwhile, or a parent deleted: the whole import is refused
    if (isUniqueViolation(error) || isForeignKeyViolation(error)) throw conflict();
    throw error;
  }
  return { imported: valid.length, rowCount, errorCount: 0, errors: [] };
}
