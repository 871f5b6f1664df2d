import { EventEmitter } from 'node:events';

/**
 * Tells the job runners of this process that a job was queued, so an idle runner starts it at once instead
 * of at its next poll. Runners of other instances find it at their next poll.
 */
const signal = new EventEmitter();
signal.setMaxListeners(0);

export function announceJobQueued(): void {
  signal.emit('queued');
}

export function onJobQueued(listener: () => void): () => void {
  signal.on('queued', listener);
  return () => signal.off('queued', listener);
}
