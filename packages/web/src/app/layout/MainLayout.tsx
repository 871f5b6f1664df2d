import { useEffect } from 'react';
import { useStore } from '../state/createStore';
import { appStore, closeSidebar } from '../state/appStore';
import { settingsStore } from '../state/settingsStore';
import { sessionStore } from '../state/sessionStore';
import { loadVisitCounts } from '../state/visitCounts';
import { KeepAliveOutlet } from '../keepAlive/KeepAliveOutlet';
import { ChangePasswordDialog } from '../password/ChangePasswordDialog';
import { Header } from './Header';
import { SideMenu } from './SideMenu';
import { TagsView } from './TagsView';
import { HelpBanner } from './HelpBanner';
import { SupportBanner } from './SupportBanner';
import { useViewTracking } from './useViewTracking';
import { useDeviceWatcher } from './useDeviceWatcher';
import './layout.css';

/** The signed-in frame: header, side menu, tab bar, help banner and the kept-alive views. */
export function MainLayout() {
  useDeviceWatcher();
  useViewTracking();
  const sidebar = useStore(appStore, (s) => s.sidebar);
  const device = useStore(appStore, (s) => s.device);
  const tagsView = useStore(settingsStore, (s) => s.tagsView);
  const fixedHeader = useStore(settingsStore, (s) => s.fixedHeader);
  const userCode = useStore(sessionStore, (s) => s.user?.usercode);

  useEffect(() => {
    if (userCode) loadVisitCounts(userCode);
  }, [userCode]);

  const classes = [
    'app-layout',
    `is-${device}`,
    sidebar.opened ? 'sidebar-open' : 'sidebar-closed',
    sidebar.withoutAnimation ? 'no-animation' : '',
    fixedHeader ? 'fixed-header' : '',
  ];
  return (
    <div className={classes.join(' ')}>
      <Header />
      <div className="app-layout__body">
        {device === 'mobile' && sidebar.opened && (
          <div className="app-layout__backdrop" onClick={() => closeSidebar(false)} />
        )}
        <SideMenu />
        <div className="app-layout__main">
          <SupportBanner />
          {tagsView && <TagsView />}
          <HelpBanner />
          <main className="app-layout__content">
            <KeepAliveOutlet />
          </main>
        </div>
      </div>
      <ChangePasswordDialog />
    </div>
  );
}
