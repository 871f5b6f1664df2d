import { useEffect } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useStore } from '../state/createStore';
import { appStore } from '../state/appStore';
import { useLeafMeta } from './leafMeta';
import { pageTitle } from './pageTitle';
import { doneProgress, startProgress } from './navigationProgress';

/** The root route's element: what happens on every navigation, whatever the page. */
export function RootShell() {
  const navigation = useNavigation();
  const location = useLocation();
  const meta = useLeafMeta();
  const lang = useStore(appStore, (s) => s.language);
  const { t } = useTranslation();
  const productTitle = t('app.productTitle');

  useEffect(() => {
    if (navigation.state === 'idle') doneProgress();
    else startProgress();
  }, [navigation.state]);

  useEffect(() => {
    // Open popups (dropdowns, popovers) close on an outside click; a navigation counts as one.
    document.body.click();
  }, [location.key]);

  useEffect(() => {
    document.title = pageTitle(meta, lang, productTitle);
  }, [meta, lang, productTitle]);

  return <Outlet />;
}
