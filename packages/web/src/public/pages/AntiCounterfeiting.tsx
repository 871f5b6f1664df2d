import { useTranslation } from 'react-i18next';
import { SCAN_CODE_PARAM } from '@rd/contract/consumer';
import { PublicShell } from '../shell/PublicShell';
import { CodeCheck } from '../scan/CodeCheck';
import { Alert } from '../ui/Alert';
import { Link } from '../navigation';

/**
 * /antiCounterfeiting?code=… — the page a printed QR code opens (and a resolved GS1 Digital Link):
 * the verdict, then what the manufacturer tells about the product.
 */
export default function AntiCounterfeiting({ query }: { query: URLSearchParams }) {
  const { t } = useTranslation();
  const code = (query.get(SCAN_CODE_PARAM) ?? '').trim();
  return (
    <PublicShell title={t('scan.title.result')}>
      {code ? (
        <CodeCheck key={code} code={code} />
      ) : (
        <Alert type="info" data-testid="scan-no-code" title={t('scan.verdict.noCode')} action={<Link to="/mobilePhone">{t('scan.wx.manual')}</Link>} />
      )}
    </PublicShell>
  );
}
