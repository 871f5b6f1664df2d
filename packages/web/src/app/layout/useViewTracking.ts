import { useEffect } from 'react';
import { useLocation } from 'react-router';
import i18n from '../../i18n';
import { useLeafMeta } from '../router/leafMeta';
import { addView } from '../state/tagsViewStore';
import { appStore, closeSidebar, setCurrentMenuPath, setHelp } from '../state/appStore';
import { sessionStore } from '../state/sessionStore';
import { recordVisit } from '../state/visitCounts';

/**
 * After each navigation inside the layout: add or update the tab, remember the current menu path,
 * count the visit of a menu screen, pick the view's help text, and close the mobile sidebar.
 */
export function useViewTracking(): void {
  const location = useLocation();
  const meta = useLeafMeta();

  useEffect(() => {
    if (!meta || meta.noTab) return;
    const { pathname, search } = location;
    addView(meta, pathname, pathname + search);

    if (meta.menu || meta.previewOf) setCurrentMenuPath(meta.previewOf?.path ?? pathname);
    const userCode = sessionStore.getState().user?.usercode;
    if (meta.menu && userCode) {
      recordVisit(userCode, { name: meta.name, path: pathname, title: meta.title, titleEn: meta.titleEn });
    }

    const helpKey = `help.${meta.name}`;
    setHelp(i18n.exists(helpKey) ? helpKey : '', meta.name);

    const { device, sidebar } = appStore.getState();
    if (device === 'mobile' && sidebar.opened) closeSidebar(false);
    // Only a new navigation counts, not a re-render of the same one.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key]);
}
