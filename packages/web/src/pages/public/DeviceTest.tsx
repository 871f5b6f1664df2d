import { useTranslation } from 'react-i18next';
import { PublicShell } from '../../public/shell/PublicShell';
import { CameraCheck } from './scan/device/CameraCheck';
import { WedgeCheck } from './scan/device/WedgeCheck';
import { LatencyCheck } from './scan/device/LatencyCheck';
import '../../public/scan/scan.css';

/** /test1 — is this production-line phone ready: camera and decoding, scanner input, network latency. */
export default function DeviceTest() {
  const { t } = useTranslation();
  return (
    <PublicShell title={t('scan.title.device')}>
      <p className="scan-muted">{t('scan.device.intro')}</p>
      <CameraCheck />
      <WedgeCheck />
      <LatencyCheck />
      <section className="scan-section scan-tool">
        <h2>{t('scan.device.userAgent')}</h2>
        <div className="scan-tool__mono" data-testid="device-ua">
          {navigator.userAgent}
        </div>
      </section>
    </PublicShell>
  );
}
