/**
 * The token a check hands the page so scanCodeRecord/add can attach the browser's position to that
 * check's scan record: "<record id>.<one-time secret>". The secret is random and stored on the record;
 * using it clears it, so a token places one record once and can count nothing.
 */
export function scanToken(recordId: string | null, secret: string): string | null {
  return recordId === null ? null : `${recordId}.${secret}`;
}

export function parseScanToken(token: string): { recordId: string; secret: string } | null {
  const match = /^([1-9]\d{0,18})\.([A-Za-z0-9_-]{16,64})$/.exec(token);
  return match ? { recordId: match[1] as string, secret: match[2] as string } : null;
}
