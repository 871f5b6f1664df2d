import type { IconDefinition } from '@ant-design/icons-svg/es/types';
import CheckCircleFilled from '@ant-design/icons-svg/es/asn/CheckCircleFilled';
import CloseCircleFilled from '@ant-design/icons-svg/es/asn/CloseCircleFilled';
import EditOutlined from '@ant-design/icons-svg/es/asn/EditOutlined';
import ExclamationCircleFilled from '@ant-design/icons-svg/es/asn/ExclamationCircleFilled';
import KeyOutlined from '@ant-design/icons-svg/es/asn/KeyOutlined';
import StopFilled from '@ant-design/icons-svg/es/asn/StopFilled';
import WarningFilled from '@ant-design/icons-svg/es/asn/WarningFilled';
import type { ScanCheckResult, ScanVerdictValue } from '@rd/contract';

/**
 * What the verdict banner shows for an answer, apart from how it is drawn: the scan page draws it with React
 * (VerdictBanner) and, when the answer comes before the page's modules, with plain DOM from the document's
 * inline script (earlyVerdict). Both read these, so they cannot say different things.
 */

/**
 * retype: a typing mistake (CHECK_FAILED) is neither good nor bad news about the product, so it gets a
 * light amber card of its own, never the red of a counterfeit risk nor the strong amber of a repeat warning.
 */
export type Tone = 'ok' | 'warn' | 'bad' | 'info' | 'retype';

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

/** The suspicious warning's icon. */
export const SUSPICIOUS_ICON = WarningFilled;

// A verdict this page does not know yet (a newer server) still shows as a neutral banner, not as a crash.
export const toneOf = (verdict: ScanVerdictValue): Tone => TONE[verdict] ?? 'info';
export const iconOf = (verdict: ScanVerdictValue): IconDefinition => ICON[verdict] ?? ExclamationCircleFilled;

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** First-scan time as people read it on a phone, in the phone's own zone: YYYY-MM-DD HH:mm. */
export function formatScanTime(iso: string): string {
  const time = new Date(iso);
  if (Number.isNaN(time.getTime())) return '';
  return `${time.getFullYear()}-${twoDigits(time.getMonth() + 1)}-${twoDigits(time.getDate())} ${twoDigits(time.getHours())}:${twoDigits(time.getMinutes())}`;
}

export type BannerFacts = Pick<ScanCheckResult, 'verdict' | 'code' | 'scanCount' | 'firstScanAt' | 'firstScanPlace' | 'firstScanPlaceEn' | 'suspicious'>;

/** A message by key, with {{name}} values: i18next's t on the page, the document's own few texts early. */
export type Translate = (key: string, values?: Record<string, string | number>) => string;

/** The line under the verdict's title: where and when a repeated code was first checked, else the verdict's own. */
export function detailText(result: BannerFacts, t: Translate, lang: string): string {
  if (result.verdict !== 'REPEATED') return t(`scan.verdict.${result.verdict}_detail`);
  const time = result.firstScanAt ? formatScanTime(result.firstScanAt) : '';
  // an answer kept by the tab from before this field has no English place: the Chinese one then
  const place = (lang === 'en_US' ? result.firstScanPlaceEn || result.firstScanPlace : result.firstScanPlace) || t('scan.verdict.unknownPlace');
  return t('scan.verdict.REPEATED_detail', { count: result.scanCount, time, place });
}
