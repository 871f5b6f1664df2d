import type { CompanyInfoAction, Lang } from '@rd/contract';
import type { FastifyInstance } from 'fastify';
import type { CompanyInfoStatus } from '../../platform/db/schema.js';
import { AppError } from '../../platform/http/appError.js';
import { sendError } from '../../platform/http/errorHandler.js';
import { requestLang } from '../../platform/http/lang.js';

const STATUS_LABELS: Record<CompanyInfoStatus | 'NONE', Record<Lang, string>> = {
  NONE: { zh_CN: '尚未上报', en_US: 'not reported yet' },
  DRAFT: { zh_CN: '草稿', en_US: 'draft' },
  SUBMITTED: { zh_CN: '待审核', en_US: 'submitted for audit' },
  APPROVED: { zh_CN: '审核通过', en_US: 'approved' },
  REJECTED: { zh_CN: '已驳回', en_US: 'rejected' },
};

const ACTION_LABELS: Record<CompanyInfoAction, Record<Lang, string>> = {
  REPORT: { zh_CN: '首次上报（已上报的信息请修改）', en_US: 'reported for the first time (edit the report instead)' },
  EDIT: { zh_CN: '修改', en_US: 'edited' },
  SUBMIT: { zh_CN: '提交审核', en_US: 'submitted for audit' },
  UNSUBMIT: { zh_CN: '撤回', en_US: 'withdrawn' },
  PASS: { zh_CN: '审核通过', en_US: 'passed' },
  REJECT: { zh_CN: '驳回', en_US: 'rejected' },
};

/**
 * A transition the state machine does not allow from the current state. It answers CONFLICT like any
 * other state conflict, but with a message that names the current state and the refused action, so the
 * company (or auditor) sees why — typically because someone else acted on the report in the meantime.
 */
export class TransitionRefused extends AppError {
  constructor(
    readonly current: CompanyInfoStatus | null,
    readonly action: CompanyInfoAction,
  ) {
    super('CONFLICT', { status: current ?? 'NONE', action });
  }

  describe(lang: Lang): string {
    const status = STATUS_LABELS[this.current ?? 'NONE'][lang];
    const action = ACTION_LABELS[this.action][lang];
    const code = this.current ?? 'NONE';
    return lang === 'zh_CN'
      ? `企业信息当前状态为「${status}」（${code}），不能${action}`
      : `The company info is ${status} (${code}), so it cannot be ${action}`;
  }
}

/**
 * Answers a refused transition as CONFLICT with the message that explains it; every other error goes on to
 * the application's error handler.
 */
export function answerRefusalsIn(scope: FastifyInstance): void {
  scope.setErrorHandler((error, request, reply) => {
    if (!(error instanceof TransitionRefused)) throw error;
    const message = error.describe(requestLang(request));
    return sendError(request, reply, 'CONFLICT', { msg: message, errors: [{ field: 'status', message }] });
  });
}
