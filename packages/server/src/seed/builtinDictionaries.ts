import type { DictTagColor } from '@rd/contract';

export interface DictItemSeed {
  code: string;
  name: string;
  nameEn: string;
  tagColor?: DictTagColor;
}

export interface DictTypeSeed {
  typeCode: string;
  typeName: string;
  typeNameEn: string;
  items: readonly DictItemSeed[];
}

/**
 * Dictionaries delivered with the product. Inserted on start when missing and never overwritten, so
 * administrators' edits survive upgrades; they cannot be deleted (disable an item to hide it).
 * Types and items are sorted in the order written here.
 */
export const BUILTIN_DICTIONARIES: readonly DictTypeSeed[] = [
  {
    typeCode: 'sys_user_sex',
    typeName: '用户性别',
    typeNameEn: 'Sex',
    items: [
      { code: '0', name: '未知', nameEn: 'Unknown' },
      { code: '1', name: '男', nameEn: 'Male' },
      { code: '2', name: '女', nameEn: 'Female' },
    ],
  },
  {
    typeCode: 'sys_status',
    typeName: '启用状态',
    typeNameEn: 'Status',
    items: [
      { code: 'ENABLED', name: '启用', nameEn: 'Enabled', tagColor: 'success' },
      { code: 'DISABLED', name: '停用', nameEn: 'Disabled', tagColor: 'error' },
    ],
  },
  {
    typeCode: 'sys_yes_no',
    typeName: '是否',
    typeNameEn: 'Yes or no',
    items: [
      { code: '1', name: '是', nameEn: 'Yes', tagColor: 'processing' },
      { code: '0', name: '否', nameEn: 'No', tagColor: 'default' },
    ],
  },
  {
    typeCode: 'sys_oper_action',
    typeName: '操作类型',
    typeNameEn: 'Operation',
    items: [
      { code: 'INSERT', name: '新增', nameEn: 'Create', tagColor: 'success' },
      { code: 'UPDATE', name: '修改', nameEn: 'Update', tagColor: 'processing' },
      { code: 'DELETE', name: '删除', nameEn: 'Delete', tagColor: 'error' },
      { code: 'GRANT', name: '授权', nameEn: 'Grant', tagColor: 'purple' },
      { code: 'EXPORT', name: '导出', nameEn: 'Export', tagColor: 'cyan' },
      { code: 'IMPORT', name: '导入', nameEn: 'Import', tagColor: 'geekblue' },
      { code: 'LOGIN', name: '登录', nameEn: 'Sign in', tagColor: 'blue' },
      { code: 'LOGOUT', name: '退出', nameEn: 'Sign out', tagColor: 'default' },
      { code: 'FORCE_LOGOUT', name: '强制下线', nameEn: 'Force sign-out', tagColor: 'warning' },
      { code: 'CHANGE_PASSWORD', name: '修改密码', nameEn: 'Change password', tagColor: 'gold' },
      { code: 'OTHER', name: '其他', nameEn: 'Other', tagColor: 'default' },
    ],
  },
  {
    typeCode: 'sys_oper_result',
    typeName: '操作结果',
    typeNameEn: 'Result',
    items: [
      { code: 'SUCCESS', name: '成功', nameEn: 'Success', tagColor: 'success' },
      { code: 'FAILURE', name: '失败', nameEn: 'Failure', tagColor: 'error' },
    ],
  },
  {
    typeCode: 'code_status',
    typeName: '标识状态',
    typeNameEn: 'Code status',
    items: [
      { code: 'NOT_ACTIVATED', name: '未生效', nameEn: 'Not in force', tagColor: 'default' },
      { code: 'ACTIVATED', name: '已生效', nameEn: 'In force', tagColor: 'success' },
      { code: 'VOIDED', name: '已作废', nameEn: 'Invalid', tagColor: 'error' },
    ],
  },
  {
    // Project options (spec 3.5): code and codeName, read through common/code/list?codeType=project_code.
    typeCode: 'project_code',
    typeName: '项目',
    typeNameEn: 'Project',
    items: [
      { code: 'rd-trace', name: '溯源防伪', nameEn: 'Traceability' },
      { code: 'rd-medicine', name: '药品追溯', nameEn: 'Medicine traceability' },
    ],
  },
  {
    // Dosage forms of medicinal products: the product form and the import template's drop-down read this list.
    typeCode: 'medicinal_dosage_form',
    typeName: '药品剂型',
    typeNameEn: 'Dosage form',
    items: [
      { code: 'TABLET', name: '片剂', nameEn: 'Tablet' },
      { code: 'CAPSULE', name: '胶囊剂', nameEn: 'Capsule' },
      { code: 'GRANULE', name: '颗粒剂', nameEn: 'Granules' },
      { code: 'PILL', name: '丸剂', nameEn: 'Pill' },
      { code: 'POWDER', name: '散剂', nameEn: 'Powder' },
      { code: 'INJECTION', name: '注射剂', nameEn: 'Injection' },
      { code: 'ORAL_LIQUID', name: '口服液', nameEn: 'Oral liquid' },
      { code: 'SYRUP', name: '糖浆剂', nameEn: 'Syrup' },
      { code: 'OINTMENT', name: '软膏剂', nameEn: 'Ointment' },
      { code: 'CREAM', name: '乳膏剂', nameEn: 'Cream' },
      { code: 'EYE_DROPS', name: '滴眼剂', nameEn: 'Eye drops' },
      { code: 'SPRAY', name: '喷雾剂', nameEn: 'Spray' },
      { code: 'SUPPOSITORY', name: '栓剂', nameEn: 'Suppository' },
      { code: 'PATCH', name: '贴剂', nameEn: 'Patch' },
      { code: 'DECOCTION_PIECES', name: '饮片', nameEn: 'Decoction pieces' },
    ],
  },
];
