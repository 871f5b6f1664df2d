import type { Lang } from '@rd/contract';

/** Texts the department rules put into errors, in the request's language. */
export const DEPT_MESSAGES = {
  deptNameLabel: { zh_CN: '部门名称', en_US: 'Department name' },
  parentInOwnSubtree: {
    zh_CN: '上级部门不能是本部门或其下级部门',
    en_US: 'The parent department cannot be the department itself or one of its sub-departments',
  },
} as const satisfies Record<string, Record<Lang, string>>;
