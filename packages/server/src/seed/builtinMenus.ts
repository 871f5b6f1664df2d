import { PERMISSIONS as P } from '@rd/contract';

/** Built-in roles; their codes are stable, their names translatable. */
export const BUILTIN_ROLES = [
  { code: 'PLATFORM_ADMIN', name: '平台管理员', nameEn: 'Platform administrator', scope: 'PLATFORM', sort: 1 },
  { code: 'AUDITOR', name: '平台审核员', nameEn: 'Auditor', scope: 'PLATFORM', sort: 2 },
  { code: 'ENTERPRISE_ADMIN', name: '企业管理员', nameEn: 'Enterprise administrator', scope: 'ENTERPRISE', sort: 3 },
  { code: 'ENTERPRISE_OPERATOR', name: '企业操作员', nameEn: 'Enterprise operator', scope: 'ENTERPRISE', sort: 4 },
] as const;
export type BuiltinRoleCode = (typeof BUILTIN_ROLES)[number]['code'];

/**
 * Who receives an element by default: the platform administrator everything not marked company-only; the
 * enterprise administrator everything not marked platform-only; operators and auditors what is listed.
 */
type Grant = 'OPERATOR' | 'AUDITOR';

export interface MenuSeed {
  code: string;
  name: string;
  nameEn: string;
  icon?: string;
  /** Route name of the screen (spec 2.4 matches it to a predefined route). */
  url?: string;
  permission?: string;
  platformOnly?: boolean;
  /** Manages a company's own data: never shown or granted to platform accounts (they have no company). */
  companyOnly?: boolean;
  grants?: Grant[];
  children?: MenuSeed[];
  buttons?: ButtonSeed[];
}

export interface ButtonSeed {
  permission: string;
  name: string;
  nameEn: string;
  companyOnly?: boolean;
  grants?: Grant[];
}

const OP: Grant[] = ['OPERATOR'];
const AU: Grant[] = ['AUDITOR'];

/** The menu tree of spec 2.4, extended with administration, medicinal and company-info entries. */
export const BUILTIN_MENUS: MenuSeed = {
  code: 'accPortal',
  name: '产品追溯防伪平台',
  nameEn: 'Product Traceability Portal',
  icon: 'HomeOutlined',
  grants: ['OPERATOR', 'AUDITOR'],
  children: [
    {
      code: 'enterprise',
      name: '企业功能',
      nameEn: 'Enterprise functions',
      grants: ['OPERATOR', 'AUDITOR'],
      children: [
        {
          code: 'tagMg', name: '标签管理', nameEn: 'Tag management', icon: 'TagsOutlined', grants: OP,
          children: [
            {
              code: 'tagRule', name: '标签规则', nameEn: 'Tag rules', url: 'TagRule', permission: P.ruleList, companyOnly: true, grants: OP,
              buttons: [
                { permission: P.ruleAdd, name: '新增规则', nameEn: 'Add rule', grants: OP },
                { permission: P.ruleEdit, name: '编辑规则', nameEn: 'Edit rule', grants: OP },
                { permission: P.ruleDelete, name: '删除规则', nameEn: 'Delete rule' },
              ],
            },
            {
              code: 'tagGenerate', name: '标签生成', nameEn: 'Tag generation', url: 'TagGenerate', permission: P.codeRecordList, companyOnly: true, grants: OP,
              buttons: [
                { permission: P.codeRecordAdd, name: '生成标签', nameEn: 'Generate codes', grants: OP },
                { permission: P.codeRecordCancel, name: '取消任务', nameEn: 'Cancel job', grants: OP },
                { permission: P.codeRecordDownload, name: '下载标签', nameEn: 'Download codes', grants: OP },
              ],
            },
            {
              code: 'tagDetail', name: '标签明细', nameEn: 'Tag details', url: 'TagDetail', permission: P.codeList, grants: OP,
              buttons: [
                { permission: P.codeExport, name: '导出标签', nameEn: 'Export codes', grants: OP },
                { permission: P.codeActivate, name: '激活标签', nameEn: 'Activate code', grants: OP },
                { permission: P.codeVoid, name: '作废标签', nameEn: 'Void code' },
                { permission: P.codeBulkActivate, name: '批量激活', nameEn: 'Activate in bulk', companyOnly: true, grants: OP },
                { permission: P.codeBulkVoid, name: '批量作废', nameEn: 'Void in bulk', companyOnly: true },
                { permission: P.codeBind, name: '扫码绑定', nameEn: 'Bind codes by scanning', companyOnly: true, grants: OP },
              ],
            },
          ],
        },
        {
          code: 'productMg', name: '产品管理', nameEn: 'Product management', icon: 'AppstoreOutlined', companyOnly: true, grants: OP,
          children: [
            {
              code: 'product', name: '产品信息', nameEn: 'Products', url: 'Product', permission: P.productList, grants: OP,
              buttons: [
                { permission: P.productAdd, name: '新增产品', nameEn: 'Add product', grants: OP },
                { permission: P.productEdit, name: '编辑产品', nameEn: 'Edit product', grants: OP },
                { permission: P.productDelete, name: '删除产品', nameEn: 'Delete product' },
              ],
            },
            {
              code: 'productBatch', name: '产品批次', nameEn: 'Product batches', url: 'ProductBatch', permission: P.batchList, grants: OP,
              buttons: [
                { permission: P.batchAdd, name: '新增批次', nameEn: 'Add batch', grants: OP },
                { permission: P.batchDelete, name: '删除批次', nameEn: 'Delete batch' },
                { permission: P.batchExport, name: '导出批次标签', nameEn: 'Export batch codes', grants: OP },
              ],
            },
            {
              code: 'productTemplate', name: '产品模板', nameEn: 'Product templates', url: 'ProductTemplate', permission: P.templateList, grants: OP,
              buttons: [
                { permission: P.templateAdd, name: '新增模板', nameEn: 'Add template', grants: OP },
                { permission: P.templateEdit, name: '编辑模板', nameEn: 'Edit template', grants: OP },
                { permission: P.templateDelete, name: '删除模板', nameEn: 'Delete template' },
              ],
            },
          ],
        },
        {
          code: 'statisticMg', name: '统计分析', nameEn: 'Statistics', icon: 'BarChartOutlined', grants: OP,
          children: [
            { code: 'statistic', name: '扫码统计', nameEn: 'Scan statistics', url: 'Statistic', permission: P.statisticView, grants: OP },
            {
              code: 'record', name: '扫码记录', nameEn: 'Scan records', url: 'Record', permission: P.recordList, grants: OP,
              buttons: [{ permission: P.recordExport, name: '导出记录', nameEn: 'Export records', grants: OP }],
            },
          ],
        },
        {
          code: 'supplyChain', name: '供应链', nameEn: 'Supply chain', icon: 'ApartmentOutlined', companyOnly: true, grants: OP,
          children: [
            {
              code: 'dealer', name: '经销商', nameEn: 'Dealers', url: 'Dealer', permission: P.dealerList, grants: OP,
              buttons: [
                { permission: P.dealerAdd, name: '新增经销商', nameEn: 'Add dealer', grants: OP },
                { permission: P.dealerEdit, name: '编辑经销商', nameEn: 'Edit dealer', grants: OP },
                { permission: P.dealerDelete, name: '删除经销商', nameEn: 'Delete dealer' },
                { permission: P.dealerExport, name: '导出经销商', nameEn: 'Export dealers', grants: OP },
                { permission: P.dealerImport, name: '导入经销商', nameEn: 'Import dealers', grants: OP },
              ],
            },
            {
              code: 'shipment', name: '出入库', nameEn: 'Shipments', url: 'Shipment', permission: P.shipmentList, grants: OP,
              buttons: [
                { permission: P.shipmentShip, name: '扫码出库', nameEn: 'Ship by scan', grants: OP },
                { permission: P.shipmentReceive, name: '确认收货', nameEn: 'Confirm receipt', grants: OP },
                { permission: P.shipmentReturn, name: '退货入库', nameEn: 'Returns', grants: OP },
                { permission: P.shipmentExport, name: '导出单据', nameEn: 'Export orders', grants: OP },
              ],
            },
            {
              code: 'channelConflict', name: '窜货预警', nameEn: 'Channel conflicts', url: 'ChannelConflict', permission: P.conflictList, grants: OP,
              buttons: [{ permission: P.conflictExport, name: '导出预警', nameEn: 'Export alerts', grants: OP }],
            },
            {
              // recalls: operators may prepare and watch them; starting and ending one is the administrator's
              code: 'recall', name: '产品召回', nameEn: 'Recalls', url: 'Recall', permission: P.recallList, grants: OP,
              buttons: [
                { permission: P.recallAdd, name: '新建召回', nameEn: 'New recall', grants: OP },
                { permission: P.recallEdit, name: '编辑召回', nameEn: 'Edit recall', grants: OP },
                { permission: P.recallActivate, name: '启动召回', nameEn: 'Activate recall' },
                { permission: P.recallClose, name: '结束召回', nameEn: 'Close recall' },
                { permission: P.recallExport, name: '导出召回报表', nameEn: 'Export recall reports', grants: OP },
              ],
            },
            {
              code: 'epcisEvent', name: '追溯事件', nameEn: 'Traceability events', url: 'EpcisEvent', permission: P.epcisEventList, grants: OP,
              buttons: [
                { permission: P.epcisCapture, name: '接收事件', nameEn: 'Capture events' },
                { permission: P.epcisQuery, name: '保存查询', nameEn: 'Save queries', grants: OP },
                { permission: P.epcisSubscribe, name: '订阅查询', nameEn: 'Subscribe to queries' },
              ],
            },
            {
              code: 'apiKey', name: 'API 密钥', nameEn: 'API keys', url: 'ApiKey', permission: P.apiKeyList,
              buttons: [
                { permission: P.apiKeyAdd, name: '新建密钥', nameEn: 'Create key' },
                { permission: P.apiKeyRevoke, name: '吊销密钥', nameEn: 'Revoke key' },
              ],
            },
          ],
        },
        {
          code: 'farmerInfo', name: '瓜农管理', nameEn: 'Melon growers', icon: 'TeamOutlined', companyOnly: true, grants: OP,
          children: [
            {
              code: 'farmerList', name: '瓜农信息', nameEn: 'Melon growers', url: 'FarmerInfo', permission: P.farmerList, grants: OP,
              buttons: [
                { permission: P.farmerAdd, name: '新增瓜农', nameEn: 'Add grower', grants: OP },
                { permission: P.farmerEdit, name: '编辑瓜农', nameEn: 'Edit grower', grants: OP },
                { permission: P.farmerDelete, name: '删除瓜农', nameEn: 'Delete grower' },
              ],
            },
          ],
        },
        {
          code: 'medicinalMg', name: '药品管理', nameEn: 'Medicinal products', icon: 'MedicineBoxOutlined', companyOnly: true, grants: OP,
          children: [
            {
              code: 'medicinalProduct', name: '药品信息', nameEn: 'Medicinal products', url: 'MedicinalProduct', permission: P.medicinalProductList, grants: OP,
              buttons: [
                { permission: P.medicinalProductEdit, name: '编辑药品', nameEn: 'Edit medicinal product', grants: OP },
                { permission: P.medicinalProductImport, name: '导入药品', nameEn: 'Import medicinal products', grants: OP },
              ],
            },
            {
              code: 'medicinalBatch', name: '药品批次', nameEn: 'Medicinal batches', url: 'MedicinalBatch', permission: P.medicinalBatchList, grants: OP,
              buttons: [
                { permission: P.medicinalBatchEdit, name: '编辑药品批次', nameEn: 'Edit medicinal batch', grants: OP },
                { permission: P.medicinalBatchImport, name: '导入药品批次', nameEn: 'Import medicinal batches', grants: OP },
              ],
            },
          ],
        },
        {
          code: 'companyMg', name: '企业信息', nameEn: 'Company info', icon: 'BankOutlined', grants: ['OPERATOR', 'AUDITOR'],
          children: [
            {
              code: 'companyInfo', name: '企业信息上报', nameEn: 'Company report', url: 'CompanyInfo', permission: P.companyInfoView, companyOnly: true, grants: OP,
              buttons: [
                { permission: P.companyInfoEdit, name: '编辑企业信息', nameEn: 'Edit company info' },
                { permission: P.companyInfoSubmit, name: '提交审核', nameEn: 'Submit for audit' },
              ],
            },
            {
              code: 'companyAudit', name: '企业审核', nameEn: 'Company audit', url: 'CompanyAudit', permission: P.companyAuditList, platformOnly: true, grants: AU,
              buttons: [
                { permission: P.companyAuditDecide, name: '审核', nameEn: 'Audit decision', grants: AU },
                // auditors judge a company's report, not its business data: the platform administrator may grant it
                { permission: P.companySupportView, name: '支持查看', nameEn: 'Support view' },
              ],
            },
          ],
        },
        {
          code: 'systemMg', name: '系统管理', nameEn: 'Administration', icon: 'SettingOutlined',
          children: [
            {
              code: 'userInfo', name: '用户管理', nameEn: 'Users', url: 'UserInfo', permission: P.userList,
              buttons: [
                { permission: P.userAdd, name: '新增用户', nameEn: 'Add user' },
                { permission: P.userEdit, name: '编辑用户', nameEn: 'Edit user' },
                { permission: P.userResetPassword, name: '重置密码', nameEn: 'Reset password' },
                { permission: P.userStatus, name: '启用停用', nameEn: 'Enable or disable' },
                { permission: P.userExport, name: '导出用户', nameEn: 'Export users' },
              ],
            },
            {
              code: 'userRole', name: '角色管理', nameEn: 'Roles', url: 'UserRole', permission: P.roleList,
              buttons: [
                { permission: P.roleAdd, name: '新增角色', nameEn: 'Add role' },
                { permission: P.roleEdit, name: '编辑角色', nameEn: 'Edit role' },
                { permission: P.roleDelete, name: '删除角色', nameEn: 'Delete role' },
                { permission: P.roleGrant, name: '分配权限', nameEn: 'Grant permissions' },
              ],
            },
            {
              code: 'menuConf', name: '菜单配置', nameEn: 'Menus', url: 'MenuConf', permission: P.menuList, platformOnly: true,
              buttons: [
                { permission: P.menuEdit, name: '编辑菜单', nameEn: 'Edit menu' },
                { permission: P.menuDelete, name: '删除菜单', nameEn: 'Delete menu' },
              ],
            },
            {
              code: 'dept', name: '部门管理', nameEn: 'Departments', url: 'Dept', permission: P.deptList,
              buttons: [
                { permission: P.deptEdit, name: '编辑部门', nameEn: 'Edit department' },
                { permission: P.deptDelete, name: '删除部门', nameEn: 'Delete department' },
              ],
            },
            {
              code: 'dictionary', name: '字典管理', nameEn: 'Dictionaries', url: 'Dictionary', permission: P.dictList, platformOnly: true,
              buttons: [
                { permission: P.dictEdit, name: '编辑字典', nameEn: 'Edit dictionary' },
                { permission: P.dictDelete, name: '删除字典', nameEn: 'Delete dictionary' },
              ],
            },
            { code: 'operationLog', name: '操作日志', nameEn: 'Operation log', url: 'OperationLog', permission: P.operLogList },
            { code: 'loginLog', name: '登录日志', nameEn: 'Sign-in log', url: 'LoginLog', permission: P.loginLogList },
            {
              code: 'onlineUser', name: '在线用户', nameEn: 'Online users', url: 'OnlineUser', permission: P.sessionList,
              buttons: [{ permission: P.sessionKick, name: '强制下线', nameEn: 'Force sign-out' }],
            },
          ],
        },
      ],
    },
  ],
};
