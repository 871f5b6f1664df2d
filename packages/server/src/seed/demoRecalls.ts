import { recallAddBodySchema, recallCloseBodySchema } from '@rd/contract';
import type { Principal } from '../platform/auth/sessionStore.js';
import { JobRunner } from '../platform/jobs/jobRunner.js';
import { recallKind } from '../modules/recall/jobs.js';
import { activateRecall, closeRecall, createRecall } from '../modules/recall/service.js';
import type { DemoContext } from './demoActor.js';

/**
 * Runs a recall's queued work (gathering its codes, writing its events) at once, through the job kind's
 * steps, instead of leaving it to the background runner that starts after the server listens.
 */
async function runRecallJobs(ctx: DemoContext, recallId: string): Promise<void> {
  const kind = recallKind(ctx);
  const runner = new JobRunner({ db: ctx.db, kinds: [], staleSeconds: ctx.config.jobStaleSeconds, pollMs: ctx.config.jobPollMs });
  const queued = await ctx.db.selectFrom('recall_job').select('id').where('recall_id', '=', recallId).where('status', '=', 'QUEUED').orderBy('created_at').execute();
  for (const job of queued) {
    if ((await runner.runJob(kind, job.id)) !== 'finished') throw new Error(`demo recall job ${job.id} did not finish`);
  }
}

/**
 * A closed recall of an early batch (a precautionary one after a residue re-test, lifted with its items
 * declared fit again) and an active one of an outbound order whose cold chain failed on the road: consumers
 * who scan one of its melons are told so.
 */
export async function seedDemoRecalls(ctx: DemoContext, principal: Principal, closedBatchId: string, activeShipmentId: string): Promise<{ activeRecallId: string }> {
  const { db, config } = ctx;
  const closed = await createRecall(
    db,
    principal,
    recallAddBodySchema.parse({
      level: 3,
      reason: '例行农残抽检中一个样品结果临界，复检前预防性召回本批次。',
      instruction: '请暂停销售本批次西瓜，已售出的可凭扫码记录到购买处退换。',
      contact: '合作社质量部 王建国 010-89281234',
      selection: { kind: 'BATCH', batchIds: [closedBatchId] },
    }),
    'zh_CN',
    config.businessTimeZone,
  );
  await runRecallJobs(ctx, closed.id);
  await activateRecall(db, principal, closed.id);
  await runRecallJobs(ctx, closed.id);
  await closeRecall(
    db,
    principal,
    recallCloseBodySchema.parse({ id: closed.id, disposition: 'active', summary: '第三方复检合格（检测报告编号 BJJC-2025-1187），召回解除，产品恢复销售。' }),
    'zh_CN',
  );
  await runRecallJobs(ctx, closed.id);

  const active = await createRecall(
    db,
    principal,
    recallAddBodySchema.parse({
      level: 2,
      reason: '该出库单运输途中冷藏车制冷故障，车厢温度超标逾 10 小时，西瓜可能变质。',
      instruction: '请勿食用，凭扫码结果到购买处全额退款，或拨打合作社电话安排上门回收。',
      contact: '合作社客服 李秀英 010-89281235',
      selection: { kind: 'SHIPMENT', shipmentId: activeShipmentId },
    }),
    'zh_CN',
    config.businessTimeZone,
  );
  await runRecallJobs(ctx, active.id);
  await activateRecall(db, principal, active.id);
  await runRecallJobs(ctx, active.id);
  return { activeRecallId: active.id };
}
