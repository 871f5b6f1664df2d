import fs from 'node:fs';
import { BaseSequencer } from 'vitest/node';

/**
 * Seconds a kilobyte of test file takes, by project, from the runs recorded in docs/testing.md: a browser test
 * drives a real server and Chromium, an API test a database, the rest run in memory.
 */
const SECONDS_PER_KB = { e2e: 1.9, server: 0.35, 'server-pg': 0.25, web: 0.35, contract: 0.05 };

/**
 * Starts the files expected to take longest first, so that the workers finish together instead of one of them
 * starting the browser role walk when the rest is done. A clean clone has no timings of earlier runs, so the
 * estimate is the file's size by its project's pace.
 */
export default class LongestFirst extends BaseSequencer {
  async sort(files) {
    const estimate = (spec) => (fs.statSync(spec.moduleId).size / 1024) * (SECONDS_PER_KB[spec.project.name] ?? 0.35);
    const estimated = new Map(files.map((spec) => [spec, estimate(spec)]));
    return [...files].sort((a, b) => estimated.get(b) - estimated.get(a));
  }
}
