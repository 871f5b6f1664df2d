import type { RouteObject } from 'react-router';
import zh_CN from '../../i18n/zh_CN';
import en_US from '../../i18n/en_US';
import type { RouteMeta } from '../../app/router/routeMeta';

const handle: RouteMeta = { name: 'Register', title: zh_CN.company.register.title, titleEn: en_US.company.register.title, noCache: true };

/** /register (spec 2.1): public, loaded on its own so a phone downloads only the form. */
export const registerRoute: RouteObject = {
  path: 'register',
  handle,
  lazy: async () => ({ Component: (await import('../public/Register')).default }),
};
