import { useRef, useState, type KeyboardEvent } from 'react';
import { Alert, Button, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { summariseWedge, type KeyStroke } from './deviceStats';

/**
 * A handheld (keyboard-wedge) scanner "types" the code and, when set up right, presses Enter. This box
 * records each key with its time, so the worker sees the characters, the rhythm (a scanner is far faster
 * than a hand) and whether the terminating Enter arrives — the three things that go wrong in practice.
 */
export function WedgeCheck() {
  const { t } = useTranslation();
  const strokes = useRef<KeyStroke[]>([]);
  const [summary, setSummary] = useState(() => summariseWedge([]));

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (summary.terminated) strokes.current = [];
    // Enter would submit nothing here, and Tab would leave the box: both are recorded and kept in place.
    if (event.key === 'Enter' || event.key === 'Tab') event.preventDefault();
    strokes.current.push({ key: event.key, at: performance.now() });
    setSummary(summariseWedge(strokes.current));
  };
  const clear = () => {
    strokes.current = [];
    setSummary(summariseWedge([]));
  };

  return (
    <section className="scan-section scan-tool" data-testid="device-wedge">
      <h2>{t('scan.device.wedge')}</h2>
      <div className="scan-muted">{t('scan.device.wedgeHint')}</div>
      <Input
        value={summary.text}
        readOnly
        onKeyDown={onKeyDown}
        placeholder={t('scan.device.wedgePlaceholder')}
        autoComplete="off"
        autoCapitalize="off"
        autoCorrect="off"
        spellCheck={false}
        data-testid="device-wedge-input"
      />
      {summary.text !== '' && (
        <>
          <div className="scan-tool__mono" data-testid="device-wedge-chars">
            {t('scan.device.wedgeChars', { count: summary.text.length, text: summary.text })}
          </div>
          <div data-testid="device-wedge-timing">{t('scan.device.wedgeTiming', { avg: summary.averageGap, max: summary.longestGap })}</div>
          <Alert
            type={summary.terminated ? 'success' : 'warning'}
            showIcon
            data-testid="device-wedge-enter"
            title={t(summary.terminated ? 'scan.device.wedgeEnter' : 'scan.device.wedgeNoEnter')}
          />
          {summary.looksHuman && <Alert type="info" showIcon title={t('scan.device.wedgeLooksHuman')} />}
          <Button size="small" onClick={clear}>
            {t('scan.device.wedgeClear')}
          </Button>
        </>
      )}
    </section>
  );
}
