import zh_CN from '../../i18n/zh_CN';
import en_US from '../../i18n/en_US';
import type { RouteMeta } from './routeMeta';

// Titles of the shell's own routes come from the message files, so both languages stay in one place.
export const DASHBOARD_META: RouteMeta = {
  name: 'Dashboard',
  title: zh_CN.route.dashboard,
  titleEn: en_US.route.dashboard,
  affix: true,
};

export const LOGIN_META: RouteMeta = { name: 'LoginPage', title: zh_CN.route.loginPage, titleEn: en_US.route.loginPage };

export const NOT_FOUND_META: RouteMeta = { name: 'NotFound', title: zh_CN.route.notFound, titleEn: en_US.route.notFound };

export const REDIRECT_META: RouteMeta = { name: 'Redirect', title: '', titleEn: '', noTab: true };
