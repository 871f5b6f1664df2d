import type { AbstractNode, IconDefinition } from '@ant-design/icons-svg/es/types';
import ClockCircleFilled from '@ant-design/icons-svg/es/asn/ClockCircleFilled';
import EnvironmentOutlined from '@ant-design/icons-svg/es/asn/EnvironmentOutlined';
import GlobalOutlined from '@ant-design/icons-svg/es/asn/GlobalOutlined';
import NotificationFilled from '@ant-design/icons-svg/es/asn/NotificationFilled';
import type { Lang, ScanCheckResult } from '@rd/contract';
import { SCAN_CODE_PARAM } from '@rd/contract/consumer';
import { applyDocumentLanguage, applyDocumentTitle } from '../documentHead';
import type { GeoTap } from './earlyCheck';
import { formatDay } from './formatDay';
import { SUSPICIOUS_ICON, detailText, iconOf, titleText, toneOf, type Translate } from './verdictFacts';

/**
 * The top of the scan result page drawn with plain DOM by the document's inline script, as soon as the check
 * answers and before React has arrived: the public shell's title bar, the recall, the verdict banner, the
 * expiry and the position prompt, in exactly the markup React draws for them (PublicShell, RecallBanner,
 * VerdictBanner, ExpiredNotice, PositionPrompt; a test compares both for every verdict in both languages).
 * The prompt's buttons only note a tap here; the page answers it when it starts. On a phone network the verdict
 * then shows with the document and its stylesheet instead of after some 100 KB of script. React replaces
 * this markup with its own identical markup in one frame, so nothing moves or repaints differently; what
 * follows the banner (product, batch, grower, trace) appears below it then.
 *
 * Everything shown comes from the server's answer and is set as text, never as markup.
 */

type Child = Node | string | false | null | undefined;

function element(tag: string, attributes: Record<string, string>, children: Child[] = []): HTMLElement {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  for (const child of children) if (child) node.append(child);
  return node;
}

const SVG = 'http://www.w3.org/2000/svg';

function svgNode(node: AbstractNode): Element {
  const out = document.createElementNS(SVG, node.tag);
  for (const [name, value] of Object.entries(node.attrs)) out.setAttribute(name, String(value));
  for (const child of node.children ?? []) out.append(svgNode(child));
  return out;
}

/** ui/Icon's markup. */
function icon(definition: IconDefinition, className?: string): HTMLElement {
  const root = typeof definition.icon === 'function' ? definition.icon('currentColor', 'currentColor') : definition.icon;
  const svg = svgNode({ tag: 'svg', attrs: { viewBox: root.attrs.viewBox as string, width: '1em', height: '1em', fill: 'currentColor', focusable: 'false' }, children: root.children });
  return element('span', { class: className ? `pub-icon ${className}` : 'pub-icon', 'aria-hidden': 'true' }, [svg]);
}

const RECALL_LEVEL_KEY: Record<number, string> = { 1: 'scan.recall.level1', 2: 'scan.recall.level2', 3: 'scan.recall.level3' };

function recallBanner(recall: NonNullable<ScanCheckResult['recall']>, t: Translate, lang: string): HTMLElement {
  const rows = [
    { label: t('scan.recall.reason'), value: recall.reason, testId: 'recall-reason' },
    { label: t('scan.recall.instruction'), value: recall.instruction, testId: 'recall-instruction' },
    { label: t('scan.recall.contact'), value: recall.contact, testId: 'recall-contact' },
    { label: t('scan.recall.since'), value: recall.startedAt ? formatDay(recall.startedAt, lang) : '', testId: 'recall-since' },
  ].filter((row) => row.value.trim() !== '');
  return element('section', { class: 'scan-recall', 'data-testid': 'recall-banner', 'data-level': String(recall.level), role: 'alert' }, [
    element('h2', { class: 'scan-recall__title' }, [
      icon(NotificationFilled),
      element('span', { 'data-testid': 'recall-level' }, [t(RECALL_LEVEL_KEY[recall.level] ?? 'scan.recall.level1')]),
    ]),
    element('p', { class: 'scan-recall__lead' }, [t('scan.recall.lead')]),
    element(
      'dl',
      { class: 'scan-recall__facts' },
      rows.map((row) =>
        element('div', { class: 'scan-recall__row', 'data-testid': row.testId }, [element('dt', {}, [row.label]), element('dd', { class: 'scan-text' }, [row.value])]),
      ),
    ),
  ]);
}

function verdictBanner(result: ScanCheckResult, t: Translate, lang: string): HTMLElement {
  const { verdict } = result;
  const retype = verdict === 'CHECK_FAILED';
  return element('section', { class: `scan-verdict scan-verdict--${toneOf(result)}`, 'data-testid': 'verdict-banner', 'data-verdict': verdict, role: 'status' }, [
    element('div', { class: 'scan-verdict__icon' }, [icon(iconOf(result))]),
    element('h1', { class: 'scan-verdict__title', 'data-testid': 'verdict-title' }, [titleText(result, t)]),
    element('p', { class: 'scan-verdict__detail', 'data-testid': 'verdict-detail' }, [detailText(result, t, lang)]),
    result.suspicious && element('p', { class: 'scan-verdict__suspicious', 'data-testid': 'verdict-suspicious' }, [icon(SUSPICIOUS_ICON), ' ', t('scan.verdict.suspicious')]),
    element('p', { class: 'scan-verdict__code' }, [t('scan.verdict.codeLabel', { code: result.code })]),
    // The manual entry with the text as it was read (CodeCheck's link), a plain link until React takes over.
    retype &&
      element('div', { class: 'scan-verdict__action' }, [
        element('a', { href: `/mobilePhone?${SCAN_CODE_PARAM}=${encodeURIComponent(result.code)}`, class: 'scan-verdict__button', 'data-testid': 'verdict-retype' }, [t('scan.verdict.retype')]),
      ]),
  ]);
}

/** ui/Button's markup for a small button. */
function smallButton(variant: string, testId: string, text: string, onTap: () => void): HTMLElement {
  const button = element('button', { type: 'button', class: `pub-btn pub-btn--${variant} pub-btn--small`, 'data-testid': testId }, [element('span', {}, [text])]);
  button.addEventListener('click', onTap);
  return button;
}

/** PositionPrompt's first step: the question and its two buttons. A "no" takes the prompt away, as the page would. */
function positionPrompt(t: Translate, onGeoTap: (tap: GeoTap) => void): HTMLElement {
  const prompt = element('div', { class: 'scan-geo', 'data-testid': 'geo-prompt' }, [
    icon(EnvironmentOutlined, 'scan-geo__icon'),
    element('span', { class: 'scan-geo__text' }, [t('scan.geo.ask')]),
    element('span', { class: 'scan-geo__actions' }, [
      smallButton('primary', 'geo-allow', t('scan.geo.allow'), () => onGeoTap('allow')),
      smallButton('text', 'geo-deny', t('scan.geo.deny'), () => {
        onGeoTap('deny');
        prompt.remove();
      }),
    ]),
  ]);
  return prompt;
}

/** Draws the result page's top for `result` into the (still empty) root, with the page's language and title. */
export function paintEarlyVerdict(root: HTMLElement, result: ScanCheckResult, t: Translate, lang: Lang, onGeoTap: (tap: GeoTap) => void = () => undefined): void {
  applyDocumentLanguage(lang);
  applyDocumentTitle(t('scan.title.result'), t('app.productTitle'));
  // CodeCheck's condition: a typing mistake is not a scan worth placing.
  const asksPosition = Boolean(result.scanToken) && result.verdict !== 'CHECK_FAILED' && 'geolocation' in navigator;
  root.replaceChildren(
    element('div', { class: 'public-shell' }, [
      element('header', { class: 'public-shell__bar' }, [
        element('h1', { class: 'public-shell__title', 'data-testid': 'public-title' }, [t('scan.title.result')]),
        element('button', { type: 'button', class: 'public-shell__lang', 'data-testid': 'lang-switch' }, [icon(GlobalOutlined), ' ', t('header.switchLanguage')]),
      ]),
      element('main', { class: 'public-shell__content' }, [
        element('div', { class: 'scan-result', 'data-testid': 'scan-result' }, [
          result.recall && recallBanner(result.recall, t, lang),
          verdictBanner(result, t, lang),
          result.expiredOn &&
            element('p', { class: 'scan-expired', 'data-testid': 'scan-expired', role: 'alert' }, [
              icon(ClockCircleFilled, 'scan-expired__icon'),
              element('span', {}, [t('scan.verdict.expiredOn', { date: formatDay(result.expiredOn, lang) })]),
            ]),
          asksPosition && positionPrompt(t, onGeoTap),
        ]),
      ]),
    ]),
  );
}
