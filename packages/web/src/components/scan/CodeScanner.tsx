import { useCallback, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import CameraOutlined from '@ant-design/icons-svg/es/asn/CameraOutlined';
import ScanOutlined from '@ant-design/icons-svg/es/asn/ScanOutlined';
import { codeFromScan } from '@rd/contract/consumer';
import { Alert } from '../../public/ui/Alert';
import { Button } from '../../public/ui/Button';
import { Icon } from '../../public/ui/Icon';
import { useCameraScan } from './useCameraScan';
import './CodeScanner.css';

export interface CodeScannerProps {
  /** Called once per scan with the code (already taken out of a printed URL). */
  onScan: (code: string) => void;
  /** Placeholder of the input, e.g. "Scan the box code". */
  placeholder?: string;
  /** data-testid of the input; default "scan-input". */
  testId?: string;
}

/**
 * One scanner for every public page, for both kinds of device on a production line:
 *
 * - Keyboard-wedge (USB / Bluetooth) scanners "type" the code into the focused input and press Enter;
 *   many are set to add a Tab, which is swallowed here so the focus stays put for the next label.
 *   A person can type a code and press Enter the same way.
 * - The phone camera, behind the camera button: BarcodeDetector where the browser has it, else jsQR on
 *   about six frames a second; stopped as soon as it is switched off or the scanner unmounts. The decoder
 *   is downloaded only when the camera is switched on.
 *
 * Either way the text goes through `codeFromScan` (@rd/contract), so a full printed URL
 * (…/antiCounterfeiting?code=X or a GS1 Digital Link …/21/X) gives its code; text without a code is
 * answered under the input and not passed on.
 *
 * The input is never disabled: a scanner does not wait, so the page queues what it is sent. Plain HTML
 * (the public pages' controls), so the consumer pages can use it without the portal's component library.
 *
 * Usage: `<CodeScanner onScan={(code) => add(code)} placeholder={t('binding.scanItem')} />`
 */
export function CodeScanner({ onScan, placeholder, testId = 'scan-input' }: CodeScannerProps) {
  const { t } = useTranslation();
  const videoRef = useRef<HTMLVideoElement>(null);
  const [cameraOn, setCameraOn] = useState(false);
  const [unreadable, setUnreadable] = useState('');
  const [text, setText] = useState('');

  const accept = useCallback(
    (text: string) => {
      const code = codeFromScan(text);
      if (code === null) {
        setUnreadable(text.trim());
        return;
      }
      setUnreadable('');
      navigator.vibrate?.(40);
      onScan(code);
    },
    [onScan],
  );

  const cameraProblem = useCameraScan(cameraOn, videoRef, accept);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' && event.key !== 'Tab') return;
    // Keep the focus here for the next label (a scanner's trailing Tab would move it away).
    event.preventDefault();
    const typed = event.currentTarget.value;
    setText('');
    if (typed.trim() !== '') accept(typed);
  };

  return (
    <div className="code-scanner">
      <div className="code-scanner__row">
        <label className="code-scanner__field">
          <Icon icon={ScanOutlined} className="code-scanner__prefix" />
          <input
            value={text}
            onChange={(event) => setText(event.target.value)}
            className="code-scanner__input"
            placeholder={placeholder ?? t('scanner.placeholder')}
            aria-label={placeholder ?? t('scanner.placeholder')}
            onKeyDown={onKeyDown}
            autoFocus
            autoComplete="off"
            autoCapitalize="off"
            autoCorrect="off"
            spellCheck={false}
            enterKeyHint="done"
            data-testid={testId}
          />
        </label>
        <Button
          icon={<Icon icon={CameraOutlined} />}
          variant={cameraOn ? 'primary' : 'default'}
          aria-pressed={cameraOn}
          onClick={() => setCameraOn((on) => !on)}
          data-testid="scan-camera"
        >
          {cameraOn ? t('scanner.cameraOff') : t('scanner.cameraOn')}
        </Button>
      </div>
      {cameraOn && (
        <div className="code-scanner__camera">
          <video ref={videoRef} className="code-scanner__video" muted playsInline data-testid="scan-video" />
          {cameraProblem && <Alert type="warning" title={t(`scanner.camera.${cameraProblem}`)} />}
        </div>
      )}
      {unreadable && <Alert type="error" title={t('scanner.noCode', { text: unreadable })} data-testid="scan-unreadable" />}
    </div>
  );
}
