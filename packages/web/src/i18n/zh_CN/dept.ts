/** Departments screen (Chinese). en_US/dept.ts has the same keys. */
const dept = {
  deptName: '部门名称',
  parent: '上级部门',
  topLevel: '无（顶级部门）',
  sort: '排序',
  leader: '负责人',
  phone: '联系电话',
  email: '邮箱',
  status: '状态',
  add: '新增部门',
  addChild: '新增下级',
  edit: '编辑',
  delete: '删除',
  addTitle: '新增部门',
  editTitle: '编辑部门',
  deleteTitle: '删除部门',
  deleteConfirm: '删除操作可能会导致业务数据异常，确定删除部门“{{name}}”吗？',
  expandAll: '全部展开',
  collapseAll: '全部折叠',
};

export default dept;
