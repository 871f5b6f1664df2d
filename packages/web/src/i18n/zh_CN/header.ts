/** Header actions (also the language switch of the public pages) (Chinese). en_US/header.ts has the same keys. */
const header = {
  changePassword: '修改密码',
  logout: '退出登录',
  toggleSidebar: '展开/收起菜单',
  switchLanguage: 'English',
};

export default header;
