import { fileExtension } from '@rd/contract';

/** Longest original name kept, in characters. */
export const FILE_NAME_MAX = 200;

/** C0 and C1 controls, DEL, and the bidirectional marks that can make "gpj.exe" read as "exe.jpg". */
function isControl(codePoint: number): boolean {
  return (
    codePoint < 0x20 ||
    (codePoint >= 0x7f && codePoint <= 0x9f) ||
    codePoint === 0x200e ||
    codePoint === 0x200f ||
    (codePoint >= 0x202a && codePoint <= 0x202e) ||
    (codePoint >= 0x2066 && codePoint <= 0x2069)
  );
}

/**
 * The name an upload is kept and offered under: the base name only (no folders), control characters
 * removed, at most 200 characters with the extension kept. The name is only ever shown and used as a
 * download name; the bytes are stored under their hash.
 */
export function cleanFileName(raw: string): string {
  const base = raw.slice(Math.max(raw.lastIndexOf('/'), raw.lastIndexOf('\\')) + 1);
  const chars = Array.from(base).filter((c) => !isControl(c.codePointAt(0) ?? 0));
  const name = chars.join('').trim();
  const length = Array.from(name).length;
  if (length === 0) return 'file';
  if (length <= FILE_NAME_MAX) return name;
  const extension = fileExtension(name);
  const suffix = extension && extension.length < 20 ? `.${extension}` : '';
  const stem = Array.from(name.slice(0, name.length - suffix.length));
  return `${stem.slice(0, FILE_NAME_MAX - suffix.length).join('').trimEnd()}${suffix}`;
}
