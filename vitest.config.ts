import os from 'node:os';
import { defineConfig } from 'vitest/config';
import LongestFirst from './scripts/longestFirst.mjs';

/**
 * One vitest run covers every suite, so `npm test` ends with one summary.
 * Suites: contract (pure rules), server (API in-process on PGlite, and on PostgreSQL when
 * TEST_DATABASE_URL is set), web (components and client logic in jsdom), e2e (real server + Chromium).
 */
function serverProject(name: string, database: 'pglite' | 'postgres') {
  return {
    test: {
      name,
      include: ['packages/server/test/**/*.test.ts'],
      environment: 'node',
      env: { RD_TEST_DB: database },
      globalSetup: ['./packages/server/test/support/databaseTemplate.ts'],
      // The files of a worker share its loaded modules: importing the server anew for each file cost a third
      // of the project's time. Each file builds its own app on its own database, and leaves no global behind.
      isolate: false,
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  };
}

/**
 * Test files running at once. Vitest's default on two cores is one, which leaves a core idle: the API tests
 * wait on their database and the browser tests on Chromium and their server. RD_TEST_WORKERS overrides it.
 */
const workers = Number(process.env.RD_TEST_WORKERS) || Math.max(2, os.availableParallelism());

export default defineConfig({
  test: {
    maxWorkers: workers,
    sequence: { sequencer: LongestFirst },
    projects: [
      { test: { name: 'contract', include: ['packages/contract/test/**/*.test.ts'], environment: 'node' } },
      serverProject('server', 'pglite'),
      // The same API tests again on a real PostgreSQL server when one is named.
      ...(process.env.TEST_DATABASE_URL ? [serverProject('server-pg', 'postgres')] : []),
      {
        extends: './packages/web/vite.config.ts',
        test: {
          name: 'web',
          root: './packages/web',
          include: ['test/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./test/support/freshFile.ts', './test/support/waitLonger.ts'],
          isolate: false,
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['./e2e/support/pageProblems.setup.ts'],
          globalSetup: ['./e2e/support/globalSetup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
