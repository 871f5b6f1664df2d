import { hasForbiddenText, validationMessage } from '@rd/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from './appError.js';
import { requestLang } from './lang.js';

/**
 * Where the first text a field cannot hold is (NUL and other control characters, lone surrogates; see
 * FORBIDDEN_TEXT), as a field path (`remark`, `list.2.name`), in keys or values; null when there is none.
 * Walked with a stack of its own, so a deeply nested body cannot overflow the call stack; the whole body is
 * looked at (its size is bounded by the body limit: an 8 MB EPCIS document of 10,000 events takes about 20 ms).
 */
export function forbiddenTextField(root: unknown): string | null {
  const stack: Array<[unknown, string]> = [[root, '']];
  while (stack.length > 0) {
    const [value, path] = stack.pop() as [unknown, string];
    if (typeof value === 'string') {
      if (hasForbiddenText(value)) return path;
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i -= 1) stack.push([value[i], path ? `${path}.${i}` : String(i)]);
    } else if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) {
      for (const [key, inner] of Object.entries(value).reverse()) {
        const at = path ? `${path}.${key}` : key;
        if (hasForbiddenText(key)) return at;
        stack.push([inner, at]);
      }
    }
  }
  return null;
}

/**
 * Every call's query, path parameters and JSON body are checked for text no field can hold before any
 * schema sees them: PostgreSQL would refuse it with an error of its own deep inside a statement, and a
 * spreadsheet export could not be written. The answer is PARAM_CHECK naming the field, in the caller's
 * language. The shared string validators refuse the same characters in forms (zString).
 */
export function installTextGuard(app: FastifyInstance) {
  app.addHook('preValidation', (request, _reply, done) => {
    const field = forbiddenTextField(request.query) ?? forbiddenTextField(request.params) ?? forbiddenTextField(request.body);
    if (field === null) {
      done();
      return;
    }
    done(new AppError('PARAM_CHECK', undefined, [{ field, message: validationMessage('validation.textCharacters', requestLang(request)) }]));
  });
}
