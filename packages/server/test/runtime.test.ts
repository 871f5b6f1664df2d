import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { NODE_MAJOR, unsupportedNode } from '../src/platform/runtime.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

describe('the Node.js the server runs on', () => {
  it('is the one the project carries, for every npm script', () => {
    expect(Number(process.versions.node.split('.')[0])).toBeGreaterThanOrEqual(NODE_MAJOR);
    const carried = execFileSync(path.join(ROOT, 'node_modules', '.bin', 'node'), ['--version'], { encoding: 'utf8' }).trim();
    expect(Number(carried.slice(1).split('.')[0])).toBe(NODE_MAJOR);
  });

  it('refuses an older one with a message that says how to run it', () => {
    expect(unsupportedNode('24.11.0')).toBeNull();
    expect(unsupportedNode('26.1.0')).toBeNull();
    const message = unsupportedNode('20.20.2');
    expect(message).toContain('Node.js 20.20.2');
    expect(message).toContain('npm start');
    expect(message).toContain('node_modules/.bin/node');
  });
});
