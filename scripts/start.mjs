#!/usr/bin/env node
// `npm start`: builds the web app and the compiled server only when their sources changed since their last
// build, then runs the server as plain JavaScript in this process. A restart on an unchanged checkout goes
// straight to the server; a fresh clone builds both once, side by side, and the server prepares its database
// while the web app builds. The web app's compressed copies are made beside the running server, at low
// priority, instead of before it starts.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import module from 'node:module';
import os from 'node:os';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
// npm runs this on the Node.js the project carries (node_modules/.bin/node); run by hand with an older one, it
// says so before building anything (the server says the same when its bundle is run directly)
const NODE_MAJOR = 24;
if (Number(process.versions.node.split('.')[0]) < NODE_MAJOR) {
  console.error(`rd-trace runs on Node.js ${NODE_MAJOR} or later, and this is Node.js ${process.versions.node}: run \`npm ci\`, then \`npm start\`, which uses the Node.js ${NODE_MAJOR} the project carries.`);
  process.exit(1);
}
const SHARED_INPUTS = ['packages/contract/src', 'packages/contract/package.json', 'package-lock.json'];

/** Each build: what it is made from, where it notes the sources it was made from, and how it is made. */
const BUILDS = [
  {
    name: 'web app',
    inputs: ['packages/web/src', 'packages/web/build', 'packages/web/index.html', 'packages/web/consumer.html', 'packages/web/vite.config.ts', 'packages/web/package.json', ...SHARED_INPUTS],
    stamp: 'packages/web/dist/.sources',
    command: ['npm', ['run', 'build', '-w', '@rd/web']],
    // Brotli at its highest quality is most of this build's time; the copies are made after the start (below).
    env: { WEB_PRECOMPRESS: 'later' },
    // The server creates and seeds its database meanwhile, one step after another: that is the longer road, so
    // it keeps a core to itself and the build takes what is left.
    priority: os.constants.priority.PRIORITY_BELOW_NORMAL,
  },
  {
    name: 'server',
    inputs: ['packages/server/src', 'packages/server/build', 'packages/server/package.json', ...SHARED_INPUTS],
    stamp: 'packages/server/dist/.sources',
    command: [process.execPath, ['packages/server/build/bundle.mjs']],
  },
];
const SERVER_BUNDLE = path.join(root, 'packages/server/dist/main.mjs');
const COMPILE_CACHE = path.join(root, 'node_modules/.cache/node-compile-cache');
const WEB_DIST = path.join(root, 'packages/web/dist');
/** Notes the web build whose compressed copies are all made, as the build's own stamp notes its sources. */
const PRECOMPRESSED_STAMP = path.join(WEB_DIST, '.precompressed');

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

/** Builds `build` if its sources changed since its last build; resolves when it is up to date. */
async function buildIfChanged(build) {
  const stampFile = path.join(root, build.stamp);
  const sources = fingerprint(build.inputs);
  const built = fs.existsSync(stampFile) ? fs.readFileSync(stampFile, 'utf8') : '';
  if (built === sources) return;
  console.log(`building the ${build.name} (its sources changed since its last build)`);
  const [command, args] = build.command;
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...build.env } });
  if (build.priority !== undefined) os.setPriority(child.pid, build.priority);
  const [status] = await once(child, 'exit');
  // Thrown, not exited on: a server preparing its database meanwhile finishes that step before it ends.
  if (status !== 0) throw new Error(`the ${build.name} did not build`);
  fs.writeFileSync(stampFile, sources);
}

/**
 * Makes the web app's missing brotli and gzip copies in a process of its own at the lowest priority, once the
 * server answers, so its first answers keep the cores; until a copy is there the file is sent as it is. An
 * interrupted run leaves whole copies only, and the next start finishes it.
 */
function precompressInBackground() {
  const webSources = fs.readFileSync(path.join(root, BUILDS[0].stamp), 'utf8');
  const done = fs.existsSync(PRECOMPRESSED_STAMP) ? fs.readFileSync(PRECOMPRESSED_STAMP, 'utf8') : '';
  if (done === webSources) return;
  const child = spawn(process.execPath, [path.join(root, 'packages/web/build/precompress.mjs'), WEB_DIST], { stdio: 'inherit' });
  os.setPriority(child.pid, os.constants.priority.PRIORITY_LOW);
  child.once('exit', (status) => {
    if (status === 0) fs.writeFileSync(PRECOMPRESSED_STAMP, webSources);
  });
  process.once('exit', () => child.kill());
}

// The server starts as soon as its own bundle is in: it creates, migrates and seeds the database while the web
// app builds on the other core, and reads the web app only before it listens.
const [webBuild, serverBuild] = BUILDS.map(buildIfChanged);
await serverBuild.catch((error) => {
  console.error(error.message);
  process.exit(1);
});
// Errors name the TypeScript sources, not the bundle's lines.
process.setSourceMapsEnabled(true);
// V8 keeps the code it compiled for the bundle and the packages it loads, and a restart reads it back instead of
// compiling again. The cache is keyed by each file's contents and the Node.js version: a rebuilt bundle is simply
// compiled anew.
module.enableCompileCache(COMPILE_CACHE);
const server = await import(pathToFileURL(SERVER_BUNDLE).href);
await server.main({ webAppBuilt: webBuild }).catch(server.failedToStart);
// written now, not only at exit: a server ends by a signal, sometimes one that leaves no time to write
module.flushCompileCache();
// Only now: even at the lowest priority, compressing beside the server's start slows it (two cores share a cache).
precompressInBackground();
