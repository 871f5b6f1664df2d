import { z } from 'zod';
import { pageQuerySchema } from '../paging.js';
import { isUscc, zPhone, zString } from '../validators.js';
import { businessTermProblem, isCompanyWebsite, normaliseWebsite, storedBusinessTerm } from './companyInfoText.js';
import { nullWhenBlank, zId, zName, zPlainText, zText } from './products/fields.js';

/**
 * Company info (spec 7.8, api/companyInfo): a company reports its info, the platform audits it
 * (DOMAIN.md "Company info"). States DRAFT → SUBMITTED → APPROVED | REJECTED; unSubmit takes SUBMITTED back
 * to DRAFT; editing an APPROVED report starts a new DRAFT revision while the approved copy stays published.
 */

export const COMPANY_INFO_STATUSES = ['DRAFT', 'SUBMITTED', 'APPROVED', 'REJECTED'] as const;
export const companyInfoStatusSchema = z.enum(COMPANY_INFO_STATUSES, { error: 'validation.oneOf' });
export type CompanyInfoStatusValue = z.infer<typeof companyInfoStatusSchema>;

export const COMPANY_INFO_ACTIONS = ['REPORT', 'EDIT', 'SUBMIT', 'UNSUBMIT', 'PASS', 'REJECT'] as const;
export type CompanyInfoAction = (typeof COMPANY_INFO_ACTIONS)[number];

export const COMPANY_FULL_NAME_MAX = 100;
export const COMPANY_SIMPLE_NAME_MAX = 50;
export const COMPANY_PERSON_MAX = 50;
export const COMPANY_ADDRESS_MAX = 200;
export const COMPANY_BUSINESS_TERM_MAX = 50;
export const COMPANY_BUSINESS_SCOPE_MAX = 1000;
export const COMPANY_WEBSITE_MAX = 200;
export const COMPANY_INTRODUCTION_MAX = 2000;
export const COMPANY_REJECT_REASON_MAX = 500;
export const COMPANY_LICENSE_LENGTH = 18;

/**
 * The unified social credit code as typed: blanks removed and letters made capital (the code has only
 * capitals), then its pattern and GB 32100-2015 check character.
 */
export const zLicenseNumber = zString()
  .transform((v) => v.replace(/\s+/g, '').toUpperCase())
  .pipe(z.string().refine(isUscc, 'validation.uscc'));

/** '' or a phone number (mobile or landline). */
const zOptionalPhone = zString()
  .trim()
  .pipe(z.union([z.literal(''), zPhone]))
  .default('');

/** A web address of the company: '' or http(s)://host…; a bare host gets https:// (normaliseWebsite). */
const zWebsite = zString()
  .transform(normaliseWebsite)
  .pipe(z.string().max(COMPANY_WEBSITE_MAX, 'validation.tooLong').refine(isCompanyWebsite, 'validation.website'))
  .default('');

/**
 * The business term (营业期限): '' or "YYYY-MM-DD 至 YYYY-MM-DD" / "YYYY-MM-DD 至 长期", real dates, the start not
 * after the end; typed in English words too ("… to open-ended") and stored in the licence's Chinese words.
 */
const zBusinessTerm = zString()
  .transform(storedBusinessTerm)
  .pipe(
    z
      .string()
      .max(COMPANY_BUSINESS_TERM_MAX, 'validation.tooLong')
      .superRefine((value, ctx) => {
        const problem = businessTermProblem(value);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
  )
  .default('');

/** The fields a company reports; the same keys are kept in the approved snapshot. */
export const companyInfoFieldsSchema = z.object({
  fullName: zName(COMPANY_FULL_NAME_MAX),
  simpleName: zText(COMPANY_SIMPLE_NAME_MAX),
  licenseNumber: zLicenseNumber,
  legalPerson: zText(COMPANY_PERSON_MAX),
  registerAddress: zText(COMPANY_ADDRESS_MAX),
  businessTerm: zBusinessTerm,
  businessScope: zPlainText(COMPANY_BUSINESS_SCOPE_MAX).default(''),
  contactName: zText(COMPANY_PERSON_MAX),
  contactPhone: zOptionalPhone,
  address: zText(COMPANY_ADDRESS_MAX),
  website: zWebsite,
  /** Plain text; the scan page shows it as text. */
  introduction: zPlainText(COMPANY_INTRODUCTION_MAX).default(''),
  /** Stored images of the company. */
  logoFileId: nullWhenBlank(zId).default(null),
  licenseFileId: nullWhenBlank(zId).default(null),
});
export type CompanyInfoFields = z.infer<typeof companyInfoFieldsSchema>;
export type CompanyInfoFieldsInput = z.input<typeof companyInfoFieldsSchema>;

/** report and editReport: always the caller's own company (taken from the session). */
export const companyInfoReportBodySchema = companyInfoFieldsSchema;

/** auditPass: the company whose submitted report passes. */
export const companyAuditPassBodySchema = z.object({ id: zId });
/** auditReject: the reason is required and shown to the company. */
export const companyAuditRejectBodySchema = z.object({
  id: zId,
  reason: zString().trim().min(1, 'validation.required').max(COMPANY_REJECT_REASON_MAX, 'validation.tooLong'),
});
export const companyInfoIdQuerySchema = z.object({ id: zId });

/** Which picture of a company's report an auditor views: the logo or the licence, of the working or approved copy. */
export const COMPANY_IMAGE_KINDS = ['logo', 'license'] as const;
export const COMPANY_IMAGE_COPIES = ['working', 'approved'] as const;
export const companyInfoImageQuerySchema = z.object({
  id: zId,
  kind: z.enum(COMPANY_IMAGE_KINDS, { error: 'validation.oneOf' }),
  copy: z.enum(COMPANY_IMAGE_COPIES, { error: 'validation.oneOf' }).default('working'),
});
export type CompanyInfoImageQuery = z.input<typeof companyInfoImageQuerySchema>;
export const COMPANY_INFO_IMAGE_PATH = '/acc/api/companyInfo/image';

export const companyInfoPageQuerySchema = pageQuerySchema.extend({
  status: nullWhenBlank(companyInfoStatusSchema).optional(),
  /** Part of the reported full name or of the merchant code. */
  fullName: z.string().trim().max(COMPANY_FULL_NAME_MAX).optional(),
});
export type CompanyInfoPageQuery = z.input<typeof companyInfoPageQuerySchema>;

const fieldsOutput = {
  fullName: z.string(),
  simpleName: z.string(),
  licenseNumber: z.string(),
  legalPerson: z.string(),
  registerAddress: z.string(),
  businessTerm: z.string(),
  businessScope: z.string(),
  contactName: z.string(),
  contactPhone: z.string(),
  address: z.string(),
  website: z.string(),
  introduction: z.string(),
  logoFileId: z.string().nullable(),
  licenseFileId: z.string().nullable(),
};
export const companyInfoSnapshotSchema = z.object(fieldsOutput);
export type CompanyInfoSnapshotValue = z.infer<typeof companyInfoSnapshotSchema>;

/** The working copy with its state; `approved` is the last approved copy (null before the first pass). */
export const companyInfoSchema = z.object({
  companyId: z.string(),
  merchantCode: z.string(),
  status: companyInfoStatusSchema,
  revision: z.number(),
  ...fieldsOutput,
  rejectReason: z.string(),
  submittedAt: z.date().nullable(),
  auditedAt: z.date().nullable(),
  approved: companyInfoSnapshotSchema.nullable(),
  approvedAt: z.date().nullable(),
  approvedRevision: z.number().nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
type InfoDates = 'submittedAt' | 'auditedAt' | 'approvedAt' | 'createdAt' | 'updatedAt';
export type CompanyInfo = Omit<z.infer<typeof companyInfoSchema>, InfoDates> & {
  submittedAt: string | null;
  auditedAt: string | null;
  approvedAt: string | null;
  createdAt: string;
  updatedAt: string;
};

/** One transition of the audit trail: from (null for the first report), to, who, when, comment. */
export const companyInfoTrailEntrySchema = z.object({
  id: z.string(),
  revision: z.number(),
  action: z.enum(COMPANY_INFO_ACTIONS),
  fromStatus: companyInfoStatusSchema.nullable(),
  toStatus: companyInfoStatusSchema,
  /** Who acted: the person's name, else the login name (shown); the login name apart (on hover). */
  actorName: z.string(),
  actorUsername: z.string(),
  comment: z.string(),
  createdAt: z.date(),
});
export type CompanyInfoTrailEntry = Omit<z.infer<typeof companyInfoTrailEntrySchema>, 'createdAt'> & { createdAt: string };

/** The company as registered (what the form starts from before the first report). */
export const registeredCompanySchema = z.object({
  companyId: z.string(),
  merchantCode: z.string(),
  fullName: z.string(),
  simpleName: z.string(),
  licenseNumber: z.string(),
  registerAddress: z.string(),
  businessTerm: z.string(),
  businessScope: z.string(),
});
export type RegisteredCompany = z.infer<typeof registeredCompanySchema>;

/** getCompanyInfo (own company) and getById (auditors): the company, its report (null before the first) and trail. */
export const companyInfoViewSchema = z.object({
  company: registeredCompanySchema,
  info: companyInfoSchema.nullable(),
  trail: z.array(companyInfoTrailEntrySchema),
});
export interface CompanyInfoView {
  company: RegisteredCompany;
  info: CompanyInfo | null;
  trail: CompanyInfoTrailEntry[];
}

/** A row of the auditors' list. */
export const companyInfoRowSchema = z.object({
  companyId: z.string(),
  merchantCode: z.string(),
  fullName: z.string(),
  licenseNumber: z.string(),
  status: companyInfoStatusSchema,
  revision: z.number(),
  submittedAt: z.date().nullable(),
  approvedAt: z.date().nullable(),
  updatedAt: z.date(),
});
export type CompanyInfoRow = Omit<z.infer<typeof companyInfoRowSchema>, 'submittedAt' | 'approvedAt' | 'updatedAt'> & {
  submittedAt: string | null;
  approvedAt: string | null;
  updatedAt: string;
};

/** Which actions the state machine allows from each state (the server enforces it; the screen shows only these). */
export const COMPANY_INFO_TRANSITIONS: Record<Exclude<CompanyInfoAction, 'REPORT'>, readonly CompanyInfoStatusValue[]> = {
  EDIT: ['DRAFT', 'REJECTED', 'APPROVED'],
  SUBMIT: ['DRAFT', 'REJECTED'],
  UNSUBMIT: ['SUBMITTED'],
  PASS: ['SUBMITTED'],
  REJECT: ['SUBMITTED'],
};

export function companyInfoActionAllowed(action: Exclude<CompanyInfoAction, 'REPORT'>, status: CompanyInfoStatusValue): boolean {
  return COMPANY_INFO_TRANSITIONS[action].includes(status);
}
