import { useState } from 'react';
import { Button, Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { summariseLatency, type LatencySummary } from './deviceStats';

const HEALTH_URL = '/acc/health';
const COUNTS = [5, 10, 20];
/** A ping that takes longer than this counts as lost. */
const PING_TIMEOUT_MS = 5000;

/** One round trip to the server's health check (no cache, no retry), in ms; null when it failed. */
async function ping(): Promise<number | null> {
  const started = performance.now();
  try {
    const response = await fetch(HEALTH_URL, { cache: 'no-store', signal: AbortSignal.timeout(PING_TIMEOUT_MS) });
    await response.arrayBuffer();
    return response.ok ? performance.now() - started : null;
  } catch {
    return null;
  }
}

/** N pings one after another (not at once: the point is the latency of one call, not the server's throughput). */
export function LatencyCheck() {
  const { t } = useTranslation();
  const [count, setCount] = useState(COUNTS[1]!);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [result, setResult] = useState<{ summary: LatencySummary | null; ok: number; total: number } | null>(null);

  const run = async () => {
    setResult(null);
    const samples: number[] = [];
    for (let i = 0; i < count; i++) {
      setProgress({ done: i, total: count });
      const ms = await ping();
      if (ms !== null) samples.push(ms);
    }
    setProgress(null);
    setResult({ summary: summariseLatency(samples), ok: samples.length, total: count });
  };

  return (
    <section className="scan-section scan-tool" data-testid="device-latency">
      <h2>{t('scan.device.network')}</h2>
      <div>
        {t('scan.device.pingCount')}{' '}
        <Segmented size="small" options={COUNTS} value={count} onChange={(value) => setCount(Number(value))} disabled={progress !== null} />
      </div>
      <Button type="primary" onClick={() => void run()} loading={progress !== null} data-testid="device-ping">
        {t('scan.device.pingStart')}
      </Button>
      {progress && <div>{t('scan.device.pingRunning', progress)}</div>}
      {result && (
        <div data-testid="device-ping-result">
          {result.summary
            ? t('scan.device.pingResult', { ...result.summary, ok: result.ok, total: result.total })
            : t('scan.device.pingAllFailed')}
        </div>
      )}
    </section>
  );
}
