/**
 * Permission codes read `area:entity:action`. A button carries one; the API route behind it checks the same
 * code. The seed creates a button element for each code under its screen's menu.
 */
export const PERMISSIONS = {
  // administration
  userList: 'system:user:list',
  userAdd: 'system:user:add',
  userEdit: 'system:user:edit',
  userResetPassword: 'system:user:resetPwd',
  userStatus: 'system:user:status',
  userExport: 'system:user:export',
  roleList: 'system:role:list',
  roleAdd: 'system:role:add',
  roleEdit: 'system:role:edit',
  roleDelete: 'system:role:delete',
  roleGrant: 'system:role:grant',
  menuList: 'system:menu:list',
  menuEdit: 'system:menu:edit',
  menuDelete: 'system:menu:delete',
  deptList: 'system:dept:list',
  deptEdit: 'system:dept:edit',
  deptDelete: 'system:dept:delete',
  dictList: 'system:dict:list',
  dictEdit: 'system:dict:edit',
  dictDelete: 'system:dict:delete',
  operLogList: 'system:operlog:list',
  loginLogList: 'system:loginlog:list',
  sessionList: 'system:session:list',
  sessionKick: 'system:session:kick',
  // tags
  ruleList: 'tag:rule:list',
  ruleAdd: 'tag:rule:add',
  ruleEdit: 'tag:rule:edit',
  ruleDelete: 'tag:rule:delete',
  codeRecordList: 'tag:generate:list',
  codeRecordAdd: 'tag:generate:add',
  codeRecordCancel: 'tag:generate:cancel',
  codeRecordDownload: 'tag:generate:download',
  codeList: 'tag:code:list',
  codeExport: 'tag:code:export',
  codeVoid: 'tag:code:void',
  codeActivate: 'tag:code:activate',
  codeBulkActivate: 'tag:code:bulkActivate',
  codeBulkVoid: 'tag:code:bulkVoid',
  // products
  productList: 'product:product:list',
  productAdd: 'product:product:add',
  productEdit: 'product:product:edit',
  productDelete: 'product:product:delete',
  batchList: 'product:batch:list',
  batchAdd: 'product:batch:add',
  batchDelete: 'product:batch:delete',
  batchExport: 'product:batch:export',
  templateList: 'product:template:list',
  templateAdd: 'product:template:add',
  templateEdit: 'product:template:edit',
  templateDelete: 'product:template:delete',
  // statistics
  statisticView: 'stat:statistic:view',
  recordList: 'stat:record:list',
  recordExport: 'stat:record:export',
  // growers
  farmerList: 'farmer:farmer:list',
  farmerAdd: 'farmer:farmer:add',
  farmerEdit: 'farmer:farmer:edit',
  farmerDelete: 'farmer:farmer:delete',
  // medicinal
  medicinalProductList: 'medicinal:product:list',
  medicinalProductEdit: 'medicinal:product:edit',
  medicinalProductImport: 'medicinal:product:import',
  medicinalBatchList: 'medicinal:batch:list',
  medicinalBatchEdit: 'medicinal:batch:edit',
  medicinalBatchImport: 'medicinal:batch:import',
  // company info
  companyInfoView: 'company:info:view',
  companyInfoEdit: 'company:info:edit',
  companyInfoSubmit: 'company:info:submit',
  companyAuditList: 'company:audit:list',
  companyAuditDecide: 'company:audit:decide',
  /** Platform staff open a read-only support view of one company. */
  companySupportView: 'company:support:open',
  // code binding on production lines
  codeBind: 'scan:bind:bind',
  // supply chain: the EPCIS 2.0 repository of the company's events
  epcisEventList: 'supply:epcis:list',
  epcisCapture: 'supply:epcis:capture',
  /** Named queries of the repository (save, delete). */
  epcisQuery: 'supply:epcis:query',
  /** Subscriptions to named queries: events delivered to the subscriber's address. */
  epcisSubscribe: 'supply:epcis:subscribe',
  apiKeyList: 'supply:apikey:list',
  apiKeyAdd: 'supply:apikey:add',
  apiKeyRevoke: 'supply:apikey:revoke',
  dealerList: 'supply:dealer:list',
  dealerAdd: 'supply:dealer:add',
  dealerEdit: 'supply:dealer:edit',
  dealerDelete: 'supply:dealer:delete',
  dealerExport: 'supply:dealer:export',
  dealerImport: 'supply:dealer:import',
  shipmentList: 'supply:shipment:list',
  shipmentShip: 'supply:shipment:ship',
  shipmentReceive: 'supply:shipment:receive',
  shipmentReturn: 'supply:shipment:return',
  shipmentExport: 'supply:shipment:export',
  conflictList: 'supply:conflict:list',
  conflictExport: 'supply:conflict:export',
  recallList: 'supply:recall:list',
  recallAdd: 'supply:recall:add',
  recallEdit: 'supply:recall:edit',
  recallActivate: 'supply:recall:activate',
  recallClose: 'supply:recall:close',
  recallExport: 'supply:recall:export',
} as const;

export type PermissionCode = (typeof PERMISSIONS)[keyof typeof PERMISSIONS];

/**
 * Button check of spec 5.4: the value 'all' always passes, else one of the codes must be in the user's list.
 * The list is the server's word for every user type: it gives user type '1' every code that applies to a
 * platform account (never a company's own screens and buttons, which need a company), and during a support
 * view only the company's read codes.
 */
export function hasPermission(
  user: { userType: string; permissionList: readonly string[] },
  required: string | readonly string[],
): boolean {
  const wanted = typeof required === 'string' ? [required] : required;
  return wanted.some((code) => code === 'all' || user.permissionList.includes(code));
}
