import type { FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';

/**
 * A schema whose own check throws on input it did not expect (a refinement reading a field of `null`) is
 * the caller's bad input, not a server error: it is answered as a refused value (400, PARAM_CHECK).
 */
const guardedValidatorCompiler: typeof validatorCompiler = (route) => {
  const validate = validatorCompiler(route);
  return (data) => {
    try {
      return validate(data);
    } catch {
      return { error: Object.assign(new Error('the value cannot be checked'), { statusCode: 400 }) };
    }
  };
};

/**
 * Every route is checked and answered through its zod schemas. Given to Fastify as its compilers, so it
 * never loads its default JSON-schema ones (Ajv, fast-json-stringify), a good part of a restart's time.
 * Fastify's types describe these factories for Ajv's schemas only, hence the cast.
 */
export const ZOD_COMPILERS = { buildValidator: () => guardedValidatorCompiler, buildSerializer: () => serializerCompiler } as unknown as NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>;
