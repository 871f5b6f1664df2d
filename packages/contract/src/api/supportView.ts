import { z } from 'zod';
import { zString } from '../validators.js';
import { zId } from './products/fields.js';

/**
 * The support view: platform staff look at one company's screens read-only, for a stated reason, for a
 * bounded time. Opened from company audit; every write is refused by the server while it lasts.
 */
export const SUPPORT_VIEW_OPEN_PATH = '/acc/supportView/open';
export const SUPPORT_VIEW_CLOSE_PATH = '/acc/supportView/close';

export const SUPPORT_REASON_MIN = 5;
export const SUPPORT_REASON_MAX = 200;

/** POST /acc/supportView/open: the company to look at and why (kept in the operation log). */
export const supportViewOpenBodySchema = z.object({
  companyId: zId,
  // one message at a time: blank is "required", not also "too short"
  reason: zString()
    .trim()
    .min(1, 'validation.required')
    .pipe(z.string().min(SUPPORT_REASON_MIN, 'validation.tooShort').max(SUPPORT_REASON_MAX, 'validation.tooLong')),
});
export type SupportViewOpenBody = z.infer<typeof supportViewOpenBodySchema>;

/** The company a support view shows and when it ends by itself (ISO timestamp). */
export const supportViewSchema = z.object({
  companyId: z.string(),
  companyName: z.string(),
  until: z.string(),
});
export type SupportView = z.infer<typeof supportViewSchema>;
