import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { SCAN_CODE_PARAM } from '@rd/contract';
import { PublicShell } from './shell/PublicShell';
import { CodeCheck } from './scan/CodeCheck';
import './scan/scan.css';

/**
 * /antiCounterfeiting?code=… — the page a printed QR code opens (and a resolved GS1 Digital Link):
 * the verdict, then what the manufacturer tells about the product.
 */
export default function AntiCounterfeiting() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const code = (params.get(SCAN_CODE_PARAM) ?? '').trim();
  return (
    <PublicShell title={t('scan.title.result')}>
      {code ? (
        <CodeCheck key={code} code={code} />
      ) : (
        <Alert
          type="info"
          showIcon
          data-testid="scan-no-code"
          title={t('scan.verdict.noCode')}
          action={<Link to="/mobilePhone">{t('scan.wx.manual')}</Link>}
        />
      )}
    </PublicShell>
  );
}
