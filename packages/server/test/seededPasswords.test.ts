import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/platform/auth/password.js';
import { openDatabase } from '../src/platform/db/database.js';
import { migrate, MIGRATIONS_DIR } from '../src/platform/db/migrate.js';
import { CREDENTIALS_FILE } from '../src/seed/initialCredentials.js';
import { seedDemo } from '../src/seed/demoSeed.js';
import { call, signIn, startTestApp, type TestApp } from './support/testApp.js';

/** The migration that asks accounts seeded by earlier versions to change their generated password. */
const MIGRATION = '0036_seeded_password_change.sql';

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  t = await startTestApp();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rd-seeded-'));
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('accounts seeded with generated passwords', () => {
  it('demo, operator and auditor must change theirs at the first sign-in, then no longer', async () => {
    await seedDemo(t.database.db, { ...t.config, dataDir });
    const generated = new Map(
      fs.readFileSync(path.join(dataDir, CREDENTIALS_FILE), 'utf8').trim().split('\n').map((line) => line.split('\t') as [string, string]),
    );
    for (const username of ['demo', 'operator', 'auditor']) {
      const token = await signIn(t.app, username, generated.get(username) as string);
      const check = await call(t.app, 'GET', '/acc/userinfo/checkUserPassWord', { token });
      expect(check.body.data, username).toEqual({ mustChange: true, reason: 'INITIAL' });
    }
    const password = generated.get('operator') as string;
    const token = await signIn(t.app, 'operator', password);
    const changed = await call(t.app, 'POST', '/acc/userinfo/changePassword', {
      token,
      body: { oldPassword: password, newPassword: 'Operator-Own-Pass-1', confirmPsw: 'Operator-Own-Pass-1' },
    });
    expect(changed.body.code).toBe('SUCCESS');
    const again = await signIn(t.app, 'operator', 'Operator-Own-Pass-1');
    expect((await call(t.app, 'GET', '/acc/userinfo/checkUserPassWord', { token: again })).body.data).toEqual({ mustChange: false, reason: null });
  });
});

describe(`migration ${MIGRATION}`, () => {
  it('asks the demo accounts of an earlier seed that still hold the generated password, and nobody else', async () => {
    const earlier = fs.mkdtempSync(path.join(os.tmpdir(), 'rd-migrations-'));
    const database = await openDatabase({ databaseUrl: null, dataDir: 'memory://' });
    try {
      for (const file of fs.readdirSync(MIGRATIONS_DIR).filter((f) => f < MIGRATION)) fs.copyFileSync(path.join(MIGRATIONS_DIR, file), path.join(earlier, file));
      await migrate(database, earlier);
      const db = database.db;
      const hash = await hashPassword('Generated-Pass-1');
      const demoCompany = await db.insertInto('company').values({ merchant_code: 'M10001', full_name: '演示合作社' }).returning('id').executeTakeFirstOrThrow();
      const otherCompany = await db.insertInto('company').values({ merchant_code: 'M2XYZ', full_name: '别家公司' }).returning('id').executeTakeFirstOrThrow();
      const user = (username: string, type: '2' | '3', companyId: string | null) =>
        db.insertInto('app_user').values({ user_code: `U-${username}`, username, password_hash: hash, user_type: type, company_id: companyId }).returning('id').executeTakeFirstOrThrow();
      // seeded as earlier versions did, nothing changed since
      await user('demo', '3', demoCompany.id);
      // the auditor changed the generated password later: its change time moved
      const auditor = await user('auditor', '2', null);
      await db.updateTable('app_user').set({ password_changed_at: new Date(Date.now() + 60_000) }).where('id', '=', auditor.id).execute();
      // an account of another company that happens to be called operator, and one not of the seed
      await user('operator', '3', otherCompany.id);
      await user('inspector', '3', demoCompany.id);

      expect(await migrate(database)).toContain(MIGRATION);
      const flags = await db.selectFrom('app_user').select(['username', 'must_change_password']).orderBy('username').execute();
      expect(Object.fromEntries(flags.map((f) => [f.username, f.must_change_password]))).toEqual({
        auditor: false,
        demo: true,
        inspector: false,
        operator: false,
      });
    } finally {
      await database.close();
      fs.rmSync(earlier, { recursive: true, force: true });
    }
  });
});
