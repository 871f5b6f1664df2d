// A vitest reporter that writes, for every test file of every project, when it started and ended on the wall
// clock (in the main process, so imports, database set-up and hooks are inside the span), as JSON lines to the
// file named by RD_TEST_TIMINGS. scripts/test.mjs reads it to print each project's span and the slowest files.
import fs from 'node:fs';
import path from 'node:path';

export default class TimingReporter {
  started = new Map();

  onInit(vitest) {
    this.root = vitest.config.root;
    this.out = process.env.RD_TEST_TIMINGS;
    if (this.out) fs.writeFileSync(this.out, '');
  }

  // queued: the file is about to load in its worker, so its imports and set-up count as its own time
  onTestModuleQueued(testModule) {
    this.started.set(testModule.id, Date.now());
  }

  onTestModuleEnd(testModule) {
    if (!this.out) return;
    const start = this.started.get(testModule.id) ?? Date.now();
    this.started.delete(testModule.id);
    const line = { project: testModule.project.name, file: path.relative(this.root, testModule.moduleId), start, end: Date.now() };
    fs.appendFileSync(this.out, `${JSON.stringify(line)}\n`);
  }
}
