import { Suspense, lazy, useEffect, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { applyDocumentTitle } from './documentHead';
import { Link, useAddress } from './navigation';
import { useStore } from '../app/state/createStore';
import { imageViewerStore } from '../app/state/imageViewerStore';
import { PublicShell } from './shell/PublicShell';
import { Spinner } from './ui/Skeleton';
import AntiCounterfeiting from './pages/AntiCounterfeiting';
import MobilePhone from './pages/MobilePhone';

/**
 * The consumer pages by path (CONSUMER_PAGE_PATHS). The scan result and the manual entry, where a
 * shopper waits for a verdict, are in the entry itself; the WeChat entry (with its scanner) and the box
 * view load when opened, as does the image viewer, so a scan carries none of them.
 */
const Wx = lazy(() => import('./pages/Wx'));
const BoxCodeView = lazy(() => import('./pages/BoxCodeView'));
const Lightbox = lazy(() => import('./ui/Lightbox').then((module) => ({ default: module.Lightbox })));

const PAGES: Record<string, { Page: ComponentType<{ query: URLSearchParams }>; title: TitleKey }> = {
  '/antiCounterfeiting': { Page: AntiCounterfeiting, title: 'scan.title.result' },
  '/mobilePhone': { Page: MobilePhone, title: 'scan.title.manual' },
  '/wx': { Page: Wx, title: 'scan.title.wx' },
  '/boxCodeView': { Page: BoxCodeView, title: 'binding.title.boxView' },
};

type TitleKey = 'scan.title.result' | 'scan.title.manual' | 'scan.title.wx' | 'binding.title.boxView';

export function ConsumerApp() {
  const { t } = useTranslation();
  const address = useAddress();
  const [path = '', search = ''] = address.split('?');
  const page = PAGES[path];
  // The viewer is loaded with the first picture opened, and stays (it animates its own closing).
  const viewerUsed = useStore(imageViewerStore, (s) => s.opened || s.urls.length > 0);
  const title = t(page?.title ?? 'scan.title.result');
  const productTitle = t('app.productTitle');
  useEffect(() => {
    applyDocumentTitle(title, productTitle);
  }, [title, productTitle]);
  return (
    <>
      {/* The key starts a page afresh when its address changes (another code scanned on /wx). */}
      <Suspense fallback={<Spinner label={t('common.loading')} />}>
        {page ? <page.Page key={address} query={new URLSearchParams(search)} /> : <UnknownPage />}
      </Suspense>
      {viewerUsed && (
        <Suspense>
          <Lightbox />
        </Suspense>
      )}
    </>
  );
}

function UnknownPage() {
  const { t } = useTranslation();
  return (
    <PublicShell title={t('scan.title.result')}>
      <p className="scan-muted">{t('scan.verdict.noCode')}</p>
      <Link to="/mobilePhone">{t('scan.wx.manual')}</Link>
    </PublicShell>
  );
}
