import type { IconDefinition } from '@ant-design/icons-svg/es/types';
import CheckCircleFilled from '@ant-design/icons-svg/es/asn/CheckCircleFilled';
import ClockCircleFilled from '@ant-design/icons-svg/es/asn/ClockCircleFilled';
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
 * recall: a genuine item under recall, in the deep red of the recall's card above it.
 */
export type Tone = 'ok' | 'warn' | 'bad' | 'info' | 'retype' | 'recall';

/**
 * What a banner is: its verdict, or a GENUINE one under a caution (cautionOf). Its texts are the messages
 * scan.verdict.<kind> (the title) and <kind>_detail.
 */
export type BannerKind = ScanVerdictValue | 'GENUINE_recall' | 'GENUINE_expired';

const TONE: Record<BannerKind, Tone> = {
  GENUINE: 'ok',
  GENUINE_recall: 'recall',
  GENUINE_expired: 'warn',
  REPEATED: 'warn',
  NOT_FOUND: 'bad',
  NOT_ACTIVATED: 'info',
  VOIDED: 'bad',
  SECURITY_CODE_MISMATCH: 'warn',
  CHECK_FAILED: 'retype',
};

const ICON: Record<BannerKind, IconDefinition> = {
  GENUINE: CheckCircleFilled,
  GENUINE_recall: WarningFilled,
  GENUINE_expired: ClockCircleFilled,
  REPEATED: WarningFilled,
  NOT_FOUND: CloseCircleFilled,
  NOT_ACTIVATED: ExclamationCircleFilled,
  VOIDED: StopFilled,
  SECURITY_CODE_MISMATCH: KeyOutlined,
  CHECK_FAILED: EditOutlined,
};

/** The suspicious warning's icon. */
export const SUSPICIOUS_ICON = WarningFilled;

export type BannerFacts = Pick<
  ScanCheckResult,
  'verdict' | 'code' | 'scanCount' | 'firstScanAt' | 'firstScanPlace' | 'firstScanPlaceEn' | 'suspicious' | 'expiredOn' | 'recall'
>;

/**
 * What the answer says besides the verdict that the item must not be used as it is: its active recall, else its
 * batch's expiry (the recall says more: what to do, whom to call). An answer kept in this tab by an older page
 * has neither field, and undefined reads as none.
 */
export type Caution = 'recall' | 'expired' | null;

export const cautionOf = (result: Pick<BannerFacts, 'recall' | 'expiredOn'>): Caution => (result.recall ? 'recall' : result.expiredOn ? 'expired' : null);

/**
 * GENUINE is good news only when nothing cautions against the item: a recalled or expired one is still told
 * genuine, but in the recall's red or the amber of a warning, with a warning or a clock instead of the check
 * mark, and with what to do instead of "use it with confidence". The other verdicts are warnings or bad news
 * already and stay as they are (the recall's card above them and the expiry under them say the rest). What a
 * check decides is the server's; this only changes how a genuine one is told.
 */
export function kindOf(result: BannerFacts): BannerKind {
  const caution = result.verdict === 'GENUINE' && cautionOf(result);
  return caution ? `GENUINE_${caution}` : result.verdict;
}

// A verdict this page does not know yet (a newer server) still shows as a neutral banner, not as a crash.
export const toneOf = (result: BannerFacts): Tone => TONE[kindOf(result)] ?? 'info';
export const iconOf = (result: BannerFacts): IconDefinition => ICON[kindOf(result)] ?? ExclamationCircleFilled;

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** First-scan time as people read it on a phone, in the phone's own zone: YYYY-MM-DD HH:mm. */
export function formatScanTime(iso: string): string {
  const time = new Date(iso);
  if (Number.isNaN(time.getTime())) return '';
  return `${time.getFullYear()}-${twoDigits(time.getMonth() + 1)}-${twoDigits(time.getDate())} ${twoDigits(time.getHours())}:${twoDigits(time.getMinutes())}`;
}

/** A message by key, with {{name}} values: i18next's t on the page, the document's own few texts early. */
export type Translate = (key: string, values?: Record<string, string | number>) => string;

/** The banner's title: the verdict's, or for a genuine item under a caution that it is genuine and what cautions. */
export const titleText = (result: BannerFacts, t: Translate): string => t(`scan.verdict.${kindOf(result)}`);

/**
 * The line under the title: where and when a repeated code was first checked, else the kind's own (for a
 * genuine item under a caution, what to do: stop using a recalled one, or for a class III recall follow its
 * instructions; do not consume an expired one).
 */
export function detailText(result: BannerFacts, t: Translate, lang: string): string {
  const kind = kindOf(result);
  if (kind !== 'REPEATED') return t(`scan.verdict.${kind}${kind === 'GENUINE_recall' && result.recall?.level === 3 ? 'Level3' : ''}_detail`);
  const time = result.firstScanAt ? formatScanTime(result.firstScanAt) : '';
  // an answer kept by the tab from before this field has no English place: the Chinese one then
  const place = (lang === 'en_US' ? result.firstScanPlaceEn || result.firstScanPlace : result.firstScanPlace) || t('scan.verdict.unknownPlace');
  return t('scan.verdict.REPEATED_detail', { count: result.scanCount, time, place });
}
