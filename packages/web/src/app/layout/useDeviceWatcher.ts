import { useEffect } from 'react';
import { MOBILE_BREAKPOINT, appStore, closeSidebar, setDevice } from '../state/appStore';

/** Under 992 px the layout is 'mobile'; entering it closes the sidebar without animation (spec 2.5). */
export function useDeviceWatcher(): void {
  useEffect(() => {
    const check = () => {
      const mobile = window.innerWidth < MOBILE_BREAKPOINT;
      const wasMobile = appStore.getState().device === 'mobile';
      setDevice(mobile ? 'mobile' : 'desktop');
      if (mobile && !wasMobile) closeSidebar(true);
    };
    check();
    window.addEventListener('resize', check);
    return () => window.removeEventListener('resize', check);
  }, []);
}
