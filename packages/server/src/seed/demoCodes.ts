import { bindBatchBodySchema, boxBindBodySchema, codeRecordAddBodySchema, ruleAddBodySchema } from '@rd/contract';
import type { Principal } from '../platform/auth/sessionStore.js';
import { bindItems } from '../modules/boxCode/service.js';
import { bindToBatch } from '../modules/codeBinding/service.js';
import { runJobNow } from '../modules/codeRecord/jobs.js';
import { addJob } from '../modules/codeRecord/service.js';
import { eventSiteOf } from '../modules/epcis/portalEvents.js';
import { addRule } from '../modules/rule/service.js';
import type { DemoContext } from './demoActor.js';

/** Labels printed per batch, labels bound at the packing line, boxes packed and melons per box. */
const ITEMS_PER_BATCH = 600;
const BOUND_PER_BATCH = 520;
const BOXES_PER_BATCH = 10;
const ITEMS_PER_BOX = 8;
/** Codes one binding call takes (the production-line page's limit is larger). */
const BIND_CALL = 260;

export interface DemoBatch {
  id: string;
  productId: string;
  /** yyyy-MM-dd */
  productionDate: string;
  expiryDate: string;
}

/** One batch's codes after the packing line: boxes of items, loose items in force, and labels never bound. */
export interface DemoBatchCodes {
  batch: DemoBatch;
  boxes: Array<{ box: string; items: string[] }>;
  loose: string[];
  unbound: string[];
}

/**
 * The codes of the season, made as the portal makes them: a random rule for the melons' labels (drawn from the
 * CSPRNG like every random code, so their texts differ from one first start to the next) and a sequential one
 * for boxes, one generation job per batch and one for the boxes, each run through the job kind's steps at once
 * rather than left to the background runner; then the packing line binds most labels to their batch (putting
 * them in force) and packs some melons into boxes. Codes are taken in the job's order, so which label gets
 * which fate does not depend on its text.
 */
export async function seedDemoCodes(ctx: DemoContext, principal: Principal, batches: readonly DemoBatch[]): Promise<DemoBatchCodes[]> {
  const { db, config } = ctx;
  const site = eventSiteOf(config);
  const itemRule = await addRule(
    db,
    principal,
    ruleAddBodySchema.parse({
      ruleName: '西瓜单果溯源码',
      kind: 'ITEM',
      mode: 'RANDOM',
      prefix: 'PG',
      bodyLength: 12,
      alphabet: 'CROCKFORD32',
      checkScheme: 'DAMM',
      repeatThreshold: 5,
      remark: '贴于每个西瓜的果标，扫码查看产地与种植记录。',
    }),
    'zh_CN',
  );
  const boxRule = await addRule(
    db,
    principal,
    ruleAddBodySchema.parse({
      ruleName: '西瓜箱码',
      kind: 'BOX',
      mode: 'SEQUENTIAL',
      prefix: 'PX',
      bodyLength: 8,
      alphabet: 'CROCKFORD32',
      checkScheme: 'DAMM',
      remark: '印于外箱，出库时扫箱码即带出箱内西瓜。',
    }),
    'zh_CN',
  );
  const generate = async (ruleId: string, quantity: number, batch?: DemoBatch) => {
    const body = codeRecordAddBodySchema.parse({ ruleId, quantity, batchId: batch?.id, remark: batch ? '采收批次果标' : '外箱箱码' });
    const job = await addJob(db, principal, body, 'zh_CN');
    if ((await runJobNow(ctx, job.id)) !== 'finished') throw new Error(`demo generation job ${job.id} did not finish`);
    const codes = await db.selectFrom('code').select('code').where('record_id', '=', job.id).orderBy('id').execute();
    return codes.map((c) => c.code);
  };

  const season: DemoBatchCodes[] = [];
  const boxCodes = await generate(boxRule.id, BOXES_PER_BATCH * batches.length);
  for (const [index, batch] of batches.entries()) {
    const items = await generate(itemRule.id, ITEMS_PER_BATCH, batch);
    const bound = items.slice(0, BOUND_PER_BATCH);
    for (let at = 0; at < bound.length; at += BIND_CALL) {
      await bindToBatch(db, principal, bindBatchBodySchema.parse({ batchId: batch.id, codes: bound.slice(at, at + BIND_CALL) }), 'zh_CN', site);
    }
    const boxes: DemoBatchCodes['boxes'] = [];
    for (let b = 0; b < BOXES_PER_BATCH; b++) {
      const box = boxCodes[index * BOXES_PER_BATCH + b] as string;
      const packed = bound.slice(b * ITEMS_PER_BOX, (b + 1) * ITEMS_PER_BOX);
      await bindItems(db, principal, boxBindBodySchema.parse({ boxCode: box, itemCodes: packed }), 'zh_CN', site);
      boxes.push({ box, items: packed });
    }
    season.push({ batch, boxes, loose: bound.slice(BOXES_PER_BATCH * ITEMS_PER_BOX), unbound: items.slice(BOUND_PER_BATCH) });
  }
  return season;
}
