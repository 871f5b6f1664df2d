import type { Principal } from '../../platform/auth/sessionStore.js';
import { AppError } from '../../platform/http/appError.js';

/**
 * The company whose products, templates and batches the caller manages. These are a company's own
 * data: platform staff, who belong to no company, are told to use a company account rather than being
 * shown an empty screen or writing rows that belong to nobody.
 */
export function ownCompany(principal: Principal): string {
  if (!principal.companyId) throw new AppError('COMPANY_REQUIRED');
  return principal.companyId;
}
