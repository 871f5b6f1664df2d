import { App as AntApp, ConfigProvider } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { useStore } from './state/createStore';
import { appStore } from './state/appStore';
import { queryClient } from './queryClient';
import { ANTD_LOCALES, THEME } from './theme';
import { ImageViewer } from '../components/ImageViewer';
import { LoadingOverlay } from '../components/LoadingOverlay';

/**
 * What every portal screen but the login page stands in: antd's theme and locale (following the language
 * live), the query cache, the image viewer and the loading overlay. A route of its own, loaded with the
 * first screen that needs it, so the login page carries none of Ant Design.
 */
export function PortalFrame() {
  const lang = useStore(appStore, (s) => s.language);
  const size = useStore(appStore, (s) => s.size);
  return (
    <ConfigProvider locale={ANTD_LOCALES[lang]} theme={THEME} componentSize={size === 'small' || size === 'large' ? size : 'medium'}>
      <AntApp>
        <QueryClientProvider client={queryClient}>
          <Outlet />
          <ImageViewer />
          <LoadingOverlay />
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
