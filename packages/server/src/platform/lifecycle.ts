import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set when the process was told to stop: it finishes its requests but asks the balancer for no new ones. */
    lifecycle: { draining: boolean };
  }
}

export function installLifecycle(app: FastifyInstance): void {
  app.decorate('lifecycle', { draining: false });
}
