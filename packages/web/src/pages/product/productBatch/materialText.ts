/**
 * The text with `name` first: a type name the text already starts with (an earlier pick) is replaced,
 * anything typed after it is kept.
 */
export function withMaterialType(text: string, name: string, known: readonly string[], maxLength: number): string {
  const trimmed = text.trim();
  const earlier = known.filter((k) => trimmed === k || trimmed.startsWith(`${k} `)).sort((a, b) => b.length - a.length)[0];
  const rest = (earlier ? trimmed.slice(earlier.length) : trimmed).trim();
  return (rest ? `${name} ${rest}` : name).slice(0, maxLength);
}
