import { BINDABLE_BATCHES_MAX, type BindBatchResult } from '@rd/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createRole, createUser } from './support/fixtures.js';
import { packingCodes } from './support/boxFixtures.js';
import { insertProductWithBatch } from './support/codeFixtures.js';
import { call, signIn, startTestApp, type TestApp } from './support/testApp.js';

const PASSWORD = 'Bind-Pass-1';

let t: TestApp;
let companyA: string;
let companyB: string;
let workerA: string;
let otherWorkerA: string;
let adminB: string;
let viewerA: string;

beforeAll(async () => {
  t = await startTestApp({ LOGIN_MAX_FAILURES_PER_IP: '1000' });
  const db = t.database.db;
  companyA = await createCompany(db, 'Binding A');
  companyB = await createCompany(db, 'Binding B');
  await createUser(db, { username: 'bindWorkerA', password: PASSWORD, userType: '3', companyId: companyA, roles: ['ENTERPRISE_ADMIN'] });
  await createUser(db, { username: 'bindWorkerA2', password: PASSWORD, userType: '3', companyId: companyA, roles: ['ENTERPRISE_ADMIN'] });
  await createUser(db, { username: 'bindAdminB', password: PASSWORD, userType: '3', companyId: companyB, roles: ['ENTERPRISE_ADMIN'] });
  await createRole(db, { code: 'BIND_VIEWER', companyId: companyA, menuCodes: ['tagDetail'] });
  await createUser(db, { username: 'bindViewerA', password: PASSWORD, userType: '3', companyId: companyA, roles: ['BIND_VIEWER'] });
  workerA = await signIn(t.app, 'bindWorkerA', PASSWORD);
  otherWorkerA = await signIn(t.app, 'bindWorkerA2', PASSWORD);
  adminB = await signIn(t.app, 'bindAdminB', PASSWORD);
  viewerA = await signIn(t.app, 'bindViewerA', PASSWORD);
});
afterAll(() => t.close());

const bindBatch = (token: string, body: unknown) => call<BindBatchResult>(t.app, 'POST', '/acc/api/code/bindBatch', { token, body });
const undo = (token: string, code: string) => call<null>(t.app, 'POST', '/acc/api/code/unbindBatch', { token, body: { code } });
const errorsOf = (res: { body: { errors?: Array<{ field: string; message: string }> } }) =>
  Object.fromEntries((res.body.errors ?? []).map((e) => [e.field, e.message]));

function codeRows(codes: readonly string[]) {
  return t.database.db
    .selectFrom('code')
    .select(['code', 'status', 'product_id', 'batch_id', 'activated_at'])
    .where('code', 'in', [...codes])
    .orderBy('code')
    .execute();
}

describe('binding codes to a batch', () => {
  it('binds item codes to the batch’s product and batch and puts them in force; binding again changes nothing', async () => {
    const db = t.database.db;
    const { productId, batchId } = await insertProductWithBatch(db, companyA, { batchNo: 'LINE-1' });
    const { items } = await packingCodes(db, companyA, { items: 3, boxes: 0 });
    const res = await bindBatch(workerA, { batchId, codes: items.slice(0, 2).map((c) => c.toLowerCase()) });
    expect(res.body.code, res.body.msg).toBe('SUCCESS');
    expect(res.body.data).toEqual({ bound: 2, unchanged: 0, productName: 'Melon', batchNo: 'LINE-1' });
    const rows = await codeRows(items);
    const bound = rows.filter((r) => items.slice(0, 2).includes(r.code));
    for (const r of bound) {
      expect(r).toMatchObject({ status: 'ACTIVATED', product_id: productId, batch_id: batchId });
      expect(r.activated_at).toBeInstanceOf(Date);
    }
    expect(rows.find((r) => r.code === items[2])).toMatchObject({ status: 'NOT_ACTIVATED', batch_id: null });

    const again = await bindBatch(workerA, { batchId, codes: [items[0], items[2]] });
    expect(again.body.data).toMatchObject({ bound: 1, unchanged: 1 });
    const firstActivation = bound.find((r) => r.code === items[0])?.activated_at;
    expect((await codeRows([items[0] as string]))[0]?.activated_at).toEqual(firstActivation);
  });

  it('refuses, all or none: bound elsewhere, other product, voided, box codes, another company’s and unknown codes', async () => {
    const db = t.database.db;
    const line = await insertProductWithBatch(db, companyA, { batchNo: 'LINE-2' });
    const other = await insertProductWithBatch(db, companyA, { batchNo: 'LINE-3' });
    const a = await packingCodes(db, companyA, { items: 3, boxes: 1 });
    const ofOtherProduct = await packingCodes(db, companyA, { items: 1, boxes: 0 }, { productId: other.productId });
    const b = await packingCodes(db, companyB, { items: 1, boxes: 0 });
    expect((await bindBatch(workerA, { batchId: other.batchId, codes: [a.items[1]] })).body.code).toBe('SUCCESS');
    await db.updateTable('code').set({ status: 'VOIDED' }).where('code', '=', a.items[2] as string).execute();

    const sent = [a.items[0], a.items[1], a.items[2], a.boxes[0], b.items[0], 'NOSUCHCODE01', ofOtherProduct.items[0]];
    const res = await bindBatch(workerA, { batchId: line.batchId, codes: sent });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('CODES_REJECTED');
    expect(errorsOf(res)).toEqual({
      'codes.1': '已绑定到其他批次 Melon LINE-3',
      'codes.2': '标签码已作废',
      'codes.3': '不是单品码（该码的标签规则类型为箱码）',
      'codes.4': '标签码不存在',
      'codes.5': '标签码不存在',
      'codes.6': '已属于其他产品 Melon',
    });
    // The good code was not bound either.
    expect((await codeRows([a.items[0] as string]))[0]).toMatchObject({ status: 'NOT_ACTIVATED', batch_id: null });
    // Codes generated for the batch's own product may be bound.
    const forProduct = await packingCodes(db, companyA, { items: 1, boxes: 0 }, { productId: line.productId });
    expect((await bindBatch(workerA, { batchId: line.batchId, codes: forProduct.items })).body.data.bound).toBe(1);
  });

  it('answers another company’s batch as not found, and needs the bind permission', async () => {
    const db = t.database.db;
    const batchA = await insertProductWithBatch(db, companyA, { batchNo: 'LINE-4' });
    const b = await packingCodes(db, companyB, { items: 1, boxes: 0 });
    expect((await bindBatch(adminB, { batchId: batchA.batchId, codes: b.items })).body.code).toBe('NOT_FOUND');
    const a = await packingCodes(db, companyA, { items: 1, boxes: 0 });
    expect((await bindBatch(viewerA, { batchId: batchA.batchId, codes: a.items })).body.code).toBe('ACCESS_DENIED_ERROR');
    expect((await bindBatch(workerA, { batchId: batchA.batchId, codes: [] })).body.code).toBe('PARAM_CHECK');
    // The page's batch list: the company's own batches with their product, needing only the bind permission.
    const offered = await call<Array<{ batchId: string; productName: string }>>(t.app, 'GET', '/acc/api/code/bindableBatches', { token: workerA });
    expect(offered.body.data.map((b) => b.batchId)).toContain(batchA.batchId);
    const ofB = await call<Array<{ batchId: string }>>(t.app, 'GET', '/acc/api/code/bindableBatches', { token: adminB });
    expect(ofB.body.data.map((b) => b.batchId)).not.toContain(batchA.batchId);
  });

  it('offers the batch a link names even when it is older than the newest BINDABLE_BATCHES_MAX, but not another company’s', async () => {
    const db = t.database.db;
    const old = await insertProductWithBatch(db, companyA, { batchNo: 'OLD-LINKED' });
    await sql`UPDATE product_batch SET created_at = now() - interval '10 years' WHERE id = ${old.batchId}`.execute(db);
    await sql`
      INSERT INTO product_batch (company_id, product_id, batch_no)
      SELECT ${companyA}, ${old.productId}, 'NEWER-' || n FROM generate_series(1, ${BINDABLE_BATCHES_MAX}) AS n`.execute(db);
    const offered = async (token: string, batchId?: string) =>
      (
        await call<Array<{ batchId: string; batchNo: string; productId: string }>>(
          t.app,
          'GET',
          `/acc/api/code/bindableBatches${batchId ? `?batchId=${batchId}` : ''}`,
          { token },
        )
      ).body.data;
    const plain = await offered(workerA);
    expect(plain).toHaveLength(BINDABLE_BATCHES_MAX);
    expect(plain.map((b) => b.batchId)).not.toContain(old.batchId);
    const linked = await offered(workerA, old.batchId);
    expect(linked).toHaveLength(BINDABLE_BATCHES_MAX + 1);
    expect(linked.at(-1)).toMatchObject({ batchId: old.batchId, batchNo: 'OLD-LINKED', productId: old.productId });
    // one already offered is not offered twice; another company's is not offered; a malformed id is refused
    expect(await offered(workerA, plain[0]?.batchId)).toHaveLength(BINDABLE_BATCHES_MAX);
    expect((await offered(adminB, old.batchId)).map((b) => b.batchId)).not.toContain(old.batchId);
    const malformed = await call(t.app, 'GET', '/acc/api/code/bindableBatches?batchId=nope', { token: workerA });
    expect(malformed.body.code).toBe('PARAM_CHECK');
  });
});

describe('binding against a concurrent batch delete', () => {
  it('either the binding wins and the delete is refused, or the delete wins and the binding finds no batch', async () => {
    const db = t.database.db;
    const outcomes = new Set<string>();
    for (let round = 0; round < 8; round += 1) {
      const { batchId } = await insertProductWithBatch(db, companyA, { batchNo: `RACE-${round}` });
      const { items } = await packingCodes(db, companyA, { items: 20, boxes: 0 });
      const [bound, deleted] = await Promise.all([
        bindBatch(workerA, { batchId, codes: items }),
        call(t.app, 'POST', '/acc/api/productBatch/deleteById', { token: workerA, body: { id: batchId } }),
      ]);
      const pair = `${bound.body.code}/${deleted.body.code}`;
      expect(['SUCCESS/BATCH_HAS_CODES', 'NOT_FOUND/SUCCESS']).toContain(pair);
      outcomes.add(pair);
      // No code names a batch that is gone.
      const orphans = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM code c WHERE c.batch_id IS NOT NULL
           AND NOT EXISTS (SELECT 1 FROM product_batch b WHERE b.id = c.batch_id)`.execute(db);
      expect(orphans.rows[0]?.n).toBe(0);
    }
    expect(outcomes.size).toBeGreaterThanOrEqual(1);
  });

  it('a delete waits for a binding that holds the batch row, then sees its codes', async () => {
    // Only a server with real connections can hold one transaction open while another call runs.
    if (!t.config.databaseUrl) return;
    const db = t.database.db;
    const { batchId } = await insertProductWithBatch(db, companyA, { batchNo: 'HELD' });
    const { items } = await packingCodes(db, companyA, { items: 1, boxes: 0 });
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked: () => void = () => undefined;
    const holding = new Promise<void>((resolve) => (locked = resolve));
    let deleteAnswered = false;
    const binding = db.transaction().execute(async (tx) => {
      await sql`SELECT id FROM product_batch WHERE id = ${batchId} FOR KEY SHARE`.execute(tx);
      await sql`UPDATE code SET batch_id = ${batchId}, status = 'ACTIVATED' WHERE code = ${items[0] as string}`.execute(tx);
      locked();
      await held;
    });
    try {
      // the delete is sent only once the binding holds the batch row, however busy the machine
      await holding;
      const deletion = call(t.app, 'POST', '/acc/api/productBatch/deleteById', { token: workerA, body: { id: batchId } }).then((r) => {
        deleteAnswered = true;
        return r;
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(deleteAnswered).toBe(false);
      release();
      await binding;
      expect((await deletion).body.code).toBe('BATCH_HAS_CODES');
    } finally {
      // a failed expectation must not leave the transaction open (the server's close would wait for it)
      release();
      await binding;
    }
  });
});

describe('undoing a binding', () => {
  it('puts the code back as it was, for its own worker only, within minutes, while no consumer scan counted it', async () => {
    const db = t.database.db;
    const { batchId } = await insertProductWithBatch(db, companyA, { batchNo: 'UNDO-1' });
    const { items } = await packingCodes(db, companyA, { items: 4, boxes: 0 });
    expect((await bindBatch(workerA, { batchId, codes: items })).body.data.bound).toBe(4);

    expect((await undo(workerA, items[0] as string)).body.code).toBe('SUCCESS');
    expect((await codeRows([items[0] as string]))[0]).toMatchObject({ status: 'NOT_ACTIVATED', batch_id: null, product_id: null, activated_at: null });
    // Undone already: nothing left to undo.
    expect((await undo(workerA, items[0] as string)).body.code).toBe('BINDING_UNDO_REFUSED');

    const notMine = await undo(otherWorkerA, items[1] as string);
    expect(notMine.body.code).toBe('BINDING_UNDO_REFUSED');
    expect(notMine.body.msg).toContain('只能撤销本人的绑定');

    await db.updateTable('code_binding').set({ bound_at: sql`now() - interval '11 minutes'` })
      .where('code_id', '=', db.selectFrom('code').select('id').where('code', '=', items[2] as string)).execute();
    expect((await undo(workerA, items[2] as string)).body.msg).toContain('10 分钟');

    const scanned = await db.selectFrom('code').select(['id']).where('code', '=', items[3] as string).executeTakeFirstOrThrow();
    await db.insertInto('code_scan').values({ code_id: scanned.id, company_id: companyA, scan_count: 1 }).execute();
    expect((await undo(workerA, items[3] as string)).body.msg).toContain('已被消费者扫码');
    expect((await undo(adminB, items[1] as string)).body.code).toBe('NOT_FOUND');
    expect((await codeRows([items[1] as string]))[0]).toMatchObject({ status: 'ACTIVATED', batch_id: batchId });

    // An undone code can be bound again.
    expect((await bindBatch(workerA, { batchId, codes: [items[0]] })).body.data.bound).toBe(1);
  });

  it('keeps a packed code in force: the undo waits until it is out of its box', async () => {
    const db = t.database.db;
    const { batchId } = await insertProductWithBatch(db, companyA, { batchNo: 'UNDO-BOX' });
    const { items, boxes } = await packingCodes(db, companyA, { items: 1, boxes: 1 });
    const [item, box] = [items[0] as string, boxes[0] as string];
    expect((await bindBatch(workerA, { batchId, codes: [item] })).body.data.bound).toBe(1);
    expect((await call(t.app, 'POST', '/acc/api/boxCodeRelation/bind', { token: workerA, body: { boxCode: box, itemCodes: [item] } })).body.code).toBe('SUCCESS');

    const refused = await undo(workerA, item);
    expect(refused.body.code).toBe('BINDING_UNDO_REFUSED');
    expect(refused.body.msg).toBe(`标签码 ${item} 不能撤销绑定：该码已装入箱 ${box}，请先从箱中取出`);
    expect((await codeRows([item]))[0]).toMatchObject({ status: 'ACTIVATED', batch_id: batchId });

    expect((await call(t.app, 'POST', '/acc/api/boxCodeRelation/unbind', { token: workerA, body: { boxCode: box, itemCodes: [item] } })).body.code).toBe('SUCCESS');
    expect((await undo(workerA, item)).body.code).toBe('SUCCESS');
  });
});
