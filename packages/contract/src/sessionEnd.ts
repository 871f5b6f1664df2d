import { z } from 'zod';
import { formatMessage } from './codes.js';
import type { Lang } from './lang.js';

/**
 * Why a token no longer opens a session, sent as the data of NO_LOGIN_ERROR to the one who holds the
 * token: IDLE after SESSION_IDLE_MINUTES without a request, ABSOLUTE after SESSION_ABSOLUTE_HOURS since
 * sign-in, REVOKED when the password was changed or reset, the account disabled or the session ended by an
 * administrator. A sign-out by the user and a token never issued both answer data null.
 */
export const sessionEndSchema = z.discriminatedUnion('reason', [
  z.object({ reason: z.literal('IDLE'), minutes: z.number().int().positive() }),
  z.object({ reason: z.literal('ABSOLUTE'), hours: z.number().int().positive() }),
  z.object({ reason: z.literal('REVOKED') }),
]);
export type SessionEnd = z.infer<typeof sessionEndSchema>;

const SESSION_END_MESSAGES: Record<SessionEnd['reason'], Record<Lang, string>> = {
  IDLE: {
    zh_CN: '已超过 {minutes} 分钟无操作，已自动退出，请重新登录',
    en_US: 'Signed out after {minutes} minutes without activity, please sign in again',
  },
  ABSOLUTE: {
    zh_CN: '登录已满 {hours} 小时，已自动退出，请重新登录',
    en_US: 'Signed out: a sign-in lasts at most {hours} hours, please sign in again',
  },
  REVOKED: {
    zh_CN: '登录已被结束（密码已修改、账号已停用或被管理员强制下线），请重新登录',
    en_US: 'Your sign-in was ended (password changed, account disabled or signed out by an administrator), please sign in again',
  },
};

/** The msg of the NO_LOGIN_ERROR that carries this end. */
export function sessionEndMessage(end: SessionEnd, lang: Lang): string {
  const params: Record<string, number> | undefined =
    end.reason === 'IDLE' ? { minutes: end.minutes } : end.reason === 'ABSOLUTE' ? { hours: end.hours } : undefined;
  return formatMessage(SESSION_END_MESSAGES[end.reason][lang], params);
}
