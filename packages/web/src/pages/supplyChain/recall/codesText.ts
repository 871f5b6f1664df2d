/**
 * Codes of an uploaded list as people bring them: typed or pasted (one a line, or separated by commas,
 * semicolons or blanks), or read from a file — a .txt of codes, or a .csv whose first column holds them (the
 * portal's own code downloads), its header line left out.
 */

const SEPARATORS = /[\s,;，；]+/;

export function codesOfText(text: string): string[] {
  return text.split(SEPARATORS).map((c) => c.trim()).filter(Boolean);
}

/** The first column of each line of a CSV, quotes removed; a first line without a digit is a header. */
export function codesOfCsv(text: string): string[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const cells = lines.map((line) => (line.split(',')[0] ?? '').replace(/^"|"$/g, '').trim());
  if (cells.length > 0 && !/\d/.test(cells[0] as string)) cells.shift();
  return cells.filter(Boolean);
}

/** Asks for a .txt or .csv file and reads its codes; null when none was chosen. */
export function readCodesFile(): Promise<string[] | null> {
  return new Promise((resolve) => {
    const input = document.createElement('input');
    input.type = 'file';
    input.accept = '.txt,.csv,text/plain,text/csv';
    input.addEventListener('change', () => {
      const file = input.files?.[0];
      if (!file) {
        resolve(null);
        return;
      }
      void file.text().then((text) => resolve(/\.csv$/i.test(file.name) ? codesOfCsv(text) : codesOfText(text)));
    });
    input.click();
  });
}
