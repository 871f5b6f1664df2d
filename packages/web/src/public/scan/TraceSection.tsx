import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SCAN_TRACE_PATH, type TraceStep } from '@rd/contract/consumer';
import { apiGet } from '../api';
import { ScanSection } from './InfoList';

/**
 * Where the product has been, from the company's supply-chain events: made (batch), packed, shipped to a
 * region, received. Asked for after the verdict is on screen, and shown only when there is something to
 * show; a failure leaves the section out (the verdict is what the visitor came for).
 */
export function TraceSection({ code, hiddenCode }: { code: string; hiddenCode?: string }) {
  const { t, i18n } = useTranslation();
  const [steps, setSteps] = useState<TraceStep[]>([]);
  useEffect(() => {
    let current = true;
    apiGet<{ steps: TraceStep[] }>(SCAN_TRACE_PATH, hiddenCode ? { code, hiddenCode } : { code })
      .then((answer) => current && setSteps(Array.isArray(answer?.steps) ? answer.steps : []))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [code, hiddenCode]);
  if (steps.length === 0) return null;
  const day = new Intl.DateTimeFormat(i18n.language === 'en_US' ? 'en' : 'zh-CN', { year: 'numeric', month: '2-digit', day: '2-digit' });
  return (
    <ScanSection title={t('scan.section.trace')} testId="scan-trace">
      <ol className="scan-trace">
        {steps.map((step, i) => (
          <li key={i} className="scan-trace__step">
            <time dateTime={step.at}>{day.format(new Date(step.at))}</time>
            <span className="scan-trace__what">
              {t(`scan.trace.${step.step}`)}
              {step.region ? ` ${step.region}` : ''}
              {step.dealer ? ` · ${step.dealer}` : ''}
              {step.lot ? ` · ${t('scan.trace.lot', { lot: step.lot })}` : ''}
            </span>
          </li>
        ))}
      </ol>
    </ScanSection>
  );
}
