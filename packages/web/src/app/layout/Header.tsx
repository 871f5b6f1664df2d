import { Button, Dropdown, type MenuProps } from 'antd';
import { DownOutlined, MenuFoldOutlined, MenuUnfoldOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useStore } from '../state/createStore';
import { appStore, toggleSidebar } from '../state/appStore';
import { sessionStore } from '../state/sessionStore';
import { openPasswordDialog } from '../password/passwordDialogStore';
import { logoutToLogin } from '../auth/logout';
import { HOME_PATH } from '../router/paths';
import { LanguageSwitch } from './LanguageSwitch';

/** The 40 px top bar: menu toggle, product title, language switch and the user menu. */
export function Header() {
  const { t } = useTranslation();
  const opened = useStore(appStore, (s) => s.sidebar.opened);
  const user = useStore(sessionStore, (s) => s.user);

  const items: MenuProps['items'] = [
    { key: 'password', label: <span data-testid="menu-change-password">{t('header.changePassword')}</span> },
    { type: 'divider' },
    { key: 'logout', label: <span data-testid="menu-logout">{t('header.logout')}</span> },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'password') openPasswordDialog();
    if (key === 'logout') void logoutToLogin();
  };

  return (
    <header className="app-header">
      <Button
        type="text"
        size="small"
        className="app-header__toggle"
        aria-label={t('header.toggleSidebar')}
        title={t('header.toggleSidebar')}
        icon={opened ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
        onClick={toggleSidebar}
        data-testid="sidebar-toggle"
      />
      <Link to={HOME_PATH} className="app-header__title">
        {t('app.productTitle')}
      </Link>
      <div className="app-header__right">
        <LanguageSwitch className="app-header__lang" />
        <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
          <Button type="text" size="small" className="app-header__user" data-testid="user-dropdown">
            <UserOutlined />
            <span>{user?.name || user?.username}</span>
            <DownOutlined />
          </Button>
        </Dropdown>
      </div>
    </header>
  );
}
