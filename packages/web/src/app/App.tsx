import { RouterProvider } from 'react-router';
import type { createAppRouter } from './router/router';
import { changeLanguage } from '../i18n/changeLanguage';
import { LanguageSwitchContext } from '../public/language';

/**
 * The router, with the portal's language switch for the public shell its pages share with the consumer
 * entry. Ant Design, the query cache and the overlays are in the portal frame route (PortalFrame), which
 * the login page does not load.
 */
export function App({ router }: { router: ReturnType<typeof createAppRouter> }) {
  return (
    <LanguageSwitchContext.Provider value={changeLanguage}>
      <RouterProvider router={router} />
    </LanguageSwitchContext.Provider>
  );
}
