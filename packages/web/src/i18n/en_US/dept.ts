import type dept from '../zh_CN/dept';

/** Departments screen (English); typed by the Chinese file. */
const deptEn: typeof dept = {
  deptName: 'Department',
  parent: 'Parent department',
  topLevel: 'None (top level)',
  sort: 'Sort',
  leader: 'Leader',
  phone: 'Phone',
  email: 'Email',
  status: 'Status',
  add: 'Add department',
  addChild: 'Add sub-department',
  edit: 'Edit',
  delete: 'Delete',
  addTitle: 'Add department',
  editTitle: 'Edit department',
  deleteTitle: 'Delete department',
  deleteConfirm: 'Deleting may break business data. Delete department "{{name}}"?',
  expandAll: 'Expand all',
  collapseAll: 'Collapse all',
};

export default deptEn;
