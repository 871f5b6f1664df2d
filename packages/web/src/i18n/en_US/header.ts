import type header from '../zh_CN/header';

/** Header actions (also the language switch of the public pages) (English); typed by the Chinese file. */
const headerEn: typeof header = {
  changePassword: 'Change password',
  logout: 'Log out',
  toggleSidebar: 'Show or hide the menu',
  switchLanguage: '中文',
};

export default headerEn;
