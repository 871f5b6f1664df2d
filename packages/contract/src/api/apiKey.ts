import { z } from 'zod';
import { pageQuerySchema } from '../paging.js';
import { PERMISSIONS } from '../permissions.js';
import { zString } from '../validators.js';
import { zId, zName } from './products/fields.js';
import { createdByShape } from './person.js';

/**
 * Company API keys (api/apiKey): credentials for partners' and the company's own systems calling the
 * machine interfaces (EPCIS) without a person signing in. A key is shown once when made, stored as a hash,
 * carries only the permissions chosen for it, and works until revoked or past its expiry.
 */

/** What a key may be given: the permissions of the interfaces machines call. */
export const API_KEY_PERMISSIONS = [PERMISSIONS.epcisEventList, PERMISSIONS.epcisCapture, PERMISSIONS.epcisQuery, PERMISSIONS.epcisSubscribe] as const;
export type ApiKeyPermission = (typeof API_KEY_PERMISSIONS)[number];

export const API_KEY_NAME_MAX = 50;
/** The header that carries a key: `Authorization: Bearer rdk_…`. */
export const API_KEY_PREFIX = 'rdk_';

export const apiKeyAddBodySchema = z.object({
  name: zName(API_KEY_NAME_MAX),
  permissions: z
    .array(z.enum(API_KEY_PERMISSIONS, { error: 'validation.oneOf' }), { error: 'validation.required' })
    .min(1, 'validation.required')
    .max(API_KEY_PERMISSIONS.length, 'validation.tooBig'),
  /** The last day the key works (yyyy-MM-dd, business time zone's end of day); none: until revoked. */
  expiresOn: zString()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date')
    .nullable()
    .default(null),
});
export type ApiKeyAddBody = z.input<typeof apiKeyAddBodySchema>;

export const apiKeyIdBodySchema = z.object({ id: zId });

export const apiKeyPageQuerySchema = pageQuerySchema.extend({
  name: zString().trim().max(API_KEY_NAME_MAX, 'validation.tooLong').optional(),
  state: z.enum(['ACTIVE', 'REVOKED', 'EXPIRED'], { error: 'validation.oneOf' }).optional(),
});

export const apiKeyRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The first characters of the key, enough to tell keys apart; never the secret. */
  keyPrefix: z.string(),
  permissions: z.array(z.string()),
  /** The login name of who created it (kept for existing clients; screens show createdByName). */
  createdBy: z.string().describe("The login name of who created it (kept for existing clients; show createdByName)"),
  ...createdByShape,
  createdAt: z.date(),
  lastUsedAt: z.date().nullable(),
  /** The last day the key works (yyyy-MM-dd), null: until revoked. */
  expiresOn: z.string().nullable(),
  revokedAt: z.date().nullable(),
  state: z.enum(['ACTIVE', 'REVOKED', 'EXPIRED']),
});
export type ApiKeyRow = z.infer<typeof apiKeyRowSchema>;

/** The answer of api/apiKey/add: the only time the whole key is shown. */
export const apiKeyCreatedSchema = z.object({ id: z.string(), key: z.string(), keyPrefix: z.string() });
export type ApiKeyCreated = z.infer<typeof apiKeyCreatedSchema>;
