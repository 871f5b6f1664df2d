import type { CompanyInfoView, RegisterResult } from '@rd/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGISTER_ATTEMPTS_PER_HOUR } from '../src/modules/register/routes.js';
import { insertRule } from './support/codeFixtures.js';
import { call, signIn, startTestApp, type TestApp } from './support/testApp.js';

const URL = '/acc/api/register';
let t: TestApp;
let ipCount = 0;
/** Each test registers from an address of its own, so the per-IP limit is met only where it is tested. */
const nextIp = () => `10.20.0.${++ipCount}`;

beforeAll(async () => {
  t = await startTestApp({ LOGIN_MAX_FAILURES_PER_IP: '1000' });
});
afterAll(() => t.close());

const VALID = {
  fullName: '福建测试食品有限公司',
  // a real, public unified social credit code (check character 3)
  licenseNumber: '91350100M000100Y43',
  username: 'fj_admin',
  name: '陈一',
  phone: '13800138000',
  password: 'Register-Pass-1',
  confirmPassword: 'Register-Pass-1',
};

function register(body: object, ip = nextIp(), lang?: string) {
  return call<RegisterResult>(t.app, 'POST', URL, { body: lang ? { ...body, lang } : body, ip });
}
const fields = (res: { body: { errors?: Array<{ field: string }> } }) => (res.body.errors ?? []).map((e) => e.field).sort();

describe('registration', () => {
  it('creates the company and its enterprise administrator, who signs in and must get the info approved before generating', async () => {
    const res = await register(VALID);
    expect(res.body.code, res.body.msg).toBe('SUCCESS');
    expect(res.body.data.username).toBe('fj_admin');
    expect(res.body.data.merchantCode).toMatch(/^M[0-9A-Z]{9}$/);

    const db = t.database.db;
    const company = await db.selectFrom('company').selectAll().where('merchant_code', '=', res.body.data.merchantCode).executeTakeFirstOrThrow();
    expect(company).toMatchObject({ full_name: VALID.fullName, license_number: VALID.licenseNumber, status: 'ENABLED' });
    const user = await db.selectFrom('app_user').selectAll().where('username', '=', 'fj_admin').executeTakeFirstOrThrow();
    expect(user).toMatchObject({ user_type: '3', company_id: company.id, name: '陈一', phone: '13800138000', must_change_password: false });
    expect(user.password_hash).not.toContain(VALID.password);
    const roles = await db
      .selectFrom('user_role')
      .innerJoin('role', 'role.id', 'user_role.role_id')
      .select('role.role_code')
      .where('user_role.user_id', '=', user.id)
      .execute();
    expect(roles.map((r) => r.role_code)).toEqual(['ENTERPRISE_ADMIN']);

    const token = await signIn(t.app, 'fj_admin', VALID.password);
    const info = await call<CompanyInfoView>(t.app, 'GET', '/acc/api/companyInfo/getCompanyInfo', { token });
    expect(info.body.data).toMatchObject({ info: null, company: { fullName: VALID.fullName, licenseNumber: VALID.licenseNumber } });
    const rule = await insertRule(db, company.id);
    const generate = await call(t.app, 'POST', '/acc/api/codeRecord/add', { token, body: { ruleId: rule, quantity: 1 } });
    expect(generate.body.code).toBe('COMPANY_NOT_APPROVED');

    // the entry of the operation log belongs to the new company and never holds the password
    const log = await db.selectFrom('operation_log').selectAll().where('url', '=', URL).where('result', '=', 'SUCCESS').executeTakeFirstOrThrow();
    expect(log).toMatchObject({ company_id: company.id, module: 'companyInfo', action: 'INSERT' });
    expect(log.params).not.toContain(VALID.password);
  });

  it('names each field that breaks its rule, in the request language, and writes nothing', async () => {
    const companies = await t.database.db.selectFrom('company').select('id').execute();
    const res = await register({
      fullName: '',
      licenseNumber: '91350100M000100Y44',
      username: 'a',
      name: '',
      phone: '12345',
      password: 'short',
      confirmPassword: 'other',
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('PARAM_CHECK');
    expect(fields(res)).toEqual(['confirmPassword', 'fullName', 'licenseNumber', 'name', 'password', 'phone', 'username']);
    const english = await register({ ...VALID, licenseNumber: 'X' }, nextIp(), 'en_US');
    expect(english.body.errors?.[0]?.message).toMatch(/credit code/i);
    const mismatch = await register({ ...VALID, username: 'fj_other', confirmPassword: 'Register-Pass-2' });
    expect(fields(mismatch)).toEqual(['confirmPassword']);
    expect(await t.database.db.selectFrom('company').select('id').execute()).toHaveLength(companies.length);
  });

  it('refuses a taken username (any case) and a credit code already registered, writing nothing', async () => {
    const companies = await t.database.db.selectFrom('company').select('id').execute();
    const taken = await register({ ...VALID, licenseNumber: '91110108551385082Q', username: 'FJ_ADMIN' });
    expect(taken.body.code).toBe('DUPLICATE');
    expect(fields(taken)).toEqual(['username']);
    const sameLicense = await register({ ...VALID, fullName: '另一家食品有限公司', username: 'fj_second' });
    expect(sameLicense.body.code).toBe('DUPLICATE');
    expect(fields(sameLicense)).toEqual(['licenseNumber']);
    // it says the company is registered and how to get in, and nothing of that company
    expect(sameLicense.body.errors?.[0]?.message).toBe('该统一社会信用代码的企业已在本平台注册，不能重复注册：请联系贵公司的管理员为您开通账号');
    const registered = await t.database.db.selectFrom('company').select('merchant_code').where('license_number', '=', VALID.licenseNumber).executeTakeFirstOrThrow();
    expect(JSON.stringify(sameLicense.body)).not.toMatch(new RegExp(`福建测试食品|fj_admin|${registered.merchant_code}`));
    const english = await register({ ...VALID, fullName: 'Another Foods Ltd', username: 'fj_second' }, nextIp(), 'en_US');
    expect(english.body.errors?.[0]?.message).toMatch(/already registered .*ask your company's administrator for an account/);
    // confirming a same name does not get past a credit code already registered
    expect((await register({ ...VALID, username: 'fj_second', confirmSameName: true })).body.code).toBe('DUPLICATE');
    expect(await t.database.db.selectFrom('company').select('id').execute()).toHaveLength(companies.length);
    expect(await t.database.db.selectFrom('app_user').select('id').where('username', '=', 'fj_second').execute()).toEqual([]);
  });

  it('warns of a full name already registered, creating nothing until the person confirms; says nothing of that company', async () => {
    const db = t.database.db;
    const companies = await db.selectFrom('company').select('id').execute();
    // the same name, also with other blanks and full-width brackets read alike
    for (const fullName of [VALID.fullName, ` 福建 测试食品有限公司 `, '福建测试食品有限公司\u3000']) {
      const res = await register({ ...VALID, fullName, licenseNumber: '91350211MA2Y3LBM0D', username: 'fj_twin' });
      expect(res.status, fullName).toBe(409);
      expect(res.body.code).toBe('SAME_NAME_REGISTERED');
      expect(res.body.errors).toEqual([{ field: 'fullName', message: '已有同名企业注册' }]);
      expect(res.body.msg).toContain('如是贵公司，请联系贵公司的管理员开通账号；如确是另一家同名企业，确认后可继续注册');
      expect(JSON.stringify(res.body)).not.toMatch(/91350100M000100Y43|fj_admin|陈一|"M[0-9A-Z]{9}"/);
    }
    const english = await register({ ...VALID, licenseNumber: '91350211MA2Y3LBM0D', username: 'fj_twin' }, nextIp(), 'en_US');
    expect(english.body.errors).toEqual([{ field: 'fullName', message: 'A company of this full name is registered' }]);
    expect(english.body.msg).toMatch(/^A company of this full name is registered here already/);
    expect(await db.selectFrom('company').select('id').execute()).toHaveLength(companies.length);
    expect(await db.selectFrom('app_user').select('id').where('username', '=', 'fj_twin').execute()).toEqual([]);

    // confirmed: registered, the other company untouched
    const confirmed = await register({ ...VALID, licenseNumber: '91350211MA2Y3LBM0D', username: 'fj_twin', confirmSameName: true });
    expect(confirmed.body.code, confirmed.body.msg).toBe('SUCCESS');
    const twins = await db.selectFrom('company').select(['full_name', 'license_number']).where('full_name', '=', VALID.fullName).orderBy('created_at').execute();
    expect(twins.map((c) => c.license_number)).toEqual([VALID.licenseNumber, '91350211MA2Y3LBM0D']);
    // a name that only looks alike is no warning
    const other = await register({ ...VALID, fullName: '福建测试食品股份有限公司', licenseNumber: '91330106MA27XL0Q1E', username: 'fj_other_co' });
    expect(other.body.code, other.body.msg).toBe('SUCCESS');
    expect(fields(await register({ ...VALID, confirmSameName: 'yes' }))).toEqual(['confirmSameName']);
  });

  it('two registrations of one username at once: exactly one succeeds', async () => {
    const [first, second] = await Promise.all([
      register({ ...VALID, fullName: '赛跑一号有限公司', licenseNumber: '91110108551385082Q', username: 'racer' }),
      register({ ...VALID, fullName: '赛跑二号有限公司', licenseNumber: '91440300708461136T', username: 'racer' }),
    ]);
    const codes = [first.body.code, second.body.code].sort();
    expect(codes).toEqual(['DUPLICATE', 'SUCCESS']);
  });

  it('limits attempts per IP, failed ones included, and answers RATE_LIMITED uniformly', async () => {
    const ip = nextIp();
    for (let i = 0; i < REGISTER_ATTEMPTS_PER_HOUR; i++) {
      const res = await register({ ...VALID, username: `x${i}`, licenseNumber: 'bad' }, ip);
      expect(res.body.code).toBe('PARAM_CHECK');
    }
    const limited = await register({ ...VALID, username: 'late_one', licenseNumber: '91110108551385082Q' }, ip);
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('RATE_LIMITED');
    expect(await t.database.db.selectFrom('app_user').select('id').where('username', '=', 'late_one').execute()).toEqual([]);
    // another address is not affected
    expect((await register({ ...VALID, username: 'fj_ok', licenseNumber: 'bad' })).body.code).toBe('PARAM_CHECK');
  });
});
