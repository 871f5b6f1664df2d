import type { FormInstance } from 'antd';
import type { FieldError } from '@rd/contract';
import { isHttpError, refusalText } from '../../../api/HttpError';

/** The fields a refusal names (the envelope's errors, kept beside the problem details). */
export function refusedFields(error: unknown): readonly FieldError[] {
  if (!isHttpError(error)) return [];
  return error.errors.length > 0 ? error.errors : (error.envelope?.errors ?? []);
}

/**
 * Puts the server's refusals under the form fields they name (`fields`: the server's field → the form's),
 * and answers what is left to say elsewhere: `others`, the refusals of fields the form does not have, or
 * `message`, the refusal's text when it named no field. Nothing is left when the user has been told
 * already (signed out, asked to sign in again).
 */
export function showRefusal<Values>(form: FormInstance<Values>, error: unknown, fields: Record<string, string>, fallback: string): { others: string[]; message: string | null } {
  if (isHttpError(error) && error.handled) return { others: [], message: null };
  const named = refusedFields(error);
  if (named.length === 0) return { others: [], message: refusalText(error, fallback) };
  const byField = new Map<string, string[]>();
  for (const e of named) {
    const field = fields[e.field];
    if (field !== undefined) byField.set(field, [...(byField.get(field) ?? []), e.message]);
  }
  if (byField.size) {
    form.setFields([...byField].map(([name, errors]) => ({ name: name as never, errors })));
    // the first refused field may be above the fold of a long form: bring it into view
    form.scrollToField([...byField.keys()][0] as never, { block: 'center', behavior: 'smooth' });
  }
  return { others: named.filter((e) => fields[e.field] === undefined).map((e) => `${e.field}: ${e.message}`), message: null };
}
