/** Words every screen uses (Chinese). en_US/common.ts has the same keys. */
const common = {
  search: '查询',
  reset: '重置',
  confirm: '确定',
  cancel: '取消',
  operation: '操作',
  operationSuccess: '操作成功',
  total: '共 {{total}} 条',
  loading: '加载中…',
  all: '全部',
};

export default common;
