/**
 * What an XML document sent to the capture interface must be before any parser reads it: UTF-8 text whose
 * prolog declares no entities. Entities are how XML bombs work (billion laughs: entities defined by ten
 * others, expanding to gigabytes) and how external entities (XXE) read files or addresses of the server, and
 * EPCIS documents have no use for them. So a DOCTYPE is taken only as a bare name (`<!DOCTYPE project>`, as
 * GS1's own examples begin); one with an internal subset (`[ … ]`, where entities are declared) or an external
 * DTD (`SYSTEM` / `PUBLIC`) is refused here, before anything is parsed or expanded. The parsers behind this
 * (saxes, libxml2) expand no entity either: this is the first fence, not the only one.
 */

export type XmlPrologProblem =
  | { kind: 'doctype'; line: number }
  | { kind: 'encoding'; line: number; encoding: string }
  | { kind: 'malformed'; line: number; problem: string };

const UTF8 = /^utf-?8$/i;
/** `<!DOCTYPE name>` and nothing else: no external id, no internal subset. */
const BARE_DOCTYPE = /^<!DOCTYPE\s+[^\s>[\]'"]+\s*>/;

function lineAt(text: string, index: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i >= 0 && i < index; i = text.indexOf('\n', i + 1)) line += 1;
  return line;
}

/**
 * The first problem of the document's prolog (what comes before its root element), or null: an XML
 * declaration naming another encoding than UTF-8, a DOCTYPE with declarations or an external DTD.
 */
export function xmlPrologProblem(text: string): XmlPrologProblem | null {
  let at = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  for (;;) {
    while (at < text.length && /\s/.test(text[at]!)) at += 1;
    if (text.startsWith('<?', at)) {
      const end = text.indexOf('?>', at + 2);
      if (end < 0) return { kind: 'malformed', line: lineAt(text, at), problem: 'unclosed processing instruction' };
      const instruction = text.slice(at, end + 2);
      if (/^<\?xml\s/.test(instruction)) {
        const encoding = /\sencoding\s*=\s*["']([^"']*)["']/.exec(instruction)?.[1];
        if (encoding !== undefined && !UTF8.test(encoding)) return { kind: 'encoding', line: lineAt(text, at), encoding: encoding.slice(0, 40) };
      }
      at = end + 2;
    } else if (text.startsWith('<!--', at)) {
      const end = text.indexOf('-->', at + 4);
      if (end < 0) return { kind: 'malformed', line: lineAt(text, at), problem: 'unclosed comment' };
      at = end + 3;
    } else if (text.startsWith('<!DOCTYPE', at)) {
      if (!BARE_DOCTYPE.test(text.slice(at, at + 1024))) return { kind: 'doctype', line: lineAt(text, at) };
      at = text.indexOf('>', at) + 1;
    } else {
      return null;
    }
  }
}
