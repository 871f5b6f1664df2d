import { useEffect, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useAddress } from './navigation';
import { Lightbox } from './ui/Lightbox';
import { PublicShell } from './shell/PublicShell';
import AntiCounterfeiting from './pages/AntiCounterfeiting';
import MobilePhone from './pages/MobilePhone';
import Wx from './pages/Wx';
import BoxCodeView from './pages/BoxCodeView';

/**
 * The consumer pages by path (CONSUMER_PAGE_PATHS). All four are in the entry: each is small, and the
 * shopper who scans a label waits for nothing more than the page itself.
 */
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
  const title = t(page?.title ?? 'scan.title.result');
  const productTitle = t('app.productTitle');
  useEffect(() => {
    // As the portal titles its screens: "<page> - <product>", in the page's language.
    document.title = `${title} - ${productTitle}`;
  }, [title, productTitle]);
  return (
    <>
      {/* The key starts a page afresh when its address changes (another code scanned on /wx). */}
      {page ? <page.Page key={address} query={new URLSearchParams(search)} /> : <UnknownPage />}
      <Lightbox />
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
