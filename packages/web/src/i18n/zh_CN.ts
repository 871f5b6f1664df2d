import deptZh from './zh_CN/dept';
import dictionaryZh from './zh_CN/dictionary';
import userInfoZh from './zh_CN/userInfo';
import userRoleZh from './zh_CN/userRole';
import menuConfZh from './zh_CN/menuConf';
import dateShortcutZh from './zh_CN/dateShortcut';
import statisticsZh from './zh_CN/statistics';
import operationLogZh from './zh_CN/operationLog';
import uploadZh from './zh_CN/upload';
import spreadsheetImportZh from './zh_CN/spreadsheetImport';
import productZh from './zh_CN/product';
import productTemplateZh from './zh_CN/productTemplate';
import productBatchZh from './zh_CN/productBatch';
import farmerZh from './zh_CN/farmer';
import supplyZh from './zh_CN/supply';
import recallZh from './zh_CN/recall';
import epcisQueryZh from './zh_CN/epcisQuery';
import tagRuleZh from './zh_CN/tagRule';
import tagDetailZh from './zh_CN/tagDetail';
import tagGenerateZh from './zh_CN/tagGenerate';
import scannerZh from './zh_CN/scanner';
import bindingZh from './zh_CN/binding';
import bindingGuideZh from './zh_CN/bindingGuide';
import scanZh from './zh_CN/scan';
import scanToolsZh from './zh_CN/scanTools';
import companyZh from './zh_CN/company';
import supportViewZh from './zh_CN/supportView';
import medicinalZh from './zh_CN/medicinal';
import loginZh from './zh_CN/login';
import headerZh from './zh_CN/header';
import httpZh from './zh_CN/http';
import sessionZh from './zh_CN/session';
import commonZh from './zh_CN/common';
import appZh from './zh_CN/app';
/**
 * Chinese messages (the default language). en_US.ts must hold exactly the same keys:
 * its type is derived from this file and a test compares both key sets.
 * Interpolation uses i18next's {{name}} placeholders.
 */
const zh_CN = {
  app: appZh,
  common: commonZh,
  route: {
    dashboard: '首页',
    loginPage: '登录',
    notFound: '页面不存在',
  },
  login: loginZh,
  header: headerZh,
  tags: {
    refresh: '刷新',
    close: '关闭',
    closeOthers: '关闭其他',
    closeAll: '关闭所有',
  },
  help: {
    dismiss: '不再显示',
    Dashboard: '首页展示您的账号概况和常用功能入口，点击入口可直接打开对应页面。',
    LoginLog: '登录日志记录每一次登录尝试（包括失败的尝试），可按用户名、结果和时间范围查询。',
    OnlineUser: '在线用户列出当前有效的登录会话，具备权限的管理员可以强制其下线。',
  },
  validation: {
    passwordMin: '密码长度不能少于 {{min}} 位',
    passwordMax: '密码长度不能超过 {{max}} 位',
    passwordSameAsOld: '新密码不能与原密码相同',
    passwordMismatch: '两次输入的新密码不一致',
  },
  password: {
    title: '修改密码',
    oldPassword: '原密码',
    newPassword: '新密码',
    confirmPsw: '确认新密码',
    submit: '确定修改',
    successTitle: '密码已修改',
    successContent: '密码修改成功，请使用新密码重新登录。',
    noticeInitial: '您正在使用初始密码，为了账号安全，请先修改密码。',
    noticeExpired: '您的密码已过期，请修改密码后继续使用。',
    logoutInstead: '退出登录',
  },
  session: sessionZh,
  http: httpZh,
  notFound: {
    title: '404',
    message: '抱歉，您访问的页面不存在。',
    backHome: '返回首页',
  },
  dashboard: {
    greeting: '您好，{{name}}',
    company: '所属企业：{{company}}',
    menus: '可用功能',
    roles: '角色数',
    permissions: '按钮权限数',
    visits: '累计访问次数',
    quickEntries: '快捷入口',
    noEntries: '暂无可用功能',
    visitTable: '访问统计',
    colTitle: '页面',
    colPath: '路径',
    colVisitCount: '访问次数',
  },
  loginLog: {
    username: '用户名',
    result: '登录结果',
    resultSuccess: '成功',
    resultFailure: '失败',
    ip: 'IP 地址',
    userAgent: '浏览器',
    reason: '原因',
    createdAt: '登录时间',
    timeRange: '时间范围',
    beginTime: '开始时间',
    endTime: '结束时间',
  },
  loginLogReason: {
    BAD_CREDENTIALS: '账号或密码错误',
    THROTTLED: '失败次数过多，暂停登录',
    DISABLED: '账号已停用',
  },
  onlineUser: {
    username: '用户名',
    name: '姓名',
    companyName: '所属企业',
    ip: 'IP 地址',
    userAgent: '浏览器',
    createdAt: '登录时间',
    lastSeenAt: '最后活动时间',
    current: '当前会话',
    forceLogout: '强制下线',
    forceLogoutTitle: '强制下线',
    forceLogoutConfirm: '确定要将用户 {{username}} 强制下线吗？',
  },
  dept: deptZh,
  dictionary: dictionaryZh,
  userInfo: userInfoZh,
  userRole: userRoleZh,
  menuConf: menuConfZh,
  dateShortcut: dateShortcutZh,
  statistics: statisticsZh,
  operationLog: operationLogZh,
  upload: uploadZh,
  spreadsheetImport: spreadsheetImportZh,
  product: productZh,
  productTemplate: productTemplateZh,
  productBatch: productBatchZh,
  farmer: farmerZh,
  supply: supplyZh,
  recall: recallZh,
  epcisQuery: epcisQueryZh,
  tagRule: tagRuleZh,
  tagDetail: tagDetailZh,
  tagGenerate: tagGenerateZh,
  scanner: scannerZh,
  binding: bindingZh,
  // the staff scan tools' texts are kept out of scan.ts, which the consumer pages load
  scan: { ...scanZh, ...scanToolsZh },
  bindingGuide: bindingGuideZh,
  company: companyZh,
  supportView: supportViewZh,
  medicinal: medicinalZh,
};

export type Messages = typeof zh_CN;
export default zh_CN;
