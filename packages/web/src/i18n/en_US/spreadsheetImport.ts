import type spreadsheetImport from '../zh_CN/spreadsheetImport';

/** Spreadsheet imports (English); typed by the Chinese file. */
const spreadsheetImportEn: typeof spreadsheetImport = {
  downloadTemplate: 'Download template',
  import: 'Import',
  importing: 'Importing…',
  successTitle: 'Imported',
  success: '{{count}} rows imported',
  failedTitle: 'Import failed, nothing was written',
  failed: '{{rows}} data rows, {{count}} errors found; correct them and import again',
  shownFirst: 'Only the first {{shown}} errors are shown',
  row: 'Row',
  column: 'Column',
  message: 'Error',
  hint: 'Fill in the downloaded template; row 2 is an example and is skipped; rows are imported only when all are correct',
};

export default spreadsheetImportEn;
