#!/usr/bin/env node
// `npm start`: builds the web app and the compiled server only when their sources changed since their last
// build, then runs the server as plain JavaScript in this process. A restart on an unchanged checkout goes
// straight to the server; a fresh clone builds both once.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const SHARED_INPUTS = ['packages/contract/src', 'packages/contract/package.json', 'package-lock.json'];

/** Each build: what it is made from, where it notes the sources it was made from, and how it is made. */
const BUILDS = [
  {
    name: 'web app',
    inputs: ['packages/web/src', 'packages/web/build', 'packages/web/index.html', 'packages/web/consumer.html', 'packages/web/vite.config.ts', 'packages/web/package.json', ...SHARED_INPUTS],
    stamp: 'packages/web/dist/.sources',
    command: ['npm', ['run', 'build', '-w', '@rd/web']],
  },
  {
    name: 'server',
    inputs: ['packages/server/src', 'packages/server/build', 'packages/server/package.json', ...SHARED_INPUTS],
    stamp: 'packages/server/dist/.sources',
    command: [process.execPath, ['packages/server/build/bundle.mjs']],
  },
];
const SERVER_BUNDLE = path.join(root, 'packages/server/dist/main.mjs');

/** Every file under `entry` (a file or a folder), sorted, as paths relative to the root. */
function filesOf(entry) {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return [];
  if (!fs.statSync(full).isDirectory()) return [entry];
  return fs
    .readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((dirent) => dirent.isFile())
    .map((dirent) => path.relative(root, path.join(dirent.parentPath, dirent.name)))
    .sort();
}

/**
 * What the sources of a build look like now: each file's path, size and modification time, hashed. Any
 * edit, checkout or install changes it; reading a few hundred stats takes milliseconds, not a build.
 */
function fingerprint(inputs) {
  const hash = createHash('sha256');
  for (const file of inputs.flatMap(filesOf)) {
    const stat = fs.statSync(path.join(root, file));
    hash.update(`${file}\0${stat.size}\0${stat.mtimeMs}\n`);
  }
  return hash.digest('hex');
}

for (const build of BUILDS) {
  const stampFile = path.join(root, build.stamp);
  const sources = fingerprint(build.inputs);
  const built = fs.existsSync(stampFile) ? fs.readFileSync(stampFile, 'utf8') : '';
  if (built === sources) continue;
  console.log(`building the ${build.name} (its sources changed since its last build)`);
  const [command, args] = build.command;
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`the ${build.name} did not build`);
    process.exit(result.status ?? 1);
  }
  fs.writeFileSync(stampFile, sources);
}

// Errors name the TypeScript sources, not the bundle's lines.
process.setSourceMapsEnabled(true);
await import(pathToFileURL(SERVER_BUNDLE).href);
