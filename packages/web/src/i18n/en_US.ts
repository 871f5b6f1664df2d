import type { Messages } from './zh_CN';
import dateShortcutEn from './en_US/dateShortcut';
import statisticsEn from './en_US/statistics';
import operationLogEn from './en_US/operationLog';
import uploadEn from './en_US/upload';
import spreadsheetImportEn from './en_US/spreadsheetImport';
import productEn from './en_US/product';
import productTemplateEn from './en_US/productTemplate';
import productBatchEn from './en_US/productBatch';
import farmerEn from './en_US/farmer';
import supplyEn from './en_US/supply';
import recallEn from './en_US/recall';
import epcisQueryEn from './en_US/epcisQuery';
import tagRuleEn from './en_US/tagRule';
import tagDetailEn from './en_US/tagDetail';
import tagGenerateEn from './en_US/tagGenerate';
import scannerEn from './en_US/scanner';
import bindingEn from './en_US/binding';
import bindingGuideEn from './en_US/bindingGuide';
import userInfoEn from './en_US/userInfo';
import userRoleEn from './en_US/userRole';
import menuConfEn from './en_US/menuConf';
import deptEn from './en_US/dept';
import dictionaryEn from './en_US/dictionary';
import scanEn from './en_US/scan';
import scanToolsEn from './en_US/scanTools';
import companyEn from './en_US/company';
import supportViewEn from './en_US/supportView';
import medicinalEn from './en_US/medicinal';
import loginEn from './en_US/login';
import headerEn from './en_US/header';
import httpEn from './en_US/http';
import sessionEn from './en_US/session';
import commonEn from './en_US/common';
import appEn from './en_US/app';

/** English messages; typed by the Chinese file so a missing or extra key fails the type-check. */
const en_US: Messages = {
  app: appEn,
  common: commonEn,
  route: {
    dashboard: 'Home',
    loginPage: 'Sign in',
    notFound: 'Page not found',
  },
  login: loginEn,
  header: headerEn,
  tags: {
    refresh: 'Refresh',
    close: 'Close',
    closeOthers: 'Close others',
    closeAll: 'Close all',
  },
  help: {
    dismiss: 'Do not show again',
    Dashboard: 'The home page shows your account at a glance and shortcuts to the functions you use most.',
    LoginLog: 'The sign-in log records every sign-in attempt, failed ones included. Search by username, result and time range.',
    OnlineUser: 'Online users lists the sessions that are active now; administrators with the permission can force one to sign out.',
  },
  validation: {
    passwordMin: 'The password needs at least {{min}} characters',
    passwordMax: 'The password can have at most {{max}} characters',
    passwordSameAsOld: 'The new password cannot be the same as the old one',
    passwordMismatch: 'The two new passwords are inconsistent',
  },
  password: {
    title: 'Change password',
    oldPassword: 'Old password',
    newPassword: 'New password',
    confirmPsw: 'Confirm new password',
    submit: 'Change',
    successTitle: 'Password changed',
    successContent: 'Your password has been changed. Please sign in again with the new password.',
    noticeInitial: 'You are using the initial password. For the safety of your account, please change it first.',
    noticeExpired: 'Your password has expired. Please change it to continue.',
    logoutInstead: 'Log out',
  },
  session: sessionEn,
  http: httpEn,
  notFound: {
    title: '404',
    message: 'Sorry, the page you asked for does not exist.',
    backHome: 'Back to home',
  },
  dashboard: {
    greeting: 'Hello, {{name}}',
    company: 'Company: {{company}}',
    menus: 'Available functions',
    roles: 'Roles',
    permissions: 'Button permissions',
    visits: 'Total visits',
    quickEntries: 'Quick entries',
    noEntries: 'No functions available',
    visitTable: 'Visit counts',
    colTitle: 'Page',
    colPath: 'Path',
    colVisitCount: 'Visits',
  },
  loginLog: {
    username: 'Username',
    result: 'Result',
    resultSuccess: 'Success',
    resultFailure: 'Failure',
    ip: 'IP address',
    userAgent: 'Browser',
    reason: 'Reason',
    createdAt: 'Signed in at',
    timeRange: 'Time range',
    beginTime: 'From',
    endTime: 'To',
  },
  loginLogReason: {
    BAD_CREDENTIALS: 'Wrong account or password',
    THROTTLED: 'Too many failures, sign-in paused',
    DISABLED: 'Account disabled',
  },
  onlineUser: {
    username: 'Username',
    name: 'Name',
    companyName: 'Company',
    ip: 'IP address',
    userAgent: 'Browser',
    createdAt: 'Signed in at',
    lastSeenAt: 'Last active at',
    current: 'This session',
    forceLogout: 'Force logout',
    forceLogoutTitle: 'Force logout',
    forceLogoutConfirm: 'Force user {{username}} to sign out?',
  },
  dept: deptEn,
  dictionary: dictionaryEn,
  userInfo: userInfoEn,
  userRole: userRoleEn,
  menuConf: menuConfEn,
  dateShortcut: dateShortcutEn,
  statistics: statisticsEn,
  operationLog: operationLogEn,
  upload: uploadEn,
  spreadsheetImport: spreadsheetImportEn,
  product: productEn,
  productTemplate: productTemplateEn,
  productBatch: productBatchEn,
  farmer: farmerEn,
  supply: supplyEn,
  recall: recallEn,
  epcisQuery: epcisQueryEn,
  tagRule: tagRuleEn,
  tagDetail: tagDetailEn,
  tagGenerate: tagGenerateEn,
  scanner: scannerEn,
  binding: bindingEn,
  // the staff scan tools' texts are kept out of scan.ts, which the consumer pages load
  scan: { ...scanEn, ...scanToolsEn },
  bindingGuide: bindingGuideEn,
  company: companyEn,
  supportView: supportViewEn,
  medicinal: medicinalEn,
};

export default en_US;
