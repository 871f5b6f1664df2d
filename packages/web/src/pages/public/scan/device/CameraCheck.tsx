import { useCallback, useRef, useState } from 'react';
import { Alert, Button } from 'antd';
import { CameraOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useCameraScan } from '../../../../components/scan/useCameraScan';

interface Decoded {
  text: string;
  /** From opening the camera to the first reading of this text. */
  ms: number;
}

/**
 * Opens the camera the scan pages use (same hook, same decoder) and shows what it reads and how long the
 * first reading took: a phone that passes here scans on the binding pages too.
 */
export function CameraCheck() {
  const { t } = useTranslation();
  const videoRef = useRef<HTMLVideoElement>(null);
  const [on, setOn] = useState(false);
  const [openedAt, setOpenedAt] = useState(0);
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  const [decoded, setDecoded] = useState<Decoded[]>([]);

  const onText = useCallback(
    (text: string) => setDecoded((list) => [{ text, ms: Math.round(performance.now() - openedAt) }, ...list].slice(0, 5)),
    [openedAt],
  );
  const problem = useCameraScan(on, videoRef, onText);
  const supported = typeof navigator !== 'undefined' && Boolean(navigator.mediaDevices?.getUserMedia);

  const toggle = () => {
    setSize(null);
    setDecoded([]);
    setOpenedAt(performance.now());
    setOn((value) => !value);
  };

  return (
    <section className="scan-section scan-tool" data-testid="device-camera">
      <h2>{t('scan.device.camera')}</h2>
      {!supported && <Alert type="warning" showIcon title={t('scan.device.cameraUnsupported')} />}
      <Button icon={<CameraOutlined />} onClick={toggle} disabled={!supported} data-testid="device-camera-toggle">
        {on ? t('scan.device.cameraStop') : t('scan.device.cameraStart')}
      </Button>
      {on && (
        <>
          <video
            ref={videoRef}
            className="scan-tool__video"
            muted
            playsInline
            onLoadedMetadata={(event) => setSize({ width: event.currentTarget.videoWidth, height: event.currentTarget.videoHeight })}
          />
          {problem && <Alert type="error" showIcon title={t('scan.device.cameraDenied', { reason: t(`scanner.camera.${problem}`) })} />}
          {size && <div>{t('scan.device.cameraReady', size)}</div>}
          {decoded.length === 0 ? (
            <div className="scan-muted">{t('scan.device.decodeWaiting')}</div>
          ) : (
            decoded.map((d, i) => (
              <div key={`${d.ms}-${i}`} className="scan-tool__mono" data-testid="device-decoded">
                {t('scan.device.decoded', { ms: d.ms, text: d.text })}
              </div>
            ))
          )}
        </>
      )}
    </section>
  );
}
