import { randomBytes } from 'node:crypto';
import os from 'node:os';

/**
 * A name for one job-running process: host, process id and a random part, so two instances on one host,
 * or one process restarted with the same pid, never pass for each other. Stored in a job's worker_id.
 */
export function newWorkerId(): string {
  return `${os.hostname().slice(0, 40)}:${process.pid}:${randomBytes(4).toString('hex')}`;
}
