import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { compileServer, startServer, TEMPLATE_SETTINGS } from './server.js';

/**
 * Once per run, before any browser test file: the server bundle every file starts, and the data folder of a
 * first start with the demo company (`TEMPLATE_SETTINGS`), which `startServer` copies for the files that start
 * with those settings instead of migrating and seeding anew. Returns the teardown that removes the folder.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  compileServer();
  // a folder of its own, so that this start is a real first start rather than a copy of the template
  const server = await startServer(TEMPLATE_SETTINGS, fs.mkdtempSync(path.join(os.tmpdir(), 'rd-e2e-template-')));
  await server.stop({ keepData: true });
  project.provide('serverTemplate', server.dataDir);
  return () => fs.rmSync(server.dataDir, { recursive: true, force: true });
}
