import type { Lang } from './lang.js';

/**
 * The response envelope of every API call: `{ code, msg, data }`.
 * `code` is SUCCESS or a stable error key; `msg` is plain text in the request's language.
 */
export interface Envelope<T = unknown> {
  code: string;
  msg: string;
  data: T;
  /** Present on PARAM_CHECK and CODES_REJECTED: which field failed and why (already translated). */
  errors?: FieldError[];
  requestId?: string;
}

/**
 * One refused field. `field` is for programs (a path into the request: `name`, `codes.3`) and is never part
 * of a text shown to a person; `message` is that text, in the request's language. `reason` is a stable key
 * a client may act on (CODES_REJECTED: why the code was refused, e.g. `IN_BOX`, `NOT_ACTIVATED`).
 */
export interface FieldError {
  field: string;
  message: string;
  reason?: string;
}

/**
 * Stable error keys with their HTTP status and zh_CN / en_US messages (spec 8.2 and 8.3): the portal's and
 * the public pages', which the web app carries too. The EPCIS interface's are in epcisCodes.ts; the server
 * answers with both (catalogue.ts).
 */
export const PORTAL_ERROR_CATALOGUE = {
  SUCCESS: { status: 200, zh_CN: '操作成功', en_US: 'Success' },
  PARAM_CHECK: { status: 400, zh_CN: '参数校验失败', en_US: 'Parameter check failed' },
  NO_LOGIN_ERROR: { status: 401, zh_CN: '用户未登录，请重新登录', en_US: 'You are not signed in, please sign in again' },
  JWT_VERIFY_FAILED: { status: 401, zh_CN: '令牌校验失败，请重新登录', en_US: 'Token verification failed, please sign in again' },
  LOGIN_FAILED: { status: 401, zh_CN: '登录失败：账号或密码不正确', en_US: 'Sign-in failed: account or password incorrect' },
  LOGIN_THROTTLED: {
    status: 429,
    zh_CN: '登录失败次数过多，请 {minutes} 分钟后再试',
    en_US: 'Too many failed sign-ins, try again in {minutes} minutes',
  },
  ACCOUNT_DISABLED: { status: 401, zh_CN: '账号已停用或不存在', en_US: 'The account is disabled or does not exist' },
  ACCESS_DENIED_ERROR: { status: 403, zh_CN: '权限不足，请联系管理员', en_US: 'Insufficient permission, contact the administrator' },
  OLD_PASSWORD_WRONG: { status: 400, zh_CN: '原密码不正确', en_US: 'The old password is incorrect' },
  NOT_FOUND: { status: 404, zh_CN: '数据不存在', en_US: 'Not found' },
  CONFLICT: { status: 409, zh_CN: '数据已被修改或状态不允许此操作', en_US: 'The data changed or its state does not allow this' },
  DUPLICATE: { status: 409, zh_CN: '{field}已存在：{value}', en_US: '{field} already exists: {value}' },
  MENU_HAS_CHILDREN: { status: 409, zh_CN: '该菜单存在子元素，请先删除子元素', en_US: 'The menu has child elements, delete the children first' },
  DEPT_HAS_CHILDREN: { status: 409, zh_CN: '该部门存在下级部门，不能删除', en_US: 'The department has sub-departments and cannot be deleted' },
  DEPT_HAS_USERS: { status: 409, zh_CN: '该部门下存在用户，不能删除', en_US: 'The department has users and cannot be deleted' },
  ROLE_IN_USE: { status: 409, zh_CN: '该角色已分配给用户，请先取消分配', en_US: 'The role is assigned to users, unassign it first' },
  BUILTIN_READONLY: { status: 409, zh_CN: '系统内置数据不能修改或删除', en_US: 'Built-in data cannot be changed or deleted' },
  GRANT_NOT_HELD: {
    status: 403,
    zh_CN: '不能授予自己未拥有的权限：{codes}',
    en_US: 'You cannot grant permissions you do not hold: {codes}',
  },
  PLATFORM_ONLY_GRANT: {
    status: 403,
    zh_CN: '平台专用的菜单或按钮不能授予企业角色或企业用户：{codes}',
    en_US: 'Platform-only menus or buttons cannot be granted to enterprise roles or users: {codes}',
  },
  ROLE_SCOPE_MISMATCH: {
    status: 400,
    zh_CN: '角色 {roles} 不能分配给用户 {users}：平台角色只能分配给平台用户，企业角色只能分配给所属企业的用户',
    en_US: 'Roles {roles} cannot be given to users {users}: platform roles go to platform users, enterprise roles to users of their company',
  },
  UPLOAD_FAILED: { status: 400, zh_CN: '上传失败：{reason}', en_US: 'Upload failed: {reason}' },
  ROLE_NOT_ASSIGNABLE: {
    status: 400,
    zh_CN: '以下角色不能分配给该用户：{roles}',
    en_US: 'These roles cannot be assigned to this user: {roles}',
  },
  CANNOT_DISABLE_SELF: { status: 409, zh_CN: '不能停用自己的账号', en_US: 'You cannot disable your own account' },
  RULE_SHAPE_FROZEN: {
    status: 409,
    zh_CN: '已有标签按该规则生成，以下项目不能再修改：{fields}',
    en_US: 'Codes have been generated with this rule, so these can no longer change: {fields}',
  },
  RULE_IN_USE: {
    status: 409,
    zh_CN: '该规则已有生成任务或标签，不能删除',
    en_US: 'The rule has generation jobs or codes and cannot be deleted',
  },
  SUPPORT_VIEW_READ_ONLY: {
    status: 403,
    zh_CN: '支持查看为只读模式，不能修改企业的数据；如需操作，请先退出支持查看',
    en_US: "The support view is read-only: a company's data cannot be changed from it. Leave the support view first",
  },
  COMPANY_REQUIRED: {
    status: 403,
    zh_CN: '此功能管理企业自己的数据，请使用企业账号登录',
    en_US: "This function manages a company's own data: sign in with an account of the company",
  },
  CATEGORY_HAS_CHILDREN: { status: 409, zh_CN: '该分类存在下级分类，不能删除', en_US: 'The category has sub-categories and cannot be deleted' },
  CATEGORY_IN_USE: { status: 409, zh_CN: '该分类下存在产品，不能删除', en_US: 'Products belong to the category, it cannot be deleted' },
  ACTIVATION_NOT_READY: { status: 409, zh_CN: '该生成任务尚未完成，不能整批激活', en_US: 'The job has not finished making its codes: they cannot be activated yet' },
  BULK_JOB_NOT_DONE: { status: 409, zh_CN: '该生成任务尚未完成，不能批量处理其标签', en_US: 'The job has not finished making its codes: they cannot be changed in bulk yet' },
  ACTIVATION_UNDER_WAY: { status: 409, zh_CN: '该任务的标签正在激活中', en_US: 'The job’s codes are being activated already' },
  DEALER_DISABLED: { status: 409, zh_CN: '该经销商已停用，不能向其出库', en_US: 'The dealer is disabled: nothing can be shipped to it' },
  SHIPMENT_NOT_OPEN: { status: 409, zh_CN: '该单据已完成或已取消，不能再修改', en_US: 'The order is completed or cancelled and cannot be changed' },
  SHIPMENT_EMPTY: { status: 409, zh_CN: '单据中还没有单品，不能完成', en_US: 'The order holds no items yet and cannot be completed' },
  SHIPMENT_TOO_LARGE: { status: 409, zh_CN: '一张单据最多 {max} 个单品', en_US: 'An order holds at most {max} items' },
  SHIPMENT_NOT_RECEIVABLE: {
    status: 409,
    zh_CN: '只有已出库、尚未收货的出库单可以确认收货',
    en_US: 'Only a completed outbound order not yet received can be confirmed',
  },
  DEALER_IN_USE: {
    status: 409,
    zh_CN: '该经销商有下级经销商或出入库单，不能删除，可以停用',
    en_US: 'The dealer has sub-dealers or shipments: it cannot be deleted, disable it instead',
  },
  RECALL_NOT_DRAFT: {
    status: 409,
    zh_CN: '该召回已启动或已结束，不能再修改',
    en_US: 'The recall is active or closed and can no longer be changed',
  },
  RECALL_NOT_RESOLVED: {
    status: 409,
    zh_CN: '召回范围内的标签码尚在统计中，请在显示数量后再启动',
    en_US: 'The codes of the recall are still being gathered: activate it once their count is shown',
  },
  RECALL_EMPTY: { status: 409, zh_CN: '召回范围内没有标签码，不能启动', en_US: 'The selection covers no codes: there is nothing to recall' },
  RECALL_NOT_ACTIVE: { status: 409, zh_CN: '该召回已结束', en_US: 'The recall is closed already' },
  RECALL_EVENTS_UNDER_WAY: {
    status: 409,
    zh_CN: '召回事件仍在写入中（已处理 {progress} / {total} 个标签码），请稍后再结束召回',
    en_US: 'The recall events are still being written ({progress} of {total} codes): close the recall a little later',
  },
  TEMPLATE_IN_USE: { status: 409, zh_CN: '该模板正被产品使用，不能删除', en_US: 'Products use the template, it cannot be deleted' },
  PRODUCT_IN_USE: {
    status: 409,
    zh_CN: '该产品已有批次或标签，不能删除',
    en_US: 'The product has batches or codes and cannot be deleted',
  },
  BATCH_HAS_CODES: { status: 409, zh_CN: '该批次已绑定标签，不能删除', en_US: 'Codes are bound to the batch, it cannot be deleted' },
  COMPANY_NOT_APPROVED: {
    status: 403,
    zh_CN: '企业信息尚未审核通过，暂不能生成标签',
    en_US: "The company's information is not approved yet, so codes cannot be generated",
  },
  RULE_DISABLED: { status: 409, zh_CN: '该标签规则已停用，不能用于生成', en_US: 'The tag rule is disabled and cannot be used to generate codes' },
  SERIALS_EXHAUSTED: {
    status: 409,
    zh_CN: '该规则剩余的序号不足，最多还能生成 {remaining} 个',
    en_US: 'The rule has too few serials left: at most {remaining} more codes',
  },
  CODE_SPACE_EXHAUSTED: {
    status: 409,
    zh_CN: '该规则的码空间已接近用尽，生成已停止',
    en_US: "The rule's code space is nearly used up, generation stopped",
  },
  SERIALS_RUN_OUT: { status: 409, zh_CN: '该规则的序号已用尽，生成已停止', en_US: 'The rule ran out of serials, generation stopped' },
  IDEMPOTENCY_KEY_REUSED: {
    status: 409,
    zh_CN: '该请求标识（Idempotency-Key）已用于另一项不同内容的请求，请刷新后重新提交',
    en_US: 'This Idempotency-Key was already used for a different request: reload and submit again',
  },
  JOB_NOT_CANCELLABLE: { status: 409, zh_CN: '只有排队中或生成中的任务可以取消', en_US: 'Only queued or running jobs can be cancelled' },
  JOB_FAILED: { status: 500, zh_CN: '任务因系统错误中止，请联系管理员', en_US: 'The job stopped on a system error, contact the administrator' },
  // Growers (api/farmer)
  FARMER_HAS_BATCHES: {
    status: 409,
    zh_CN: '该瓜农已被 {count} 个批次引用，不能删除',
    en_US: 'The grower is named by {count} batches and cannot be deleted',
  },
  // medicinal products and spreadsheet imports
  MEDICINAL_PRODUCT_HAS_BATCHES: {
    status: 409,
    zh_CN: '该药品已有批次，不能删除',
    en_US: 'The medicinal product has batches and cannot be deleted',
  },
  IMPORT_ROWS_INVALID: {
    status: 400,
    zh_CN: '导入文件中有 {count} 处错误，未导入任何数据',
    en_US: 'The file has {count} errors; nothing was imported',
  },
  IMPORT_TOO_MANY_ROWS: {
    status: 400,
    zh_CN: '导入文件最多 {max} 行数据',
    en_US: 'An import file holds at most {max} data rows',
  },
  IMPORT_NOT_TEMPLATE: {
    status: 400,
    zh_CN: '文件不是导入模板：缺少列 {columns}，请下载模板后填写',
    en_US: 'The file is not the import template: columns {columns} are missing; download the template and fill it in',
  },
  IMPORT_EMPTY: { status: 400, zh_CN: '导入文件中没有数据行', en_US: 'The file has no data rows' },
  PAYLOAD_TOO_LARGE: { status: 413, zh_CN: '请求内容过大', en_US: 'Request body too large' },
  UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    zh_CN: '不支持的内容类型 {type}，请以 {types} 发送',
    en_US: 'The content type {type} is not supported: send {types}',
  },
  RATE_LIMITED: { status: 429, zh_CN: '请求过于频繁，请稍后再试', en_US: 'Too many requests, try again later' },
  SYSTEM_BUSY: { status: 503, zh_CN: '系统繁忙，请稍后重试', en_US: 'System busy, retry later' },
  SERVICE_UNAVAILABLE: { status: 503, zh_CN: '服务暂时不可用，请稍后重试', en_US: 'Service temporarily unavailable, try again shortly' },
  // Public verification (securityCode, scanCodeRecord/add, wx, GS1 resolver)
  TOO_MANY_REQUESTS: {
    status: 429,
    zh_CN: '查询过于频繁，请 {seconds} 秒后再试',
    en_US: 'Too many queries, try again in {seconds} seconds',
  },
  WX_NOT_CONFIGURED: {
    status: 503,
    zh_CN: '未配置微信公众号（WX_APP_ID / WX_APP_SECRET），无法签名',
    en_US: 'WeChat is not configured (WX_APP_ID / WX_APP_SECRET), cannot sign',
  },
  WX_API_FAILED: { status: 502, zh_CN: '微信接口调用失败：{reason}', en_US: 'The WeChat API call failed: {reason}' },
  SCAN_TOKEN_INVALID: {
    status: 409,
    zh_CN: '扫码凭证无效或已使用',
    en_US: 'The scan token is invalid or already used',
  },
  // Aggregation (box codes) and code binding at production: `errors` name each refused code (field) and why
  CODES_REJECTED: {
    status: 409,
    zh_CN: '未保存：{detail}',
    en_US: 'Nothing was saved: {detail}',
  },
  BINDING_UNDO_REFUSED: {
    status: 409,
    zh_CN: '标签码 {code} 不能撤销绑定：{reason}',
    en_US: 'The binding of code {code} cannot be undone: {reason}',
  },
  '500': { status: 500, zh_CN: '系统错误，请稍后重试', en_US: 'Application error, please retry later' },
} as const satisfies Record<string, { status: number } & Record<Lang, string>>;

/** Codes the web client treats as success (spec 8.1). */
export const SUCCESS_CODES: readonly string[] = ['SUCCESS', '200', 'PARAM_CHECK', '1014'];

/** Codes that end the session on the client: 4001 / NO_LOGIN_ERROR log out and reload; 401 asks first. */
export const FORCE_LOGOUT_CODES: readonly string[] = ['4001', 'NO_LOGIN_ERROR', 'JWT_VERIFY_FAILED'];

/** Fills `{name}` placeholders in a catalogue message. */
export function formatMessage(template: string, params?: Record<string, string | number>): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in params ? String(params[key]) : whole));
}
