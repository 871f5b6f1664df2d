import { App as AntApp, ConfigProvider } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import type { createAppRouter } from './router/router';
import { useStore } from './state/createStore';
import { appStore } from './state/appStore';
import { queryClient } from './queryClient';
import { ANTD_LOCALES, THEME } from './theme';
import { ImageViewer } from '../components/ImageViewer';
import { LoadingOverlay } from '../components/LoadingOverlay';
import { changeLanguage } from '../i18n/changeLanguage';
import { LanguageSwitchContext } from '../public/language';

/**
 * Providers around the router: antd theme and locale (follow the language live), query cache, and the
 * portal's language switch for the public shell its staff pages share with the consumer entry.
 */
export function App({ router }: { router: ReturnType<typeof createAppRouter> }) {
  const lang = useStore(appStore, (s) => s.language);
  const size = useStore(appStore, (s) => s.size);
  return (
    <ConfigProvider locale={ANTD_LOCALES[lang]} theme={THEME} componentSize={size === 'small' || size === 'large' ? size : 'medium'}>
      <AntApp>
        <QueryClientProvider client={queryClient}>
          <LanguageSwitchContext.Provider value={changeLanguage}>
            <RouterProvider router={router} />
          </LanguageSwitchContext.Provider>
          <ImageViewer />
          <LoadingOverlay />
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
