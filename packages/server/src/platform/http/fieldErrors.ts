import { formatMessage, VALIDATION_MESSAGES, type FieldError, type Lang } from '@rd/contract';
import type { ZodError } from 'zod';

type Issue = ZodError['issues'][number];

/** Turns schema issues into translated field errors. Contract schemas carry i18n keys as messages. */
export function fieldErrorsOf(issues: readonly Issue[], lang: Lang, prefix = ''): FieldError[] {
  return issues.map((issue) => ({
    field: [prefix, ...issue.path.map(String)].filter(Boolean).join('.') || '(root)',
    message: translateIssue(issue, lang),
  }));
}

/**
 * The field errors as a person reads them in the envelope's `msg`: each message once, without its field.
 * Field paths (`codes.0`, `attrs.weight`) are for programs and stay in `errors[].field`; a person shown
 * `codes.0: …` learns nothing from the path and takes it for a fault.
 */
export function personDetail(errors: readonly FieldError[]): string {
  return [...new Set(errors.map((e) => e.message))].join('; ');
}

function translateIssue(issue: Issue, lang: Lang): string {
  const messages = VALIDATION_MESSAGES as Record<string, Record<Lang, string>>;
  const own = messages[issue.message];
  if (own) return formatMessage(own[lang], paramsOf(issue));
  const key = keyFor(issue);
  const entry = messages[key] ?? messages['validation.invalid'];
  return entry ? formatMessage(entry[lang], paramsOf(issue)) : issue.message;
}

function keyFor(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null ? 'validation.required' : 'validation.invalid';
    case 'too_small':
      if (issue.origin !== 'string') return 'validation.tooSmall';
      return Number(issue.minimum) === 1 ? 'validation.required' : 'validation.tooShort';
    case 'too_big':
      return issue.origin === 'string' ? 'validation.tooLong' : 'validation.tooBig';
    case 'invalid_value':
      return 'validation.oneOf';
    default:
      return 'validation.invalid';
  }
}

function paramsOf(issue: Issue): Record<string, string | number> {
  if (issue.code === 'too_small') return { min: Number(issue.minimum) };
  if (issue.code === 'too_big') return { max: Number(issue.maximum) };
  if (issue.code === 'invalid_value') return { values: issue.values.map(String).join(', ') };
  return {};
}
