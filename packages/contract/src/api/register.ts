import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN } from '../session.js';
import { zMobile, zString } from '../validators.js';
import { COMPANY_FULL_NAME_MAX, zLicenseNumber } from './companyInfo.js';
import { zName } from './products/fields.js';
import { USER_ACCOUNT, USER_NAME_MAX } from './userinfo.js';

/**
 * Public registration (/register, POST /acc/api/register): a company and its enterprise administrator.
 * The account rules are those of the users screen (username) and of the change-password form (length);
 * the company must then report its info and pass audit before it may generate codes.
 */
export const registerBodySchema = z
  .object({
    fullName: zName(COMPANY_FULL_NAME_MAX),
    licenseNumber: zLicenseNumber,
    username: zString().trim().regex(USER_ACCOUNT, 'validation.account'),
    /** The administrator's own name. */
    name: zName(USER_NAME_MAX),
    phone: zString()
      .trim()
      .pipe(z.union([z.literal(''), zMobile]))
      .default(''),
    password: z.string().min(PASSWORD_MIN, 'validation.tooShort').max(PASSWORD_MAX, 'validation.tooLong'),
    confirmPassword: z.string().max(PASSWORD_MAX, 'validation.tooLong'),
    /**
     * true: register even though a company of the same full name is registered already. Without it such a
     * registration answers SAME_NAME_REGISTERED (409) and creates nothing, so the person can stop or confirm.
     */
    confirmSameName: z
      .boolean({ error: 'validation.invalid' })
      .default(false)
      .describe('true: register even though a company of the same full name is registered (else SAME_NAME_REGISTERED, 409)'),
  })
  .superRefine((v, ctx) => {
    if (v.confirmPassword !== v.password) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'validation.passwordMismatch' });
    }
  });
export type RegisterBody = z.input<typeof registerBodySchema>;

export const registerResultSchema = z.object({ merchantCode: z.string(), username: z.string() });
export type RegisterResult = z.infer<typeof registerResultSchema>;
