/** The read-only support view of one company (Chinese). en_US/supportView.ts has the same keys. */
const supportView = {
  open: '支持查看',
  title: '支持查看：{{company}}',
  explain: '以只读方式查看该企业的各个页面，不能修改任何数据。打开记录（含原因）会写入操作日志，企业管理员也能看到；到时自动结束，也可随时退出。',
  reason: '查看原因',
  reasonPlaceholder: '例如：工单号及企业反馈的问题',
  banner: '正在以只读方式支持查看企业“{{company}}”的数据（至 {{until}} 自动结束）',
  leave: '退出支持查看',
};

export default supportView;
