import { z } from 'zod';

/** The envelope around a contract schema, for the OpenAPI document and response serialisation. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.string(), msg: z.string(), data });
}

/** A query value that may be sent once or as repeated keys (spec 7): always an array after parsing. */
export function queryArray<T extends z.ZodType>(item: T) {
  return z.preprocess((v) => (v === undefined || Array.isArray(v) ? v : [v]), z.array(item));
}

/** `lang` travels in queries and bodies; routes accept it and leave it to the language resolver. */
export const withLang = { lang: z.string().optional() };
