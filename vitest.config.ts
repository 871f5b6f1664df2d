import { defineConfig } from 'vitest/config';

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
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  };
}

export default defineConfig({
  test: {
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
          setupFiles: ['./test/support/waitLonger.ts'],
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['./e2e/support/pageProblems.setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
