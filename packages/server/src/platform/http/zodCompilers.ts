import type { FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';

/**
 * Every route is checked and answered through its zod schemas. Given to Fastify as its compilers, so it
 * never loads its default JSON-schema ones (Ajv, fast-json-stringify), a good part of a restart's time.
 * Fastify's types describe these factories for Ajv's schemas only, hence the cast.
 */
export const ZOD_COMPILERS = { buildValidator: () => validatorCompiler, buildSerializer: () => serializerCompiler } as unknown as NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>;
