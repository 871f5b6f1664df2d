import { useTranslation } from 'react-i18next';
import ClockCircleFilled from '@ant-design/icons-svg/es/asn/ClockCircleFilled';
import NotificationFilled from '@ant-design/icons-svg/es/asn/NotificationFilled';
import type { ScanRecall } from '@rd/contract';
import { Icon } from '../ui/Icon';
import { formatDay } from './formatDay';
import './scan.css';

const LEVEL_KEY = { 1: 'scan.recall.level1', 2: 'scan.recall.level2', 3: 'scan.recall.level3' } as const;

/**
 * The company's recall of this item, above the verdict: a genuine product may still have to go back, and
 * that matters more than its being genuine. Everything in it is the company's own words, shown as text
 * (line breaks kept), never as markup.
 */
export function RecallBanner({ recall }: { recall: ScanRecall }) {
  const { t, i18n } = useTranslation();
  const rows = [
    { label: t('scan.recall.reason'), value: recall.reason, testId: 'recall-reason' },
    { label: t('scan.recall.instruction'), value: recall.instruction, testId: 'recall-instruction' },
    { label: t('scan.recall.contact'), value: recall.contact, testId: 'recall-contact' },
    { label: t('scan.recall.since'), value: recall.startedAt ? formatDay(recall.startedAt, i18n.language) : '', testId: 'recall-since' },
  ].filter((row) => row.value.trim() !== '');
  return (
    <section className="scan-recall" data-testid="recall-banner" data-level={recall.level} role="alert">
      <h2 className="scan-recall__title">
        <Icon icon={NotificationFilled} />
        <span data-testid="recall-level">{t(LEVEL_KEY[recall.level] ?? LEVEL_KEY[1])}</span>
      </h2>
      <p className="scan-recall__lead">{t('scan.recall.lead')}</p>
      <dl className="scan-recall__facts">
        {rows.map((row) => (
          <div key={row.testId} className="scan-recall__row" data-testid={row.testId}>
            <dt>{row.label}</dt>
            <dd className="scan-text">{row.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The batch's expiry date has passed: said right under the verdict, in the words and date format of the page's language. */
export function ExpiredNotice({ expiredOn }: { expiredOn: string }) {
  const { t, i18n } = useTranslation();
  return (
    <p className="scan-expired" data-testid="scan-expired" role="alert">
      <Icon icon={ClockCircleFilled} className="scan-expired__icon" />
      <span>{t('scan.verdict.expiredOn', { date: formatDay(expiredOn, i18n.language) })}</span>
    </p>
  );
}
