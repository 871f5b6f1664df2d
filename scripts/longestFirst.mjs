import fs from 'node:fs';
import { BaseSequencer } from 'vitest/node';

/**
 * Seconds a kilobyte of test file takes, by project, from the runs recorded in docs/testing.md: a browser test
 * drives a real server and Chromium, an API test a database, the rest run in memory.
 */
const SECONDS_PER_KB = { e2e: 1.9, server: 0.35, 'server-pg': 0.25, web: 0.35, contract: 0.05 };

/**
 * The order the workers take test files in. Longest first, so that the workers finish together instead of one
 * of them starting the browser role walk when the rest is done; and the browser files interleaved with the
 * others in step, so that about one worker is on a browser file at any time: a browser file spends much of its
 * time waiting on Chromium and its server, which the API tests beside it fill, while two browser files side by
 * side leave the cores idle and slow each other's pages. A clean clone has no timings of earlier runs, so the
 * estimate is the file's size by its project's pace.
 */
export default class LongestFirst extends BaseSequencer {
  async sort(files) {
    const estimate = new Map(files.map((spec) => [spec, (fs.statSync(spec.moduleId).size / 1024) * (SECONDS_PER_KB[spec.project.name] ?? 0.35)]));
    const longestFirst = (list) => list.sort((a, b) => estimate.get(b) - estimate.get(a));
    const browser = longestFirst(files.filter((spec) => spec.project.name === 'e2e'));
    const rest = longestFirst(files.filter((spec) => spec.project.name !== 'e2e'));
    // Each list's total so far: the next file comes from the list that is behind, in proportion to its total.
    const share = (list) => list.reduce((sum, spec) => sum + estimate.get(spec), 0) || 1;
    const shares = [share(browser), share(rest)];
    const done = [0, 0];
    const order = [];
    while (browser.length > 0 || rest.length > 0) {
      const fromBrowser = rest.length === 0 || (browser.length > 0 && done[0] / shares[0] <= done[1] / shares[1]);
      const spec = fromBrowser ? browser.shift() : rest.shift();
      done[fromBrowser ? 0 : 1] += estimate.get(spec);
      order.push(spec);
    }
    return order;
  }
}
