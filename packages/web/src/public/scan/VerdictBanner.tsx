import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../ui/Icon';
import { SUSPICIOUS_ICON, detailText, iconOf, titleText, toneOf, type BannerFacts, type Translate } from './verdictFacts';
import './scan.css';

/**
 * The verdict at the top of the result page: colour and icon by verdict, the wording used in the
 * field (REFERENCE.md), and the suspicious warning whenever the server flags it. A genuine item under
 * recall or past its expiry is told genuine in the colour, icon and words of the caution (verdictFacts),
 * never as good news. `action` is offered
 * inside the banner (the way to type a misread code again). The same markup is drawn early, before the
 * page's modules, by earlyVerdict.ts; a test holds the two the same.
 */
export function VerdictBanner({ result, action }: { result: BannerFacts; action?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const { verdict } = result;
  // The title's and detail's keys are made from the verdict at run time, past the typed keys' reach.
  const translate = t as unknown as Translate;
  return (
    <section className={`scan-verdict scan-verdict--${toneOf(result)}`} data-testid="verdict-banner" data-verdict={verdict} role="status">
      <div className="scan-verdict__icon">
        <Icon icon={iconOf(result)} />
      </div>
      <h1 className="scan-verdict__title" data-testid="verdict-title">
        {titleText(result, translate)}
      </h1>
      <p className="scan-verdict__detail" data-testid="verdict-detail">
        {detailText(result, translate, i18n.language)}
      </p>
      {result.suspicious && (
        <p className="scan-verdict__suspicious" data-testid="verdict-suspicious">
          <Icon icon={SUSPICIOUS_ICON} /> {t('scan.verdict.suspicious')}
        </p>
      )}
      <p className="scan-verdict__code">{t('scan.verdict.codeLabel', { code: result.code })}</p>
      {action && <div className="scan-verdict__action">{action}</div>}
    </section>
  );
}
