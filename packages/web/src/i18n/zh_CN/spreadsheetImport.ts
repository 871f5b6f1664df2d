/** Spreadsheet imports: template download, import, the answer's dialog (Chinese). en_US/spreadsheetImport.ts has the same keys. */
const spreadsheetImport = {
  downloadTemplate: '下载模板',
  import: '导入',
  importing: '正在导入…',
  successTitle: '导入成功',
  success: '已导入 {{count}} 行',
  failedTitle: '导入失败，未写入任何数据',
  failed: '共 {{rows}} 行数据，发现 {{count}} 处错误，请修改后重新导入',
  shownFirst: '仅显示前 {{shown}} 处错误',
  row: '行',
  column: '列',
  message: '错误信息',
  hint: '请使用下载的模板填写，第 2 行为示例，导入时忽略；所有行都正确才会导入',
};

export default spreadsheetImport;
