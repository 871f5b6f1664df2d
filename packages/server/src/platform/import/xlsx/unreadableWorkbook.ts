/**
 * The upload is a zip but not a workbook this reader can take: an entry that does not inflate to what the
 * zip's directory declares, XML that does not parse, no workbook part, a cell pointing past the shared
 * strings. The import answers it as a damaged file; `message` says what was wrong, for the log.
 */
export class UnreadableWorkbook extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'UnreadableWorkbook';
  }
}
