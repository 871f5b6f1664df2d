import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import EditOutlined from '@ant-design/icons-svg/es/asn/EditOutlined';
import ScanOutlined from '@ant-design/icons-svg/es/asn/ScanOutlined';
import { SCAN_CODE_PARAM, SCAN_PAGE_PATH, codeFromScan } from '@rd/contract/consumer';
import { CodeScanner } from '../../components/scan/CodeScanner';
import { PublicShell } from '../shell/PublicShell';
import { fetchWxSignature } from '../scan/scanApi';
import { isInWechat, readyWxSdk, signedPageUrl, wxScan } from '../scan/wxSdk';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { Icon } from '../ui/Icon';
import { Link, navigate } from '../navigation';
import '../scan/scan.css';

type WxState =
  | { kind: 'outside' }
  | { kind: 'loading' }
  | { kind: 'ready'; scan: () => Promise<string | null> }
  | { kind: 'unavailable'; reason: string };

/**
 * /wx — the entry a WeChat menu or article links to. Inside WeChat it signs this page with the server,
 * loads WeChat's JS-SDK and offers WeChat's own scanner; elsewhere, or when WeChat is not configured on
 * the server (its error is shown as it comes), the camera scanner and manual entry remain. Whatever is
 * read — a printed URL or a bare code — opens the result page.
 */
export default function Wx() {
  const { t } = useTranslation();
  const [wx, setWx] = useState<WxState>(() => (isInWechat() ? { kind: 'loading' } : { kind: 'outside' }));
  const [problem, setProblem] = useState('');

  useEffect(() => {
    if (wx.kind !== 'loading') return;
    let cancelled = false;
    (async () => {
      const signature = await fetchWxSignature(signedPageUrl());
      const sdk = await readyWxSdk(signature).catch(() => {
        throw new Error(t('scan.wx.sdkFailed'));
      });
      return sdk;
    })().then(
      (sdk) => !cancelled && setWx({ kind: 'ready', scan: () => wxScan(sdk) }),
      (error: unknown) => !cancelled && setWx({ kind: 'unavailable', reason: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      cancelled = true;
    };
  }, [wx.kind, t]);

  const open = (code: string) => {
    navigate(`${SCAN_PAGE_PATH}?${SCAN_CODE_PARAM}=${encodeURIComponent(code)}`);
  };

  const scanWithWechat = async (scan: () => Promise<string | null>) => {
    setProblem('');
    try {
      const text = await scan();
      if (text === null) return;
      const code = codeFromScan(text);
      if (code) open(code);
      else setProblem(t('scan.wx.notOurCode', { text }));
    } catch (error) {
      setProblem(t('scan.wx.scanFailed', { reason: error instanceof Error ? error.message : String(error) }));
    }
  };

  return (
    <PublicShell title={t('scan.title.wx')}>
      <section className="scan-section scan-wx" data-testid="wx-entry">
        <p>{t('scan.wx.intro')}</p>
        {wx.kind === 'ready' && (
          <Button variant="primary" size="large" block icon={<Icon icon={ScanOutlined} />} onClick={() => void scanWithWechat(wx.scan)} data-testid="wx-scan">
            {t('scan.wx.scan')}
          </Button>
        )}
        {wx.kind === 'loading' && <p className="scan-muted" data-testid="wx-loading">{t('scan.wx.loading')}</p>}
        {wx.kind === 'unavailable' && (
          <Alert type="warning" data-testid="wx-unavailable" title={t('scan.wx.unavailable', { reason: wx.reason })} />
        )}
        {wx.kind === 'outside' && <p className="scan-muted" data-testid="wx-outside">{t('scan.wx.notInWechat')}</p>}
        {problem && <Alert type="error" title={problem} data-testid="wx-problem" />}
      </section>
      {wx.kind !== 'ready' && (
        <section className="scan-section">
          <CodeScanner onScan={open} testId="wx-scan-input" />
        </section>
      )}
      <Link className="scan-manual-link" to="/mobilePhone" data-testid="wx-manual">
        <Icon icon={EditOutlined} /> {t('scan.wx.manual')}
      </Link>
    </PublicShell>
  );
}
