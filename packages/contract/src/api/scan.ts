import { z } from 'zod';
import { zString } from '../validators.js';
import { CHECK_SCHEMES } from '../tag/alphabets.js';
import { HIDDEN_CODE_MAX, SCAN_CLIENT_TYPES, SCAN_CODE_MAX, SCAN_VERDICTS } from '../scan/scanPage.js';

/**
 * Public verification (spec 7.7, DOMAIN.md "Verification" and "Scan records"): what a consumer's phone
 * sends and what it gets back. These calls need no session; they are rate limited by IP.
 *
 *   GET  /acc/api/securityCode/check         one verdict for a code, counted atomically, always recorded
 *   GET  /acc/api/securityCode/queryFarmer   the grower of the code's batch (public fields only)
 *   GET  /acc/api/securityCode/image/:fileId?code=…  a picture the scanned code's answer refers to
 *   POST /acc/api/scanCodeRecord/add         a scan event from the page (never counts)
 *   GET  /acc/api/wx/getSignature            WeChat JS-SDK signature of the page URL
 *   GET  /01/{gtin14}[/10/{batch}]/21/{code} GS1 Digital Link → 302 to /antiCounterfeiting?code=…
 */

export * from '../scan/scanPage.js';

const blankAsMissing = (value: unknown) => (value === '' || value === null ? undefined : value);
const zLatitude = z.preprocess(blankAsMissing, z.coerce.number({ error: 'validation.invalid' }).min(-90).max(90).optional());
const zLongitude = z.preprocess(blankAsMissing, z.coerce.number({ error: 'validation.invalid' }).min(-180).max(180).optional());

/** GET /acc/api/securityCode/check */
export const scanCheckQuerySchema = z.object({
  code: zString().trim().min(1, 'validation.required').max(SCAN_CODE_MAX, 'validation.tooLong'),
  /** The digits under the scratch-off layer, where the code's rule prints one. */
  hiddenCode: z.preprocess(blankAsMissing, zString().trim().max(HIDDEN_CODE_MAX, 'validation.tooLong').optional()),
  /** Browser geolocation, when the page already has it (it may also come later through scanCodeRecord/add). */
  lat: zLatitude,
  lng: zLongitude,
  lang: z.string().optional(),
});
export type ScanCheckQuery = z.input<typeof scanCheckQuerySchema>;

/** GET /acc/api/securityCode/queryFarmer */
export const scanFarmerQuerySchema = z.object({
  code: zString().trim().min(1, 'validation.required').max(SCAN_CODE_MAX, 'validation.tooLong'),
  hiddenCode: z.preprocess(blankAsMissing, zString().trim().max(HIDDEN_CODE_MAX, 'validation.tooLong').optional()),
  lang: z.string().optional(),
});
export type ScanFarmerQuery = z.input<typeof scanFarmerQuerySchema>;

/** GET securityCode/queryTrace: the same inputs as the grower's call (a rule with a hidden code needs it). */
export const scanTraceQuerySchema = scanFarmerQuerySchema;
export const scanTraceResultSchema = z.object({
  steps: z.array(
    z.object({
      step: z.enum(['MADE', 'PACKED', 'SHIPPED', 'RECEIVED', 'RETURNED']),
      at: z.string(),
      lot: z.string().optional(),
      region: z.string().optional(),
      dealer: z.string().optional(),
    }),
  ),
});

/**
 * POST /acc/api/scanCodeRecord/add. Never counts a scan. With `scanToken` (returned once by check) it
 * adds the browser's geolocation to the record that check wrote — once; without it, it records a scan
 * event of source SCAN (no verdict, no sequence number) for the code.
 */
export const scanRecordAddBodySchema = z
  .object({
    scanToken: z.preprocess(blankAsMissing, zString().max(200, 'validation.tooLong').optional()),
    code: z.preprocess(blankAsMissing, zString().trim().max(SCAN_CODE_MAX, 'validation.tooLong').optional()),
    lat: zLatitude,
    lng: zLongitude,
  })
  .refine((body) => body.scanToken !== undefined || body.code !== undefined, { path: ['code'], message: 'validation.required' })
  .refine((body) => (body.lat === undefined) === (body.lng === undefined), { path: ['lng'], message: 'validation.required' })
  // a token only carries a position
  .refine((body) => body.scanToken === undefined || body.lat !== undefined, { path: ['lat'], message: 'validation.required' });
export type ScanRecordAddBody = z.input<typeof scanRecordAddBodySchema>;

export const scanRecordAddResultSchema = z.object({
  /** ATTACHED: the check's record got the position; RECORDED: a new SCAN record was written. */
  outcome: z.enum(['ATTACHED', 'RECORDED']),
});
export type ScanRecordAddResult = z.infer<typeof scanRecordAddResultSchema>;

/** GET /acc/api/wx/getSignature */
export const wxSignatureQuerySchema = z.object({
  /** The page's full URL (anything after # is ignored, as the JS-SDK asks). */
  url: zString().trim().min(1, 'validation.required').max(2000, 'validation.tooLong').url('validation.invalid'),
  lang: z.string().optional(),
});
export type WxSignatureQuery = z.input<typeof wxSignatureQuerySchema>;

export const wxSignatureSchema = z.object({
  appId: z.string(),
  timestamp: z.number(),
  nonceStr: z.string(),
  signature: z.string(),
});
export type WxSignature = z.infer<typeof wxSignatureSchema>;

// ---------------------------------------------------------------------------------------------------
// The check's answer
// ---------------------------------------------------------------------------------------------------

/**
 * Pictures of a scanned code's answer are reachable without a session through this path, and only
 * for files the code's product, batch, grower or approved company info refers to.
 */
export const SCAN_IMAGE_PATH = '/acc/api/securityCode/image/:fileId';
export const scanImagePath = (fileId: string, code: string) =>
  `/acc/api/securityCode/image/${encodeURIComponent(fileId)}?code=${encodeURIComponent(code)}`;

/** A picture as the answer carries it: its id and its public URL (scanImagePath). */
const scanImage = z.object({ fileId: z.string(), url: z.string() });
export type ScanImage = z.infer<typeof scanImage>;

/** A template attribute marked "show on scan", with its label in both languages. */
const scanAttribute = z.object({
  key: z.string(),
  label: z.string(),
  labelEn: z.string(),
  type: z.enum(['TEXT', 'NUMBER', 'DATE', 'IMAGE', 'RICH_TEXT']),
  /** The value as text; for IMAGE the file id (see `image`). */
  value: z.string(),
  image: scanImage.nullable(),
});
export type ScanAttribute = z.infer<typeof scanAttribute>;

export const scanProductSchema = z.object({
  name: z.string(),
  gtin: z.string().nullable(),
  spec: z.string(),
  unit: z.string(),
  brand: z.string(),
  description: z.string(),
  images: z.array(scanImage),
  attributes: z.array(scanAttribute),
});
export type ScanProduct = z.infer<typeof scanProductSchema>;

export const scanBatchSchema = z.object({
  batchNo: z.string(),
  productionDate: z.string().nullable(),
  expiryDate: z.string().nullable(),
  harvestDate: z.string().nullable(),
  origin: z.string(),
  farmingRecords: z.array(
    z.object({
      kind: z.enum(['SOWING', 'FERTILISING', 'SPRAYING', 'PICKING', 'INSPECTION']),
      date: z.string(),
      operator: z.string(),
      material: z.string(),
      images: z.array(scanImage),
    }),
  ),
  inspectionReports: z.array(z.object({ name: z.string(), date: z.string().nullable(), file: scanImage })),
});
export type ScanBatch = z.infer<typeof scanBatchSchema>;

/** The grower, public fields only: never the ID card, the phone only masked. */
export const scanGrowerSchema = z.object({
  name: z.string(),
  /** 138****5678 */
  phoneMasked: z.string(),
  regionName: z.string(),
  plantingBase: z.string(),
  plantingArea: z.string().nullable(),
  varieties: z.string(),
  certifications: z.string(),
  photo: scanImage.nullable(),
});
export type ScanGrower = z.infer<typeof scanGrowerSchema>;

/** The company's last APPROVED info (company_info.approved); null when none was ever approved. */
export const scanCompanySchema = z.object({
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
  logo: scanImage.nullable(),
  license: scanImage.nullable(),
});
export type ScanCompany = z.infer<typeof scanCompanySchema>;

/** An active recall as a consumer sees it. */
export const scanRecallSchema = z.object({
  /** 1 = 一级 / class I (most serious) … 3 = 三级 / class III */
  level: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  reason: z.string(),
  /** What to do with the item, where to return it. */
  instruction: z.string(),
  /** Who to contact (a phone, an address). */
  contact: z.string(),
  /** When the recall took effect, ISO time. */
  startedAt: z.string(),
});
export type ScanRecall = z.infer<typeof scanRecallSchema>;

export const scanCheckResultSchema = z.object({
  verdict: z.enum(SCAN_VERDICTS),
  /** The code as it was looked up (trimmed, upper case). */
  code: z.string(),
  /**
   * The code's rule prints a hidden code and none (or a wrong one) was given: the verdict is then
   * SECURITY_CODE_MISMATCH and nothing about the product is told. The page asks for the digits.
   */
  needsHiddenCode: z.boolean(),
  /** Digits the hidden code has (0 when the rule has none). */
  hiddenCodeLength: z.number(),
  /** Consumer checks counted so far, this one included; 0 when nothing was counted. */
  scanCount: z.number(),
  /** The first counted check (GENUINE and REPEATED), ISO time; null otherwise. */
  firstScanAt: z.string().nullable(),
  /** Where the first check came from, by IP: "江苏省南京市"; '' when unknown. */
  firstScanPlace: z.string(),
  /** The same place in English: "Jiangsu Nanjing", "Intranet"; '' when unknown. */
  firstScanPlaceEn: z.string(),
  /** More scans than the rule's threshold, or several provinces in a short time. */
  suspicious: z.boolean(),
  /** The rule's repeat warning threshold (0 when not applicable). */
  repeatThreshold: z.number(),
  /** One-time token for scanCodeRecord/add to attach the browser's position to this check's record. */
  scanToken: z.string().nullable(),
  /**
   * The batch's expiry date (YYYY-MM-DD) when it has passed in the business time zone, told with the verdict
   * (GENUINE and REPEATED); null when the batch has not expired, has no expiry date, or nothing is shown.
   */
  expiredOn: z.string().nullable(),
  /**
   * The company's active recall of this item, shown above the verdict of every check of a code that was
   * found (not for unknown codes, typing mistakes or a wrong hidden code); null when none.
   */
  recall: scanRecallSchema.nullable(),
  product: scanProductSchema.nullable(),
  batch: scanBatchSchema.nullable(),
  /** The grower's summary (queryFarmer has the same). */
  grower: scanGrowerSchema.nullable(),
  company: scanCompanySchema.nullable(),
});
export type ScanCheckResult = z.infer<typeof scanCheckResultSchema>;

/** GET securityCode/codeShapes: the shapes of codes in use, for the manual-entry page's reading of a typed code. */
export const scanCodeShapesSchema = z.object({
  shapes: z.array(
    z.object({
      prefix: z.string(),
      bodyLength: z.number(),
      alphabet: z.enum(['DIGITS', 'CROCKFORD32', 'NO_LOOKALIKE']),
      checkScheme: z.enum(CHECK_SCHEMES),
    }),
  ),
});
export type ScanCodeShapes = z.infer<typeof scanCodeShapesSchema>;

/** queryFarmer answers the grower, or null when the code's batch names none. */
export const scanFarmerResultSchema = scanGrowerSchema.nullable();
export type ScanFarmerResult = z.infer<typeof scanFarmerResultSchema>;

// ---------------------------------------------------------------------------------------------------
// The staff scan simulator (/test)
// ---------------------------------------------------------------------------------------------------

export const SCAN_SIMULATE_PATH = '/acc/api/securityCode/simulate';

/**
 * POST /acc/api/securityCode/simulate (signed-in staff, own company's codes only): the verdict a consumer
 * would get from the given IP and user agent, without counting a consumer scan. It writes a scan record of
 * source TEST, which statistics leave out.
 */
export const scanSimulateBodySchema = z.object({
  code: zString().trim().min(1, 'validation.required').max(SCAN_CODE_MAX, 'validation.tooLong'),
  hiddenCode: z.preprocess(blankAsMissing, zString().trim().max(HIDDEN_CODE_MAX, 'validation.tooLong').optional()),
  /** The address to place the scan at ('' = the caller's own). */
  ip: z.preprocess(blankAsMissing, z.union([z.ipv4('validation.invalid'), z.ipv6('validation.invalid')]).optional()),
  /** The user agent to classify ('' = the caller's own). */
  userAgent: z.preprocess(blankAsMissing, zString().max(1000, 'validation.tooLong').optional()),
});
export type ScanSimulateBody = z.input<typeof scanSimulateBodySchema>;

/** Where an address is, by the offline IP database. */
export const scanPlaceSchema = z.object({
  ip: z.string(),
  country: z.string(),
  province: z.string(),
  city: z.string(),
  isp: z.string(),
  /** 6-digit area code of the province ('' outside the 34 divisions). */
  areaCode: z.string(),
});
export type ScanPlace = z.infer<typeof scanPlaceSchema>;

export const scanSimulateResultSchema = z.object({
  /** The answer a consumer would get now; scanCount is what the count would become (nothing was counted). */
  result: scanCheckResultSchema,
  place: scanPlaceSchema,
  clientType: z.enum(SCAN_CLIENT_TYPES),
  os: z.string(),
});
export type ScanSimulateResult = z.infer<typeof scanSimulateResultSchema>;
