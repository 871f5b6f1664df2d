import { compileServer } from './server.js';

/** Once per run, before any browser test file: the server bundle every file starts. */
export default function setup(): void {
  compileServer();
}
