/**
 * The file name of a download from its Content-Disposition header: the RFC 5987 form
 * (filename*=UTF-8''%E4%B8%AD.xlsx) first because it carries non-ASCII names, then the plain filename.
 * Directory parts are removed so a name can never point elsewhere.
 */
export function fileNameFromDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*([\w-]*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    const name = safeDecode(unquote(extended[2]));
    if (name) return baseName(name);
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
  const value = plain ? (plain[2] ?? plain[1] ?? '').trim() : '';
  return value ? baseName(safeDecode(unquote(value))) : null;
}

function unquote(value: string): string {
  return value.trim().replace(/^"(.*)"$/, '$1');
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function baseName(name: string): string {
  return name.split(/[/\\]/).pop() ?? name;
}
