import type { Lang, UserSex, UserStatus } from '@rd/contract';

/** Texts of the users area that the server writes itself: option labels and export headers. */

export const SEX_LABELS: Record<Lang, Record<UserSex, string>> = {
  zh_CN: { '0': '未知', '1': '男', '2': '女' },
  en_US: { '0': 'Unknown', '1': 'Male', '2': 'Female' },
};

export const STATUS_LABELS: Record<Lang, Record<UserStatus, string>> = {
  zh_CN: { '1': '启用', '0': '停用' },
  en_US: { '1': 'Enabled', '0': 'Disabled' },
};

/** Field names as DUPLICATE and other messages name them. */
export const FIELD_LABELS: Record<Lang, { username: string }> = {
  zh_CN: { username: '用户名' },
  en_US: { username: 'Username' },
};

export const EXPORT_TEXTS = {
  zh_CN: {
    fileName: '用户列表',
    sheetName: '用户',
    userCode: '用户编号',
    username: '用户名',
    name: '姓名',
    sex: '性别',
    companyName: '所属企业',
    deptName: '部门',
    jobTitle: '职务',
    roles: '角色',
    phone: '手机号码',
    email: '邮箱',
    birthdate: '出生日期',
    contractStart: '合同开始日期',
    contractEnd: '合同结束日期',
    status: '状态',
    lastLoginAt: '最后登录时间',
    createdAt: '创建时间',
  },
  en_US: {
    fileName: 'Users',
    sheetName: 'Users',
    userCode: 'User code',
    username: 'Username',
    name: 'Name',
    sex: 'Sex',
    companyName: 'Company',
    deptName: 'Department',
    jobTitle: 'Job title',
    roles: 'Roles',
    phone: 'Mobile phone',
    email: 'Email',
    birthdate: 'Birthdate',
    contractStart: 'Contract start',
    contractEnd: 'Contract end',
    status: 'Status',
    lastLoginAt: 'Last sign-in',
    createdAt: 'Created at',
  },
} as const satisfies Record<Lang, Record<string, string>>;
