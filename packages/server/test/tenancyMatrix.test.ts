import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createRole, createUser } from './support/fixtures.js';
import { call, signIn, startTestApp, type TestApp } from './support/testApp.js';

/**
 * Every route of the server, called by company B's administrator with the ids of company A's records
 * in every place an id can go (path, query, body). Whatever each route answers, nothing of A may come
 * back (no cross-company read, by id or by list) and none of A's rows may change (no cross-company write).
 */
let t: TestApp;
const PASSWORD = 'Tenancy-Pass-1';
const a = {
  company: '',
  dept: '',
  role: '',
  roleCode: '',
  user: '',
  userCode: '',
  file: '',
  session: '',
  category: '',
  template: '',
  product: '',
  batch: '',
  rule: '',
  job: '',
  code: '',
  codeText: 'ATENANTCODE000001',
  boxCode: '',
  boxCodeText: 'ATENANTBOX0000001',
  farmer: '',
  medicinalProduct: '',
  medicinalBatch: '',
  medicinalBatchFile: '',
};
let tokenB = '';

async function snapshotOfA(): Promise<string> {
  const db = t.database.db;
  const users = await db.selectFrom('app_user').selectAll().where('company_id', '=', a.company).orderBy('id').execute();
  const userIds = users.map((u) => u.id);
  const tables = {
    company: await db.selectFrom('company').selectAll().where('id', '=', a.company).execute(),
    users,
    departments: await db.selectFrom('department').selectAll().where('company_id', '=', a.company).orderBy('id').execute(),
    roles: await db.selectFrom('role').selectAll().where('company_id', '=', a.company).orderBy('id').execute(),
    roleMenus: await db.selectFrom('role_menu').selectAll().where('role_id', '=', a.role).orderBy('menu_id').execute(),
    userRoles: await db.selectFrom('user_role').selectAll().where('user_id', 'in', userIds).orderBy('user_id').orderBy('role_id').execute(),
    userMenus: await db.selectFrom('user_menu').selectAll().where('user_id', 'in', userIds).orderBy('menu_id').execute(),
    files: await db.selectFrom('stored_file').selectAll().where('company_id', '=', a.company).execute(),
    categories: await db.selectFrom('product_category').selectAll().where('company_id', '=', a.company).execute(),
    templates: await db.selectFrom('product_template').selectAll().where('company_id', '=', a.company).execute(),
    products: await db.selectFrom('product').selectAll().where('company_id', '=', a.company).execute(),
    batches: await db.selectFrom('product_batch').selectAll().where('company_id', '=', a.company).execute(),
    rules: await db.selectFrom('tag_rule').selectAll().where('company_id', '=', a.company).execute(),
    jobs: await db.selectFrom('code_record').selectAll().where('company_id', '=', a.company).execute(),
    codes: await db.selectFrom('code').selectAll().where('company_id', '=', a.company).execute(),
    companyInfo: await db.selectFrom('company_info').selectAll().where('company_id', '=', a.company).execute(),
    companyInfoTrail: await db.selectFrom('company_info_audit').selectAll().where('company_id', '=', a.company).orderBy('id').execute(),
    boxItems: await db.selectFrom('box_item').selectAll().where('company_id', '=', a.company).execute(),
    boxEvents: await db.selectFrom('box_event').selectAll().where('company_id', '=', a.company).execute(),
    codeBindings: await db.selectFrom('code_binding').selectAll().where('company_id', '=', a.company).execute(),
    farmers: await db.selectFrom('farmer').selectAll().where('company_id', '=', a.company).execute(),
    farmerProducts: await db.selectFrom('farmer_product').selectAll().where('company_id', '=', a.company).execute(),
    medicinalProducts: await db.selectFrom('medicinal_product').selectAll().where('company_id', '=', a.company).execute(),
    medicinalBatches: await db.selectFrom('medicinal_batch').selectAll().where('company_id', '=', a.company).execute(),
    medicinalBatchFiles: await db.selectFrom('medicinal_batch_file').selectAll().where('file_id', '=', a.file).execute(),
    sessions: await db
      .selectFrom('user_session')
      .select(['id', 'revoked_at', 'expires_at'])
      .where('user_id', 'in', userIds)
      .orderBy('id')
      .execute(),
  };
  return JSON.stringify(tables);
}

beforeAll(async () => {
  t = await startTestApp({ LOGIN_MAX_FAILURES_PER_IP: '1000' });
  const db = t.database.db;
  a.company = await createCompany(db, 'Tenant A');
  const companyB = await createCompany(db, 'Tenant B');
  a.dept = (
    await db.insertInto('department').values({ company_id: a.company, dept_name: 'A 种植部' }).returning('id').executeTakeFirstOrThrow()
  ).id;
  a.role = await createRole(db, { code: 'A_ROLE', companyId: a.company, menuCodes: ['loginLog'] });
  a.roleCode = 'A_ROLE';
  a.user = await createUser(db, { username: 'a_admin', password: PASSWORD, userType: '3', companyId: a.company, roles: ['ENTERPRISE_ADMIN', 'A_ROLE'] });
  await db.updateTable('app_user').set({ dept_id: a.dept }).where('id', '=', a.user).execute();
  a.userCode = (await db.selectFrom('app_user').select('user_code').where('id', '=', a.user).executeTakeFirstOrThrow()).user_code;
  a.file = (
    await db
      .insertInto('stored_file')
      .values({
        company_id: a.company,
        owner_id: a.user,
        sha256: 'f'.repeat(64),
        size_bytes: 3,
        content_type: 'image/png',
        extension: 'png',
        original_name: 'a-logo.png',
        place: 'image',
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  a.category = (
    await db.insertInto('product_category').values({ company_id: a.company, name: 'A 瓜果类' }).returning('id').executeTakeFirstOrThrow()
  ).id;
  a.template = (
    await db.insertInto('product_template').values({ company_id: a.company, name: 'A 西瓜模板' }).returning('id').executeTakeFirstOrThrow()
  ).id;
  a.product = (
    await db
      .insertInto('product')
      .values({ company_id: a.company, name: 'A 京欣一号', category_id: a.category, template_id: a.template })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  a.batch = (
    await db
      .insertInto('product_batch')
      .values({ company_id: a.company, product_id: a.product, batch_no: 'A2026BATCH' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  a.rule = (
    await db
      .insertInto('tag_rule')
      .values({ company_id: a.company, rule_name: 'A 单品规则', prefix: 'A', body_length: 16, alphabet: 'CROCKFORD32' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  a.job = (
    await db
      .insertInto('code_record')
      .values({ company_id: a.company, rule_id: a.rule, quantity: 1, progress: 1, status: 'DONE', product_id: a.product, batch_id: a.batch })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  a.code = (
    await db
      .insertInto('code')
      .values({ code: a.codeText, company_id: a.company, rule_id: a.rule, record_id: a.job, product_id: a.product, batch_id: a.batch })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  // A box of A holding A's code, the packing event and the code's binding to A's batch.
  const boxRule = await db
    .insertInto('tag_rule')
    .values({ company_id: a.company, rule_name: 'A 箱码规则', prefix: 'A', body_length: 16, alphabet: 'CROCKFORD32', kind: 'BOX' })
    .returning('id')
    .executeTakeFirstOrThrow();
  a.boxCode = (
    await db
      .insertInto('code')
      .values({ code: a.boxCodeText, company_id: a.company, rule_id: boxRule.id, record_id: a.job })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  await db.insertInto('box_item').values({ item_code_id: a.code, box_code_id: a.boxCode, company_id: a.company }).execute();
  await db.insertInto('box_event').values({ company_id: a.company, action: 'PACK', box_code_id: a.boxCode, item_code_id: a.code }).execute();
  await db
    .insertInto('code_binding')
    .values({ code_id: a.code, company_id: a.company, product_id: a.product, batch_id: a.batch, prior_status: 'NOT_ACTIVATED' })
    .execute();
  // A scan of A's code: statistics, the scan-record list and its export must never show it to B. (Not in the
  // snapshot: public scan calls rightly record B's scans of A's code.)
  await db
    .insertInto('scan_record')
    .values({ company_id: a.company, code_id: a.code, code_text: a.codeText, product_id: a.product, batch_id: a.batch, verdict: 'GENUINE', scan_seq: 1, area_code: '440000', scanned_at: new Date() })
    .execute();
  a.farmer = (
    await db
      .insertInto('farmer')
      .values({ company_id: a.company, name: 'A 王瓜农', id_card: '11010519491231002X', photo_file_id: a.file })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  await db.insertInto('farmer_product').values({ farmer_id: a.farmer, product_id: a.product, company_id: a.company }).execute();
  await db.updateTable('product_batch').set({ farmer_id: a.farmer }).where('id', '=', a.batch).execute();
  a.medicinalProduct = (
    await db
      .insertInto('medicinal_product')
      .values({ company_id: a.company, generic_name: 'A 阿莫西林胶囊', approval_no: '国药准字H20261234', dosage_form: 'CAPSULE', manufacturer: 'A 制药' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  a.medicinalBatch = (
    await db
      .insertInto('medicinal_batch')
      .values({ company_id: a.company, product_id: a.medicinalProduct, batch_no: 'A-MED-2026', production_date: '2026-01-01', expiry_date: '2028-01-01' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  a.medicinalBatchFile = (
    await db
      .insertInto('medicinal_batch_file')
      .values({ batch_id: a.medicinalBatch, file_id: a.file, name: 'A 检验报告' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  // A's company info (approved by the fixture) now carries a new revision under audit
  await db
    .updateTable('company_info')
    .set({ status: 'SUBMITTED', revision: 2, introduction: 'A 的企业简介', contact_phone: '13900000001' })
    .where('company_id', '=', a.company)
    .execute();
  await signIn(t.app, 'a_admin', PASSWORD);
  a.session = (await db.selectFrom('user_session').select('id').where('user_id', '=', a.user).executeTakeFirstOrThrow()).id;
  await createUser(db, { username: 'b_admin', password: PASSWORD, userType: '3', companyId: companyB, roles: ['ENTERPRISE_ADMIN'] });
  tokenB = await signIn(t.app, 'b_admin', PASSWORD);
});
afterAll(() => t.close());

const ID_KINDS = ['dept', 'role', 'user', 'file', 'session', 'category', 'template', 'product', 'batch', 'rule', 'job', 'code', 'farmer', 'medicinalProduct', 'medicinalBatch', 'medicinalBatchFile'] as const;

function pathFor(url: string, id: string): string {
  return url.replace(/:(\w+)/g, (_m, name: string) => {
    if (name === 'roleCode') return a.roleCode;
    if (name === 'value') return '0';
    return id;
  });
}

/** Every field name an id of A could be sent in, with values that pass most schemas. */
function bodyFor(id: string): Record<string, unknown> {
  return {
    id,
    guid: id,
    userId: id,
    roleId: id,
    deptId: id,
    parentId: id,
    fileId: id,
    productId: id,
    batchId: id,
    ruleId: id,
    recordId: id,
    templateId: id,
    categoryId: id,
    farmerId: id,
    photoFileId: id,
    productIds: [id],
    code: a.codeText,
    ids: [id],
    userIds: [id],
    roleIds: [id],
    menuIds: [],
    userCode: a.userCode,
    roleCode: a.roleCode,
    boxCode: a.boxCodeText,
    itemCodes: [a.codeText],
    codes: [a.codeText],
    deptName: '被改名',
    roleName: '被改名',
    name: '被改名',
    avatar: '/x.png',
    status: 'DISABLED',
    sort: 1,
    pageNum: 1,
    pageSize: 100,
  };
}

describe('tenancy matrix', () => {
  it("company B's administrator can neither read nor change company A's records through any route", async () => {
    const before = await snapshotOfA();
    const secrets = [
      a.dept,
      a.role,
      a.user,
      a.file,
      a.session,
      a.userCode,
      a.category,
      a.template,
      a.product,
      a.batch,
      a.rule,
      a.job,
      a.codeText,
      'A 种植部',
      'a-logo.png',
      'a_admin',
      'A 京欣一号',
      'A2026BATCH',
      'A 单品规则',
      a.boxCodeText,
      a.farmer,
      'A 王瓜农',
      '11010519491231002X',
      a.medicinalProduct,
      a.medicinalBatch,
      a.medicinalBatchFile,
      'A 阿莫西林胶囊',
      '国药准字H20261234',
      'A-MED-2026',
      'A 检验报告',
      'A 的企业简介',
      '13900000001',
    ];
    const routes = t.app.routeTable.filter(
      (r) =>
        (r.url.startsWith('/acc/') || r.url.startsWith('/api/')) &&
        !r.url.startsWith('/acc/docs') &&
        r.method !== 'HEAD' &&
        r.url !== '/acc/user/logout',
    );
    // B's own calls below are written to the operation log with the ids B sent; read the log first so
    // that only A's data could show up there.
    routes.sort((x, y) => Number(y.url.includes('qfOperationRecord')) - Number(x.url.includes('qfOperationRecord')));
    let refusedById = 0;
    for (const route of routes) {
      for (const kind of [...ID_KINDS, 'none'] as const) {
        const id = kind === 'none' ? a.user : a[kind];
        // 'none' sends no filters at all: lists then show everything the caller may see.
        const body = kind === 'none' ? { pageNum: 1, pageSize: 1000 } : bodyFor(id);
        const query = Object.fromEntries(Object.entries(body).filter(([, v]) => typeof v !== 'object').map(([k, v]) => [k, String(v)]));
        const withBody = route.method !== 'GET' && route.method !== 'DELETE';
        const res = await call(t.app, route.method, pathFor(route.url, id), {
          token: tokenB,
          query: withBody ? undefined : { ...query, type: 'MENU', keyword: '', codeType: 'x' },
          body: withBody ? body : undefined,
        });
        const where = `${route.method} ${route.url} with A's ${kind}`;
        const text = JSON.stringify(res.body) + (res.raw ? res.raw.toString('latin1') : '');
        // public scan calls answer whoever holds a code the same, and echo the code the caller sent; so does the
        // staff simulator, which answers NOT_FOUND for another company's code
        const echoesCode = route.access === 'public' || route.url === '/acc/api/securityCode/simulate';
        const echoed = echoesCode ? [a.codeText, a.boxCodeText] : [];
        for (const secret of secrets) {
          if (!echoed.includes(secret)) expect(text.includes(secret), `${where} leaked ${secret}`).toBe(false);
        }
        expect(res.status, where).toBeLessThan(500);
        if (res.body.code === 'NOT_FOUND') refusedById += 1;
      }
    }
    expect(await snapshotOfA()).toBe(before);
    // The check reached handlers: many calls were answered "not found" for A's ids.
    expect(refusedById).toBeGreaterThanOrEqual(15);
    // A's session is still alive.
    const live = await t.database.db.selectFrom('user_session').select('revoked_at').where('id', '=', a.session).executeTakeFirstOrThrow();
    expect(live.revoked_at).toBeNull();
    await sql`SELECT 1`.execute(t.database.db);
    // every route times every kind of id: minutes on a loaded machine
  }, 300_000);
});
