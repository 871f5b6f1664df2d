import type { ScanSimulateResult, scanSimulateBodySchema } from '@rd/contract';
import type { z } from 'zod';
import type { Principal } from '../../platform/auth/sessionStore.js';
import type { Config } from '../../platform/config.js';
import { answerOf, checkCode } from './checkCode.js';
import { scanContextOf, type ScanContext } from './scanContext.js';

/**
 * The staff simulator (/test): the check a consumer would get from the chosen IP and user agent, run by
 * the same statement without counting (the count it would reach is answered), recorded as a TEST scan.
 * Company staff simulate their own company's codes only (others answer NOT_FOUND); platform users any.
 */
export async function simulateCheck(
  database: Parameters<typeof checkCode>[0],
  config: Pick<Config, 'scanSuspiciousProvinces' | 'scanSuspiciousWindowMinutes'>,
  principal: Principal,
  body: z.infer<typeof scanSimulateBodySchema>,
  own: ScanContext,
): Promise<ScanSimulateResult> {
  const context = scanContextOf(body.ip ?? own.place.ip, body.userAgent ?? own.userAgent);
  const checked = await checkCode(database, config, { code: body.code, hiddenCode: body.hiddenCode }, context, {
    simulate: { companyId: principal.companyId },
  });
  return { result: answerOf(checked), place: context.place, clientType: context.clientType, os: context.os };
}
