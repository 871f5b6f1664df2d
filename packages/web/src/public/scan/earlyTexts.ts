import type { Translate } from './verdictFacts';

/**
 * The few messages the document's inline script draws the verdict with (earlyVerdict.ts), taken at build time
 * from the same message files as the page's (build/consumerEntry.ts), so the document carries about 2 KB of
 * text instead of every message of the consumer pages.
 */
const EARLY_TEXT_PATHS = ['scan.title.result', 'scan.verdict', 'scan.recall', 'scan.geo', 'header.switchLanguage', 'app.productTitle'];

/** Messages by full key ('scan.verdict.GENUINE'). */
export type EarlyTexts = Record<string, string>;

/** The early messages of one language from its message files ({ scan, header, … }), flattened. */
export function pickEarlyTexts(messages: Record<string, unknown>): EarlyTexts {
  const texts: EarlyTexts = {};
  const add = (key: string, value: unknown) => {
    if (typeof value === 'string') texts[key] = value;
    else if (value && typeof value === 'object') for (const [name, inner] of Object.entries(value)) add(`${key}.${name}`, inner);
  };
  for (const path of EARLY_TEXT_PATHS) add(path, path.split('.').reduce<unknown>((node, name) => (node as Record<string, unknown> | undefined)?.[name], messages));
  return texts;
}

/** t() over early texts, with i18next's {{name}} values. */
export function earlyTranslate(texts: EarlyTexts): Translate {
  return (key, values = {}) => (texts[key] ?? key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}
