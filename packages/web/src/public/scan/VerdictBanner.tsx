import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { IconDefinition } from '@ant-design/icons-svg/es/types';
import CheckCircleFilled from '@ant-design/icons-svg/es/asn/CheckCircleFilled';
import CloseCircleFilled from '@ant-design/icons-svg/es/asn/CloseCircleFilled';
import EditOutlined from '@ant-design/icons-svg/es/asn/EditOutlined';
import ExclamationCircleFilled from '@ant-design/icons-svg/es/asn/ExclamationCircleFilled';
import KeyOutlined from '@ant-design/icons-svg/es/asn/KeyOutlined';
import StopFilled from '@ant-design/icons-svg/es/asn/StopFilled';
import WarningFilled from '@ant-design/icons-svg/es/asn/WarningFilled';
import type { ScanCheckResult, ScanVerdictValue } from '@rd/contract';
import { Icon } from '../ui/Icon';
import './scan.css';

/**
 * retype: a typing mistake (CHECK_FAILED) is neither good nor bad news about the product, so it gets a
 * light amber card of its own, never the red of a counterfeit risk nor the strong amber of a repeat warning.
 */
type Tone = 'ok' | 'warn' | 'bad' | 'info' | 'retype';

const TONE: Record<ScanVerdictValue, Tone> = {
  GENUINE: 'ok',
  REPEATED: 'warn',
  NOT_FOUND: 'bad',
  NOT_ACTIVATED: 'info',
  VOIDED: 'bad',
  SECURITY_CODE_MISMATCH: 'warn',
  CHECK_FAILED: 'retype',
};

const ICON: Record<ScanVerdictValue, IconDefinition> = {
  GENUINE: CheckCircleFilled,
  REPEATED: WarningFilled,
  NOT_FOUND: CloseCircleFilled,
  NOT_ACTIVATED: ExclamationCircleFilled,
  VOIDED: StopFilled,
  SECURITY_CODE_MISMATCH: KeyOutlined,
  CHECK_FAILED: EditOutlined,
};

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** First-scan time as people read it on a phone, in the phone's own zone: YYYY-MM-DD HH:mm. */
export function formatScanTime(iso: string): string {
  const time = new Date(iso);
  if (Number.isNaN(time.getTime())) return '';
  return `${time.getFullYear()}-${twoDigits(time.getMonth() + 1)}-${twoDigits(time.getDate())} ${twoDigits(time.getHours())}:${twoDigits(time.getMinutes())}`;
}

type BannerFacts = Pick<ScanCheckResult, 'verdict' | 'code' | 'scanCount' | 'firstScanAt' | 'firstScanPlace' | 'firstScanPlaceEn' | 'suspicious'>;

/**
 * The verdict at the top of the result page: colour and icon by verdict, the wording used in the
 * field (REFERENCE.md), and the suspicious warning whenever the server flags it. `action` is offered
 * inside the banner (the way to type a misread code again).
 */
export function VerdictBanner({ result, action }: { result: BannerFacts; action?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const { verdict } = result;
  // A verdict this page does not know yet (a newer server) still shows as a neutral banner, not as a crash.
  const tone = TONE[verdict] ?? 'info';
  return (
    <section className={`scan-verdict scan-verdict--${tone}`} data-testid="verdict-banner" data-verdict={verdict} role="status">
      <div className="scan-verdict__icon">
        <Icon icon={ICON[verdict] ?? ExclamationCircleFilled} />
      </div>
      <h1 className="scan-verdict__title" data-testid="verdict-title">
        {t(`scan.verdict.${verdict}`)}
      </h1>
      <p className="scan-verdict__detail" data-testid="verdict-detail">
        {detailText(result, t, i18n.language)}
      </p>
      {result.suspicious && (
        <p className="scan-verdict__suspicious" data-testid="verdict-suspicious">
          <Icon icon={WarningFilled} /> {t('scan.verdict.suspicious')}
        </p>
      )}
      <p className="scan-verdict__code">{t('scan.verdict.codeLabel', { code: result.code })}</p>
      {action && <div className="scan-verdict__action">{action}</div>}
    </section>
  );
}

function detailText(result: BannerFacts, t: TFunction, lang: string): string {
  if (result.verdict !== 'REPEATED') return t(`scan.verdict.${result.verdict}_detail`);
  const time = result.firstScanAt ? formatScanTime(result.firstScanAt) : '';
  // an answer kept by the tab from before this field has no English place: the Chinese one then
  const place = (lang === 'en_US' ? result.firstScanPlaceEn || result.firstScanPlace : result.firstScanPlace) || t('scan.verdict.unknownPlace');
  return t('scan.verdict.REPEATED_detail', { count: result.scanCount, time, place });
}
