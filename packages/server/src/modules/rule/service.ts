import {
  RULE_FIELD_LABELS,
  RULE_SHAPE_FIELDS,
  SAMPLE_GTIN,
  codeSpaceFigures,
  ruleMessage,
  ruleShapeProblems,
  type Lang,
  type RulePreview,
  type RuleProblem,
  type RuleShapeField,
  type ruleAddBodySchema,
  type ruleEditBodySchema,
  type ruleListQuerySchema,
  type rulePageQuerySchema,
  type rulePreviewBodySchema,
  listSeparator,
} from '@rd/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Principal } from '../../platform/auth/sessionStore.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../platform/db/constraintErrors.js';
import type { DB } from '../../platform/db/schema.js';
import { AppError, notFound } from '../../platform/http/appError.js';
import { duplicateField } from '../../platform/http/inputErrors.js';
import { codeUrl, hiddenCode, randomCodes, sequentialCode, type CodeShape } from './codeMaker.js';
import { companySecret } from './companySecret.js';
import {
  deleteRule,
  enabledRules,
  insertRule,
  lockRule,
  ruleHasJobs,
  ruleNameTaken,
  rulePage,
  ruleRow,
  ruleShapeLocked,
  updateRule,
  type RuleValues,
} from './store.js';

type AddBody = z.infer<typeof ruleAddBodySchema>;
type EditBody = z.infer<typeof ruleEditBodySchema>;
type PageQuery = z.infer<typeof rulePageQuerySchema>;
type ListQuery = z.infer<typeof ruleListQuerySchema>;
type PreviewBody = z.infer<typeof rulePreviewBodySchema>;

/** How many sample codes a preview shows. */
export const PREVIEW_SAMPLES = 5;

/** Rules are a company's own data: platform accounts (no company) have none to manage. */
function companyOf(principal: Principal): string {
  if (!principal.companyId) throw new AppError('COMPANY_REQUIRED');
  return principal.companyId;
}

function problemsError(problems: RuleProblem[], lang: Lang): AppError {
  return new AppError(
    'PARAM_CHECK',
    undefined,
    problems.map((p) => ({ field: p.field, message: ruleMessage(p.key, lang, p.params) })),
  );
}

function duplicateName(ruleName: string, lang: Lang): AppError {
  return duplicateField(lang, 'ruleName', RULE_FIELD_LABELS.ruleName, ruleName);
}

/** Names every frozen field the edit tried to change, in the message and on each field. */
function shapeFrozen(fields: RuleShapeField[], lang: Lang): AppError {
  const separator = listSeparator(lang);
  return new AppError(
    'RULE_SHAPE_FROZEN',
    { fields: fields.map((f) => RULE_FIELD_LABELS[f][lang]).join(separator) },
    fields.map((field) => ({ field, message: ruleMessage('rule.shapeFrozen', lang) })),
  );
}

export async function listRulePage(db: Kysely<DB>, principal: Principal, query: PageQuery) {
  return rulePage(db, companyOf(principal), query);
}

export async function listEnabledRules(db: Kysely<DB>, principal: Principal, query: ListQuery) {
  return enabledRules(db, companyOf(principal), query);
}

export async function getRule(db: Kysely<DB>, principal: Principal, id: string) {
  const row = await ruleRow(db, companyOf(principal), id);
  if (!row) throw notFound();
  return row;
}

export async function addRule(db: Kysely<DB>, principal: Principal, body: AddBody, lang: Lang) {
  const companyId = companyOf(principal);
  const problems = ruleShapeProblems(body);
  if (problems.length) throw problemsError(problems, lang);
  let id: string;
  try {
    id = await db.transaction().execute(async (trx) => {
      if (await ruleNameTaken(trx, companyId, body.ruleName)) throw duplicateName(body.ruleName, lang);
      return insertRule(trx, companyId, principal.userId, body);
    });
  } catch (error) {
    // Two adds of one name at once: the unique index (company_id, rule_name) decides.
    if (isUniqueViolation(error)) throw duplicateName(body.ruleName, lang);
    throw error;
  }
  return getRule(db, principal, id);
}

/**
 * Changes the fields sent. Name, remark, threshold, URL form and status may always change; the shape
 * fields only while no code exists (codes already printed follow the shape they were made with).
 */
export async function editRule(db: Kysely<DB>, principal: Principal, body: EditBody, lang: Lang) {
  const companyId = companyOf(principal);
  let ruleName = body.ruleName ?? '';
  try {
    await db.transaction().execute(async (trx) => {
      const current = await lockRule(trx, companyId, body.id);
      if (!current) throw notFound();
      const next: RuleValues = {
        ruleName: body.ruleName ?? current.ruleName,
        kind: body.kind ?? current.kind,
        mode: body.mode ?? current.mode,
        prefix: body.prefix ?? current.prefix,
        bodyLength: body.bodyLength ?? current.bodyLength,
        alphabet: body.alphabet ?? current.alphabet,
        checkScheme: body.checkScheme ?? current.checkScheme,
        hiddenLength: body.hiddenLength ?? current.hiddenLength,
        urlForm: body.urlForm ?? current.urlForm,
        repeatThreshold: body.repeatThreshold ?? current.repeatThreshold,
        status: body.status ?? current.status,
        remark: body.remark ?? current.remark,
      };
      ruleName = next.ruleName;
      const changedShape = RULE_SHAPE_FIELDS.filter((field) => next[field] !== current[field]);
      if (changedShape.length && (await ruleShapeLocked(trx, current.id))) throw shapeFrozen(changedShape, lang);
      // A stored rule passed these checks when it was saved; they are asked again only of what changes.
      if (changedShape.length || next.urlForm !== current.urlForm) {
        const problems = ruleShapeProblems(next, current.checkScheme);
        if (problems.length) throw problemsError(problems, lang);
      }
      if (next.ruleName !== current.ruleName && (await ruleNameTaken(trx, companyId, next.ruleName, current.id))) {
        throw duplicateName(next.ruleName, lang);
      }
      await updateRule(trx, current.id, next);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateName(ruleName, lang);
    throw error;
  }
  return getRule(db, principal, body.id);
}

/** Refused while the rule has generation jobs (and so, possibly, codes): they refer to it. */
export async function removeRule(db: Kysely<DB>, principal: Principal, id: string): Promise<void> {
  const companyId = companyOf(principal);
  try {
    await db.transaction().execute(async (trx) => {
      const rule = await lockRule(trx, companyId, id);
      if (!rule) throw notFound();
      if (await ruleHasJobs(trx, id)) throw new AppError('RULE_IN_USE');
      await deleteRule(trx, id);
    });
  } catch (error) {
    // A job was created after the check: its foreign key keeps the rule.
    if (isForeignKeyViolation(error)) throw new AppError('RULE_IN_USE');
    throw error;
  }
}

/**
 * Sample codes of a rule that is not saved yet, as they will be printed: the code, its check character,
 * its hidden code under the caller's company secret, the URL of its QR image, and what the code space
 * means for guessing. Samples of a sequential rule are its first serials.
 */
export async function previewRule(
  db: Kysely<DB>,
  principal: Principal,
  body: PreviewBody,
  baseUrl: string,
  lang: Lang,
): Promise<RulePreview> {
  const companyId = companyOf(principal);
  // a preview saves nothing: it may show what a rule of an old check scheme prints
  const problems = ruleShapeProblems(body, body.checkScheme);
  if (problems.length) throw problemsError(problems, lang);
  const shape: CodeShape = { prefix: body.prefix, bodyLength: body.bodyLength, alphabet: body.alphabet, checkScheme: body.checkScheme };
  const codes =
    body.mode === 'RANDOM'
      ? randomCodes(shape, PREVIEW_SAMPLES)
      : Array.from({ length: PREVIEW_SAMPLES }, (_, i) => sequentialCode(shape, BigInt(i + 1)));
  const secret = body.hiddenLength > 0 ? await companySecret(db, companyId) : null;
  const gtin = body.urlForm === 'GS1' ? (body.gtin ?? SAMPLE_GTIN) : null;
  return {
    samples: codes.map((code) => ({
      code,
      checkChar: body.checkScheme === 'NONE' ? '' : code.slice(-1),
      hiddenCode: secret ? hiddenCode(secret, code, body.hiddenLength) : '',
      url: codeUrl(baseUrl, code, { urlForm: body.urlForm, gtin }),
    })),
    ...codeSpaceFigures(body),
    gtin,
    sampleGtin: gtin !== null && !body.gtin,
  };
}
