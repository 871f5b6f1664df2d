import { createHash } from 'node:crypto';
import type { HelmetOptions } from 'helmet';
import { SECURITY_POLICY, securityHeadersOf } from './securityHeaders.js';

/** Inline classic scripts of a built document: <script> without a src, up to its end tag. */
const INLINE_SCRIPT = /<script(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script>/gi;

/** The CSP source of each inline script: 'sha256-…' of its exact text, as browsers compute it. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)]
    .map((match) => match[1]!)
    .filter((script) => script.trim() !== '')
    .map((script) => `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`);
}

/**
 * The Content-Security-Policy of one built document: the pages' policy, with exactly the document's own
 * inline scripts allowed by their hashes (the consumer page starts its scan check from one; see
 * packages/web/build/consumerEntry.ts). Worked out once at start-up, like the other headers.
 */
export function documentPolicy(html: string): string {
  const directives = (SECURITY_POLICY.contentSecurityPolicy as Exclude<HelmetOptions['contentSecurityPolicy'], boolean | undefined>).directives!;
  const scriptSrc = [...(directives.scriptSrc as string[]), ...inlineScriptHashes(html)];
  const policy: HelmetOptions = { ...SECURITY_POLICY, contentSecurityPolicy: { directives: { ...directives, scriptSrc } } };
  return securityHeadersOf(policy)['content-security-policy']!;
}
