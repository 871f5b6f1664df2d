import type { Lang } from './lang.js';

/**
 * The refusals of public registration beyond the common ones. Apart from the portal's codes (codes.ts) because
 * the scan pages carry that table byte for byte under their budget; the register page words these itself.
 */
export const REGISTER_ERROR_CATALOGUE = {
  /** A warning: the same call with confirmSameName: true registers (server register/sameName.ts). */
  SAME_NAME_REGISTERED: {
    status: 409,
    zh_CN: '已有同名企业在本平台注册。如是贵公司，请联系贵公司的管理员开通账号；如确是另一家同名企业，确认后可继续注册',
    en_US: 'A company of this full name is registered here already. If it is yours, ask its administrator for an account; if yours is another company of the same name, confirm to register it',
  },
} as const satisfies Record<string, { status: number } & Record<Lang, string>>;
