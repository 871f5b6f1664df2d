import './support/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ScanCheckResult, ScanVerdictValue } from '@rd/contract';
import { initConsumerI18n } from '../src/public/i18n';
import { switchConsumerLanguage as changeLanguage } from '../src/public/language';
import { ResultView } from '../src/public/scan/ResultView';
import { CodeCheck } from '../src/public/scan/CodeCheck';
import { Lightbox } from '../src/public/ui/Lightbox';
import { ConsumerApp } from '../src/public/ConsumerApp';
import { startEarlyCheck } from '../src/public/scan/earlyCheck';
import { earlyTranslate, pickEarlyTexts } from '../src/public/scan/earlyTexts';
import { paintEarlyVerdict } from '../src/public/scan/earlyVerdict';
import { cautionOf, detailText, iconOf, titleText, toneOf, type BannerFacts } from '../src/public/scan/verdictFacts';
import appEn from '../src/i18n/en_US/app';
import headerEn from '../src/i18n/en_US/header';
import scanEn from '../src/i18n/en_US/scan';
import appZh from '../src/i18n/zh_CN/app';
import headerZh from '../src/i18n/zh_CN/header';
import scanZh from '../src/i18n/zh_CN/scan';
import { envelope, mockFetch, type FetchCall } from './support/mockFetch';

/** The calls that count or place a scan: the trace the page asks for after a genuine verdict is left out. */
const scanCalls = (calls: FetchCall[]) => calls.filter((c) => !c.url.endsWith('/securityCode/queryTrace'));

initConsumerI18n('zh_CN');

const IMAGE = (id: string) => ({ fileId: id, url: `/acc/api/securityCode/image/${id}?code=XG1` });

/** A full answer as the server sends it; verdict-specific fields are overridden per case. */
function answer(overrides: Partial<ScanCheckResult> = {}): ScanCheckResult {
  return {
    verdict: 'GENUINE',
    code: 'XG0000ABCD12',
    needsHiddenCode: false,
    hiddenCodeLength: 0,
    scanCount: 1,
    firstScanAt: '2026-05-01T02:03:00.000Z',
    firstScanPlace: '江苏省南京市',
    firstScanPlaceEn: 'Jiangsu Nanjing',
    suspicious: false,
    repeatThreshold: 5,
    scanToken: null,
    expiredOn: null,
    recall: null,
    product: {
      name: '庞各庄 8424 西瓜',
      gtin: '06901234567892',
      spec: '5-6 kg',
      unit: '个',
      brand: '庞各庄',
      description: '第一行\n第二行',
      images: [IMAGE('p1'), IMAGE('p2')],
      attributes: [
        { key: 'sweet', label: '甜度', labelEn: 'Sweetness', type: 'NUMBER', value: '12.5', image: null },
        { key: 'story', label: '产品故事', labelEn: 'Story', type: 'RICH_TEXT', value: '<img src=x onerror=alert(1)>好瓜', image: null },
      ],
    },
    batch: {
      batchNo: 'B20260501',
      productionDate: '2026-05-01',
      expiryDate: '2026-05-20',
      harvestDate: '2026-04-30',
      origin: '北京市大兴区',
      farmingRecords: [
        { kind: 'PICKING', date: '2026-04-30', operator: '张三', material: '', images: [IMAGE('f2')] },
        { kind: 'SOWING', date: '2026-02-01', operator: '李四', material: '8424 种子', images: [] },
      ],
      inspectionReports: [{ name: '农残检测报告', date: '2026-04-29', file: IMAGE('r1') }],
    },
    grower: {
      name: '王五',
      phoneMasked: '138****5678',
      regionName: '北京市大兴区',
      plantingBase: '庞各庄基地',
      plantingArea: '20 亩',
      varieties: '8424',
      certifications: '绿色食品',
      photo: null,
    },
    company: {
      fullName: '北京市大兴区庞各庄西瓜专业合作社',
      simpleName: '庞各庄合作社',
      licenseNumber: '91110108551385082Q',
      legalPerson: '',
      registerAddress: '',
      businessTerm: '',
      businessScope: '',
      contactName: '',
      contactPhone: '010-12345678',
      address: '北京市大兴区庞各庄镇',
      website: 'javascript:alert(1)',
      introduction: '<script>alert(1)</script>合作社简介',
      logo: IMAGE('logo'),
      license: null,
    },
    ...overrides,
  };
}

const NOTHING = { product: null, batch: null, grower: null, company: null, scanCount: 0, firstScanAt: null, firstScanPlace: '', firstScanPlaceEn: '' };

/** Each verdict as the server answers it, and what the banner must say in each language. */
const CASES: Array<{ verdict: ScanVerdictValue; result: ScanCheckResult; zh: RegExp[]; en: RegExp[] }> = [
  { verdict: 'GENUINE', result: answer(), zh: [/正品 · 首次查询/, /请放心/], en: [/Genuine · first check/] },
  {
    verdict: 'REPEATED',
    result: answer({ verdict: 'REPEATED', scanCount: 3 }),
    zh: [/该码已被查询过/, /已被查询 3 次，首次查询于 2026-05-01 \d\d:03（江苏省南京市），谨防假冒/],
    en: [/checked before/, /Checked 3 times; first checked at 2026-05-01 \d\d:03 \(Jiangsu Nanjing\)\. Beware of counterfeits/],
  },
  { verdict: 'NOT_FOUND', result: answer({ verdict: 'NOT_FOUND', ...NOTHING }), zh: [/防伪码不存在/, /假冒风险/], en: [/Code not found/, /counterfeit risk/] },
  { verdict: 'NOT_ACTIVATED', result: answer({ verdict: 'NOT_ACTIVATED', ...NOTHING }), zh: [/尚未激活/, /联系生产厂家/], en: [/not activated/, /contact the manufacturer/] },
  { verdict: 'VOIDED', result: answer({ verdict: 'VOIDED', ...NOTHING }), zh: [/已作废/], en: [/Code voided/] },
  {
    verdict: 'SECURITY_CODE_MISMATCH',
    result: answer({ verdict: 'SECURITY_CODE_MISMATCH', ...NOTHING }),
    zh: [/防伪验证码不正确/, /重新输入/],
    en: [/Wrong security code/, /enter them again/],
  },
  {
    verdict: 'CHECK_FAILED',
    result: answer({ verdict: 'CHECK_FAILED', code: 'XG0000ABCD13', ...NOTHING }),
    zh: [/标签码读取有误，请逐个字符核对后重试/, /并不表示产品是假冒的/],
    en: [/This code does not read correctly; check each character and try again/, /not a sign of a counterfeit/],
  },
];

/** The banner's look by verdict: the stylesheet's class of each tone. */
const TONES: Record<ScanVerdictValue, string> = {
  GENUINE: 'scan-verdict--ok',
  REPEATED: 'scan-verdict--warn',
  NOT_FOUND: 'scan-verdict--bad',
  NOT_ACTIVATED: 'scan-verdict--info',
  VOIDED: 'scan-verdict--bad',
  SECURITY_CODE_MISMATCH: 'scan-verdict--warn',
  CHECK_FAILED: 'scan-verdict--retype',
};

const RECALL = {
  level: 1 as const,
  reason: '<b>抽检发现农药残留超标</b>',
  instruction: '请停止食用，\n凭购买凭证到购买处退货。',
  contact: '010-12345678',
  startedAt: '2026-11-20T02:00:00.000Z',
};

beforeEach(() => {
  sessionStorage.clear();
  changeLanguage('zh_CN');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  act(() => changeLanguage('zh_CN'));
});

describe('verdict banner', () => {
  for (const { verdict, result, zh, en } of CASES) {
    it(`${verdict}: its banner and texts in Chinese and English`, () => {
      render(<ResultView result={result} />);
      const banner = screen.getByTestId('verdict-banner');
      expect(banner.getAttribute('data-verdict')).toBe(verdict);
      expect(banner.classList.contains(TONES[verdict])).toBe(true);
      for (const text of zh) expect(banner.textContent).toMatch(text);
      act(() => changeLanguage('en_US'));
      for (const text of en) expect(screen.getByTestId('verdict-banner').textContent).toMatch(text);
    });
  }

  it('REPEATED with the suspicious flag warns in both languages; an unknown place is named so', () => {
    render(<ResultView result={answer({ verdict: 'REPEATED', scanCount: 9, suspicious: true, firstScanPlace: '', firstScanPlaceEn: '' })} />);
    expect(screen.getByTestId('verdict-suspicious').textContent).toMatch(/可能为仿冒品/);
    expect(screen.getByTestId('verdict-detail').textContent).toMatch(/已被查询 9 次.*（未知地区）/);
    act(() => changeLanguage('en_US'));
    expect(screen.getByTestId('verdict-suspicious').textContent).toMatch(/may be a counterfeit/);
  });

  it('CHECK_FAILED: a calm banner with a way to type the code again, and nothing about a product or a counterfeit', () => {
    render(<ResultView result={answer({ verdict: 'CHECK_FAILED', code: 'XG0000ABCD13', ...NOTHING })} retype={<a href="/mobilePhone?code=XG0000ABCD13">again</a>} />);
    const banner = screen.getByTestId('verdict-banner');
    expect(banner.className).not.toMatch(/scan-verdict--(bad|warn)/);
    expect(banner.textContent).not.toMatch(/假冒风险|谨慎购买|谨防假冒/);
    expect(banner.querySelector('a')?.getAttribute('href')).toBe('/mobilePhone?code=XG0000ABCD13');
    for (const part of ['scan-product', 'scan-batch', 'scan-grower', 'scan-company', 'scan-trace', 'scan-expired', 'recall-banner']) expect(screen.queryByTestId(part)).toBeNull();
    act(() => changeLanguage('en_US'));
    expect(screen.getByTestId('verdict-banner').textContent).not.toMatch(/counterfeit risk|Beware|Buy with care/);
  });

  it('the way to type again is offered for a typing mistake only', () => {
    render(<ResultView result={answer({ verdict: 'NOT_FOUND', ...NOTHING })} retype={<a href="/mobilePhone">again</a>} />);
    expect(screen.getByTestId('verdict-banner').querySelector('a')).toBeNull();
  });

  it('an expired batch: a warning right under the verdict, with the date as each language writes it', () => {
    render(<ResultView result={answer({ verdict: 'REPEATED', scanCount: 2, expiredOn: '2026-06-20' })} />);
    const expired = screen.getByTestId('scan-expired');
    expect(expired.textContent).toBe('已于 2026年6月20日 过期');
    // Right after the banner: read before anything about the product.
    expect(screen.getByTestId('verdict-banner').nextElementSibling).toBe(expired);
    act(() => changeLanguage('en_US'));
    expect(screen.getByTestId('scan-expired').textContent).toBe('Expired on June 20, 2026');
  });

  it('no expiry warning when the answer has none (or comes from an older page kept in this tab)', () => {
    const kept = answer();
    delete (kept as Partial<ScanCheckResult>).expiredOn;
    delete (kept as Partial<ScanCheckResult>).recall;
    render(<ResultView result={kept} />);
    expect(screen.queryByTestId('scan-expired')).toBeNull();
    expect(screen.queryByTestId('recall-banner')).toBeNull();
    expect(screen.getByTestId('verdict-banner').getAttribute('data-verdict')).toBe('GENUINE');
  });

  it('a recall: a red banner above the verdict with its level, reason, instruction and contact, as text', () => {
    const { container } = render(<ResultView result={answer({ recall: RECALL, expiredOn: '2026-06-20' })} />);
    const recall = screen.getByTestId('recall-banner');
    expect(recall.getAttribute('role')).toBe('alert');
    // Above the verdict, which stays the verdict it is.
    expect(container.querySelector('.scan-result')?.firstElementChild).toBe(recall);
    expect(recall.nextElementSibling).toBe(screen.getByTestId('verdict-banner'));
    expect(screen.getByTestId('recall-level').textContent).toBe('一级召回');
    expect(recall.textContent).toContain('该产品正在召回');
    expect(screen.getByTestId('recall-reason').textContent).toBe('召回原因<b>抽检发现农药残留超标</b>');
    expect(recall.querySelector('b')).toBeNull();
    expect(screen.getByTestId('recall-instruction').textContent).toBe('处理方式请停止食用，\n凭购买凭证到购买处退货。');
    expect(screen.getByTestId('recall-contact').textContent).toBe('联系方式010-12345678');
    expect(screen.getByTestId('recall-since').textContent).toBe('召回日期2026年11月20日');
    act(() => changeLanguage('en_US'));
    expect(screen.getByTestId('recall-level').textContent).toBe('Class I recall');
    expect(screen.getByTestId('recall-reason').textContent).toBe('Reason<b>抽检发现农药残留超标</b>');
    expect(screen.getByTestId('recall-instruction').textContent).toMatch(/^What to do/);
    expect(screen.getByTestId('recall-contact').textContent).toBe('Contact010-12345678');
    expect(screen.getByTestId('recall-since').textContent).toBe('Recalled sinceNovember 20, 2026');
  });

  it('names each recall level in both languages', () => {
    for (const [level, zh, en] of [
      [2, '二级召回', 'Class II recall'],
      [3, '三级召回', 'Class III recall'],
    ] as const) {
      const view = render(<ResultView result={answer({ recall: { ...RECALL, level } })} />);
      expect(screen.getByTestId('recall-level').textContent).toBe(zh);
      act(() => changeLanguage('en_US'));
      expect(screen.getByTestId('recall-level').textContent).toBe(en);
      act(() => changeLanguage('zh_CN'));
      view.unmount();
    }
  });

  it('no product, batch, grower or company is shown for an unknown code', () => {
    render(<ResultView result={answer({ verdict: 'NOT_FOUND', ...NOTHING })} />);
    expect(screen.queryByTestId('scan-product')).toBeNull();
    expect(screen.queryByTestId('scan-company')).toBeNull();
  });
});

/** The drawn icon: its SVG paths. */
const iconPaths = (banner: Element) => [...banner.querySelectorAll('.scan-verdict__icon path')].map((p) => p.getAttribute('d')).join(' ');
/** Words that tell a consumer to go ahead with the item. */
const REASSURING = /放心|with confidence|enjoy/i;

describe('a genuine item under a recall or past its expiry', () => {
  /** The plain GENUINE banner's icon: the check mark. */
  function checkMark(): string {
    const view = render(<ResultView result={answer()} />);
    const paths = iconPaths(screen.getByTestId('verdict-banner'));
    view.unmount();
    expect(paths).not.toBe('');
    return paths;
  }

  const CAUTIONED: Array<{ name: string; result: ScanCheckResult; tone: string; zh: [string, string]; en: [string, string] }> = [
    ...([1, 2] as const).map((level) => ({
      name: `class ${level === 1 ? 'I' : 'II'} recall`,
      result: answer({ recall: { ...RECALL, level } }),
      tone: 'scan-verdict--recall',
      zh: ['正品 · 该产品正在召回', '防伪码验证为正品，但该产品正在召回：请立即停止使用，并按上方召回说明处理。'] as [string, string],
      en: ['Genuine · under recall', 'This product is genuine, but it is being recalled. Stop using it now and follow the recall instructions above.'] as [string, string],
    })),
    {
      name: 'class III recall',
      result: answer({ recall: { ...RECALL, level: 3 } }),
      tone: 'scan-verdict--recall',
      zh: ['正品 · 该产品正在召回', '防伪码验证为正品，但该产品正在召回：请按上方召回说明处理。'],
      en: ['Genuine · under recall', 'This product is genuine, but it is being recalled. Follow the recall instructions above.'],
    },
    {
      name: 'expired batch',
      result: answer({ expiredOn: '2026-05-20' }),
      tone: 'scan-verdict--warn',
      zh: ['正品 · 已过期', '防伪码验证为正品，但该产品已过有效期：请勿食用或使用。'],
      en: ['Genuine · expired', 'This product is genuine, but it is past its expiry date. Do not consume or use it.'],
    },
    {
      // the recall says what to do; the expiry is still said under the banner
      name: 'class II recall of an expired batch',
      result: answer({ recall: { ...RECALL, level: 2 }, expiredOn: '2026-05-20' }),
      tone: 'scan-verdict--recall',
      zh: ['正品 · 该产品正在召回', '防伪码验证为正品，但该产品正在召回：请立即停止使用，并按上方召回说明处理。'],
      en: ['Genuine · under recall', 'This product is genuine, but it is being recalled. Stop using it now and follow the recall instructions above.'],
    },
  ];

  for (const { name, result, tone, zh, en } of CAUTIONED) {
    it(`${name}: genuine, in the caution's colour and icon, with what to do and nothing reassuring, in both languages`, () => {
      const check = checkMark();
      render(<ResultView result={result} />);
      const banner = screen.getByTestId('verdict-banner');
      expect(banner.getAttribute('data-verdict')).toBe('GENUINE');
      expect(banner.classList.contains(tone)).toBe(true);
      expect(banner.classList.contains('scan-verdict--ok')).toBe(false);
      expect(iconPaths(banner)).not.toBe('');
      expect(iconPaths(banner)).not.toBe(check);
      expect([screen.getByTestId('verdict-title').textContent, screen.getByTestId('verdict-detail').textContent]).toEqual(zh);
      expect(banner.textContent).not.toMatch(REASSURING);
      act(() => changeLanguage('en_US'));
      expect([screen.getByTestId('verdict-title').textContent, screen.getByTestId('verdict-detail').textContent]).toEqual(en);
      expect(screen.getByTestId('verdict-banner').textContent).not.toMatch(REASSURING);
      // the recall's card stays above the banner, the expiry under it
      if (result.recall) expect(screen.getByTestId('recall-banner').nextElementSibling).toBe(screen.getByTestId('verdict-banner'));
      if (result.expiredOn) expect(screen.getByTestId('verdict-banner').nextElementSibling).toBe(screen.getByTestId('scan-expired'));
    });
  }

  it('REPEATED (and suspicious) under a recall or past its expiry: its own amber warning, nothing reassuring', () => {
    for (const overrides of [{ recall: RECALL }, { expiredOn: '2026-05-20' }, { recall: { ...RECALL, level: 3 as const }, expiredOn: '2026-05-20' }]) {
      const view = render(<ResultView result={answer({ verdict: 'REPEATED', scanCount: 9, suspicious: true, ...overrides })} />);
      const banner = screen.getByTestId('verdict-banner');
      expect(banner.classList.contains('scan-verdict--warn')).toBe(true);
      expect(screen.getByTestId('verdict-title').textContent).toBe('该码已被查询过');
      expect(screen.getByTestId('verdict-detail').textContent).toMatch(/^已被查询 9 次，首次查询于 .*谨防假冒。$/);
      expect(screen.getByTestId('verdict-suspicious').textContent).toMatch(/可能为仿冒品/);
      expect(banner.textContent).not.toMatch(REASSURING);
      act(() => changeLanguage('en_US'));
      expect(screen.getByTestId('verdict-banner').textContent).not.toMatch(REASSURING);
      act(() => changeLanguage('zh_CN'));
      view.unmount();
    }
  });

  it('a code not in force under a recall keeps its own verdict', () => {
    render(<ResultView result={answer({ verdict: 'VOIDED', ...NOTHING, recall: RECALL })} />);
    expect(screen.getByTestId('verdict-banner').classList.contains('scan-verdict--bad')).toBe(true);
    expect(screen.getByTestId('verdict-title').textContent).toBe('该码已作废');
  });
});

describe('verdictFacts', () => {
  /** Keys with their values, to see what was asked for. */
  const t = (key: string, values?: Record<string, string | number>) => (values ? `${key} ${JSON.stringify(values)}` : key);
  const facts = (overrides: Partial<ScanCheckResult> = {}): BannerFacts => answer(overrides);

  it('a caution comes from the recall first, then the expiry; an answer kept from an older page has none', () => {
    expect(cautionOf(facts())).toBeNull();
    expect(cautionOf(facts({ expiredOn: '2026-05-20' }))).toBe('expired');
    expect(cautionOf(facts({ recall: RECALL }))).toBe('recall');
    expect(cautionOf(facts({ recall: RECALL, expiredOn: '2026-05-20' }))).toBe('recall');
    const kept = facts();
    delete (kept as Partial<BannerFacts>).recall;
    delete (kept as Partial<BannerFacts>).expiredOn;
    expect(cautionOf(kept)).toBeNull();
    expect(toneOf(kept)).toBe('ok');
  });

  it('GENUINE: green with the check mark only when nothing cautions against it', () => {
    const plain = facts();
    expect([toneOf(plain), titleText(plain, t), detailText(plain, t, 'zh_CN')]).toEqual(['ok', 'scan.verdict.GENUINE', 'scan.verdict.GENUINE_detail']);
    const recalled = facts({ recall: RECALL });
    expect([toneOf(recalled), titleText(recalled, t), detailText(recalled, t, 'zh_CN')]).toEqual(['recall', 'scan.verdict.GENUINE_recall', 'scan.verdict.GENUINE_recall_detail']);
    const mild = facts({ recall: { ...RECALL, level: 3 } });
    expect([toneOf(mild), titleText(mild, t), detailText(mild, t, 'zh_CN')]).toEqual(['recall', 'scan.verdict.GENUINE_recall', 'scan.verdict.GENUINE_recallLevel3_detail']);
    const expired = facts({ expiredOn: '2026-05-20' });
    expect([toneOf(expired), titleText(expired, t), detailText(expired, t, 'zh_CN')]).toEqual(['warn', 'scan.verdict.GENUINE_expired', 'scan.verdict.GENUINE_expired_detail']);
    const icons = new Set([iconOf(plain), iconOf(recalled), iconOf(expired)]);
    expect(icons.size).toBe(3);
    expect(iconOf(mild)).toBe(iconOf(recalled));
  });

  it('the other verdicts are told as they are, whatever the recall or expiry', () => {
    for (const verdict of ['REPEATED', 'NOT_FOUND', 'NOT_ACTIVATED', 'VOIDED', 'SECURITY_CODE_MISMATCH', 'CHECK_FAILED'] as const) {
      const plain = facts({ verdict });
      for (const cautious of [facts({ verdict, recall: RECALL }), facts({ verdict, expiredOn: '2026-05-20' })]) {
        expect(toneOf(cautious), verdict).toBe(toneOf(plain));
        expect(iconOf(cautious), verdict).toBe(iconOf(plain));
        expect(titleText(cautious, t), verdict).toBe(titleText(plain, t));
        expect(detailText(cautious, t, 'zh_CN'), verdict).toBe(detailText(plain, t, 'zh_CN'));
      }
    }
  });

  it('every text the banner may show is among the texts the document carries early, in both languages', () => {
    const keys = new Set<string>();
    const record = (key: string) => (keys.add(key), key);
    for (const result of [facts(), facts({ recall: RECALL }), facts({ recall: { ...RECALL, level: 3 } }), facts({ expiredOn: '2026-05-20' })]) {
      titleText(result, record);
      detailText(result, record, 'zh_CN');
    }
    for (const messages of [{ scan: scanZh }, { scan: scanEn }]) {
      const early = pickEarlyTexts(messages);
      for (const key of keys) expect(early[key], key).toEqual(expect.any(String));
    }
  });
});

describe('result sections', () => {
  it('shows product, attributes in the page language, batch records oldest first, grower and company', () => {
    render(<ResultView result={answer()} />);
    expect(screen.getByTestId('product-name').textContent).toContain('庞各庄 8424 西瓜');
    expect(screen.getByTestId('product-attr-sweet').textContent).toBe('甜度12.5');
    expect(screen.getByTestId('batch-no').textContent).toContain('B20260501');
    const records = screen.getAllByTestId('farming-record').map((r) => r.textContent);
    expect(records[0]).toMatch(/^播种2026-02-01/);
    expect(records[1]).toMatch(/^采摘2026-04-30/);
    expect(screen.getByTestId('grower-name').textContent).toContain('王五');
    expect(screen.getByTestId('scan-grower').textContent).toContain('138****5678');
    expect(screen.getByTestId('company-name').textContent).toContain('庞各庄西瓜专业合作社');
    expect(screen.getByTestId('scan-inspection').textContent).toContain('农残检测报告');
    act(() => changeLanguage('en_US'));
    expect(screen.getByTestId('product-attr-sweet').textContent).toBe('Sweetness12.5');
    expect(screen.getAllByTestId('farming-record')[0]!.textContent).toMatch(/^Sowing/);
  });

  it('renders what the manufacturer wrote as text, never as markup, and links only http(s) websites', () => {
    const { container } = render(<ResultView result={answer()} />);
    expect(screen.getByTestId('product-attr-story').textContent).toContain('<img src=x onerror=alert(1)>好瓜');
    expect(screen.getByTestId('scan-company').textContent).toContain('<script>alert(1)</script>合作社简介');
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img[src="x"]')).toBeNull();
    expect([...container.querySelectorAll('a')].some((a) => a.getAttribute('href')?.startsWith('javascript:'))).toBe(false);
    expect(container.querySelector('a[href^="tel:"]')?.getAttribute('href')).toBe('tel:01012345678');
  });

  it('opens pictures in the image viewer at the tapped one, turns to the next and closes', () => {
    render(
      <>
        <ResultView result={answer()} />
        <Lightbox />
      </>,
    );
    const slides = screen.getByTestId('scan-carousel').querySelectorAll<HTMLElement>('[data-testid="scan-image"]');
    expect(slides).toHaveLength(2);
    expect(screen.queryByTestId('image-viewer-image')).toBeNull();
    fireEvent.click(slides[1]!);
    const viewer = screen.getByTestId('image-viewer');
    expect(viewer.hasAttribute('open')).toBe(true);
    expect(screen.getByTestId('image-viewer-image').getAttribute('src')).toContain('/securityCode/image/p2');
    expect(viewer.textContent).toContain('2 / 2');
    fireEvent.click(screen.getByRole('button', { name: '下一张' }));
    expect(screen.getByTestId('image-viewer-image').getAttribute('src')).toContain('/securityCode/image/p1');
    fireEvent.click(screen.getByRole('button', { name: '关闭' }));
    expect(screen.queryByTestId('image-viewer-image')).toBeNull();
    expect(viewer.hasAttribute('open')).toBe(false);
  });
});

describe('checking a code', { timeout: 20_000 }, () => {
  it('checks once, keeps the verdict for this tab, and shows it again without counting after a reload', async () => {
    // The browser's geolocation (jsdom has none): answers a fixed position at once.
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: { getCurrentPosition: (ok: PositionCallback) => ok({ coords: { latitude: 39.6, longitude: 116.3 } } as GeolocationPosition) },
    });
    const calls = mockFetch((call) => {
      if (call.url.endsWith('/securityCode/check')) return envelope(answer({ scanToken: 'tok' }));
      if (call.url.endsWith('/scanCodeRecord/add')) return envelope({ outcome: 'ATTACHED' });
      return undefined;
    });
    const first = render(<CodeCheck code=" xg0000abcd12 " />);
    await waitFor(() => expect(screen.getByTestId('verdict-banner').getAttribute('data-verdict')).toBe('GENUINE'));
    expect(scanCalls(calls)).toHaveLength(1);
    expect(scanCalls(calls)[0]!.params).toMatchObject({ code: 'XG0000ABCD12' });
    // The position is asked for politely, after the verdict, and sent with the check's one-time token.
    fireEvent.click(screen.getByTestId('geo-allow'));
    await waitFor(() => expect(screen.getByTestId('geo-outcome').textContent).toMatch(/已记录位置/));
    expect(scanCalls(calls)).toHaveLength(2);
    expect(scanCalls(calls)[1]!.params).toMatchObject({ scanToken: 'tok', lat: 39.6, lng: 116.3 });
    first.unmount();

    render(<CodeCheck code="XG0000ABCD12" />);
    expect(screen.getByTestId('verdict-banner').getAttribute('data-verdict')).toBe('GENUINE');
    expect(screen.getByTestId('scan-restored')).toBeTruthy();
    // Not counted again, and the used token is not offered again.
    expect(scanCalls(calls)).toHaveLength(2);
    expect(screen.queryByTestId('geo-prompt')).toBeNull();
  });

  it('asks for the scratch-off digits when the answer needs them, then shows the verdict; a wrong one shows the mismatch', async () => {
    const needs = answer({ verdict: 'SECURITY_CODE_MISMATCH', needsHiddenCode: true, hiddenCodeLength: 6, ...NOTHING });
    const calls = mockFetch((call) => {
      const hidden = call.params.hiddenCode;
      if (hidden === '123456') return envelope(answer());
      return envelope(needs);
    });
    render(<CodeCheck code="XG0000ABCD12" />);
    await screen.findByTestId('hidden-code-form');
    // The first answer only asks; it is not presented as a failure.
    expect(screen.queryByTestId('verdict-banner')).toBeNull();

    fireEvent.change(screen.getByTestId('hidden-code-input'), { target: { value: '000000' } });
    fireEvent.click(screen.getByTestId('hidden-code-submit'));
    await waitFor(() => expect(screen.getByTestId('verdict-banner').getAttribute('data-verdict')).toBe('SECURITY_CODE_MISMATCH'));
    expect(screen.getByTestId('hidden-code-form')).toBeTruthy();

    fireEvent.change(screen.getByTestId('hidden-code-input'), { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('hidden-code-submit'));
    await waitFor(() => expect(screen.getByTestId('verdict-banner').getAttribute('data-verdict')).toBe('GENUINE'));
    expect(scanCalls(calls).map((c) => c.params.hiddenCode)).toEqual([undefined, '000000', '123456']);
    // the trace of a code with a hidden code is asked for with the digits that proved it
    await waitFor(() => expect(calls.filter((c) => c.url.endsWith('/securityCode/queryTrace')).map((c) => c.params.hiddenCode)).toEqual(['123456']));
  });

  it('shows a failure in place; the check is not sent again until the visitor asks', async () => {
    let answers = 0;
    const calls = mockFetch(() => (answers++ === 0 ? { status: 200, data: { code: 'TOO_MANY_REQUESTS', msg: '请求过于频繁', data: null } } : envelope(answer())));
    render(<CodeCheck code="XG0000ABCD12" />);
    expect((await screen.findByTestId('scan-failed')).textContent).toContain('请求过于频繁');
    // A check counts a scan: it is never retried by itself.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(scanCalls(calls)).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    await waitFor(() => expect(screen.getByTestId('verdict-banner').getAttribute('data-verdict')).toBe('GENUINE'));
    expect(scanCalls(calls)).toHaveLength(2);
  });

  it('shows the product’s journey from the trace after a genuine verdict, and nothing when there is none', async () => {
    const calls = mockFetch((call) => {
      if (call.url.endsWith('/securityCode/check')) return envelope(answer());
      if (call.url.endsWith('/securityCode/queryTrace')) {
        return envelope({
          steps: [
            { step: 'MADE', at: '2026-11-01T02:00:00.000Z', lot: 'B-2026-11' },
            { step: 'SHIPPED', at: '2026-11-03T02:00:00.000Z', region: '浙江 杭州市', dealer: '杭州鲜果行' },
          ],
        });
      }
      return undefined;
    });
    render(<CodeCheck code="XG0000ABCD12" />);
    const trace = await screen.findByTestId('scan-trace');
    expect(trace.textContent).toContain('流通轨迹');
    expect(trace.textContent).toContain('生产 · 批次 B-2026-11');
    expect(trace.textContent).toContain('发往 浙江 杭州市 · 杭州鲜果行');
    expect(calls.find((c) => c.url.endsWith('/securityCode/queryTrace'))?.params).toMatchObject({ code: 'XG0000ABCD12' });
  });

  it('CHECK_FAILED from the server: the banner links to the manual entry with the code, and asks for no position', async () => {
    Object.defineProperty(navigator, 'geolocation', { configurable: true, value: { getCurrentPosition: () => undefined } });
    const calls = mockFetch(() => envelope(answer({ verdict: 'CHECK_FAILED', code: 'XG0000ABCD13', scanToken: 'tok', ...NOTHING })));
    render(<CodeCheck code="xg0000abcd13" />);
    await waitFor(() => expect(screen.getByTestId('verdict-banner').getAttribute('data-verdict')).toBe('CHECK_FAILED'));
    expect(screen.getByTestId('verdict-retype').getAttribute('href')).toBe('/mobilePhone?code=XG0000ABCD13');
    expect(screen.getByTestId('verdict-retype').textContent).toBe('重新输入');
    expect(screen.queryByTestId('geo-prompt')).toBeNull();
    // a typing mistake has no journey to show
    expect(calls.map((c) => c.url)).toEqual(['/acc/api/securityCode/check']);
  });

  it('keeps the verdict under the code as asked, when the server read it differently (a reload counts nothing)', async () => {
    const calls = mockFetch((call) => (call.url.endsWith('/securityCode/check') ? envelope(answer({ code: 'XG0000ABCD12' })) : undefined));
    const first = render(<CodeCheck code="xg00-00abcd12" />);
    await waitFor(() => expect(screen.getByTestId('verdict-banner').getAttribute('data-verdict')).toBe('GENUINE'));
    first.unmount();
    render(<CodeCheck code="XG00-00ABCD12" />);
    expect(screen.getByTestId('scan-restored')).toBeTruthy();
    expect(scanCalls(calls)).toHaveLength(1);
  });

  it('offline: says the network failed, in place', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    render(<CodeCheck code="XG0000ABCD12" />);
    expect((await screen.findByTestId('scan-failed')).textContent).toMatch(/网络|超时/);
  });
});

/** The early texts as the build puts them into the document. */
const EARLY_T = {
  zh_CN: earlyTranslate(pickEarlyTexts({ scan: scanZh, header: headerZh, app: appZh })),
  en_US: earlyTranslate(pickEarlyTexts({ scan: scanEn, header: headerEn, app: appEn })),
};

/** Markup with each element's attributes in name order: two renderers' output compared as the browser holds it. */
function markup(node: Node): string {
  if (node.nodeType !== Node.ELEMENT_NODE) return node.textContent ?? '';
  const element = node as Element;
  const tag = element.tagName.toLowerCase();
  const attributes = [...element.attributes].map((a) => ` ${a.name}="${a.value}"`).sort().join('');
  return `<${tag}${attributes}>${[...element.childNodes].map(markup).join('')}</${tag}>`;
}

/** The consumer document's root, where the inline script draws and React then renders. */
function documentRoot(): HTMLElement {
  const root = document.createElement('div');
  root.id = 'root';
  document.body.append(root);
  return root;
}

/** The scan page's address for `code`, as a label's QR code opens it. */
function openScanPage(code: string) {
  window.history.replaceState(null, '', `/antiCounterfeiting?code=${encodeURIComponent(code)}`);
}

describe('the verdict drawn by the document before the page starts', { timeout: 20_000 }, () => {
  /** Positions the browser was asked for. */
  let positionsAsked = 0;
  beforeEach(() => {
    positionsAsked = 0;
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: {
        getCurrentPosition: (ok: PositionCallback) => {
          positionsAsked++;
          ok({ coords: { latitude: 39.6, longitude: 116.3 } } as GeolocationPosition);
        },
      },
    });
  });
  afterEach(() => {
    document.getElementById('root')?.remove();
    window.history.replaceState(null, '', '/');
  });

  const DRAWN: Array<{ name: string; result: ScanCheckResult }> = [
    ...CASES.filter((c) => c.verdict !== 'SECURITY_CODE_MISMATCH').map((c) => ({ name: c.verdict, result: c.result })),
    { name: 'REPEATED, suspicious, first place unknown', result: answer({ verdict: 'REPEATED', scanCount: 9, suspicious: true, firstScanPlace: '', firstScanPlaceEn: '' }) },
    { name: 'GENUINE of a recalled, expired batch', result: answer({ recall: RECALL, expiredOn: '2026-05-20' }) },
    { name: 'GENUINE, class II recall', result: answer({ recall: { ...RECALL, level: 2 } }) },
    { name: 'GENUINE of an expired batch', result: answer({ expiredOn: '2026-05-20' }) },
    { name: 'REPEATED, suspicious, of a recalled batch', result: answer({ verdict: 'REPEATED', scanCount: 9, suspicious: true, recall: RECALL }) },
    { name: 'REPEATED of an expired batch', result: answer({ verdict: 'REPEATED', scanCount: 2, expiredOn: '2026-05-20' }) },
    { name: 'recall with only a reason, level 3', result: answer({ recall: { ...RECALL, level: 3, instruction: ' ', contact: '', startedAt: '' } }) },
    { name: 'GENUINE asking for the position', result: answer({ scanToken: 'tok' }) },
    { name: 'CHECK_FAILED with a token, which asks nothing', result: answer({ verdict: 'CHECK_FAILED', scanToken: 'tok', ...NOTHING }) },
  ];
  for (const lang of ['zh_CN', 'en_US'] as const) {
    DRAWN.forEach(({ name, result }, index) => {
      it(`${lang}, ${name}: the markup React draws, drawn first, then replaced by React's own; one check`, async () => {
        act(() => changeLanguage(lang));
        // A code of its own per case: the page keeps the answers it started from.
        const code = `${result.code}${lang === 'en_US' ? 'E' : 'Z'}${index}`;
        const asked = { ...result, code };
        const calls = mockFetch((call) => (call.url.endsWith('/securityCode/check') ? envelope(asked) : call.url.endsWith('/queryTrace') ? envelope([]) : undefined));
        openScanPage(code);
        const root = documentRoot();
        // As the document arrives: neither language nor title set by the page yet.
        document.documentElement.lang = '';
        document.title = '';
        startEarlyCheck(window.location, (into, answered, onGeoTap) => paintEarlyVerdict(into, answered, EARLY_T[lang], lang, onGeoTap));
        await waitFor(() => expect(root.querySelector('[data-testid="verdict-banner"]')).not.toBeNull());
        const drawnBanner = root.querySelector('[data-testid="verdict-banner"]')!;
        const drawn = root.cloneNode(true) as HTMLElement;
        expect(drawnBanner.getAttribute('data-verdict')).toBe(result.verdict);
        // The document's language and title, as the page sets them.
        expect(document.documentElement.lang).toBe(lang === 'en_US' ? 'en' : 'zh-CN');
        expect(document.title).toBe(lang === 'en_US' ? 'Authenticity check - Product Traceability Portal' : '防伪查询 - 产品追溯防伪平台');

        render(<ConsumerApp />, { container: root });
        // React's own elements now, not the drawn ones, and the same markup for everything drawn.
        expect(drawnBanner.isConnected).toBe(false);
        expect(markup(root.querySelector('header')!)).toBe(markup(drawn.querySelector('header')!));
        const drawnParts = [...drawn.querySelector('[data-testid="scan-result"]')!.children];
        const reactParts = [...root.querySelector('[data-testid="scan-result"]')!.children].slice(0, drawnParts.length);
        expect(reactParts.map(markup)).toEqual(drawnParts.map(markup));
        // The rest of the answer follows in the same view, from the same one check.
        if (result.product) expect(screen.getByTestId('product-name').textContent).toContain(result.product.name);
        expect(scanCalls(calls)).toHaveLength(1);
        // Kept for a reload, as any answer is.
        expect(JSON.parse(sessionStorage.getItem(`rd-scan-verdict:${code}`) ?? 'null')).toMatchObject({ code, verdict: result.verdict });
      });
    });
  }

  for (const tap of ['allow', 'deny'] as const) {
    it(`a tap on “${tap}” of the drawn position prompt is answered when the page starts`, async () => {
      const calls = mockFetch((call) => {
        if (call.url.endsWith('/securityCode/check')) return envelope(answer({ code: `XG0000ABCD3${tap.length}`, scanToken: 'tok' }));
        if (call.url.endsWith('/scanCodeRecord/add')) return envelope({ outcome: 'ATTACHED' });
        return call.url.endsWith('/queryTrace') ? envelope([]) : undefined;
      });
      openScanPage(`XG0000ABCD3${tap.length}`);
      const root = documentRoot();
      startEarlyCheck(window.location, (into, answered, onGeoTap) => paintEarlyVerdict(into, answered, EARLY_T.zh_CN, 'zh_CN', onGeoTap));
      await waitFor(() => expect(root.querySelector('[data-testid="geo-prompt"]')).not.toBeNull());
      fireEvent.click(root.querySelector(`[data-testid="geo-${tap}"]`)!);
      // Nothing is sent before the page starts; a "no" takes the prompt away at once.
      expect(positionsAsked).toBe(0);
      expect(root.querySelector('[data-testid="geo-prompt"]') === null).toBe(tap === 'deny');
      render(<ConsumerApp />, { container: root });
      if (tap === 'allow') {
        await waitFor(() => expect(screen.getByTestId('geo-outcome').textContent).toMatch(/已记录位置/));
        expect(positionsAsked).toBe(1);
        expect(scanCalls(calls).map((c) => c.url)).toEqual(['/acc/api/securityCode/check', '/acc/api/scanCodeRecord/add']);
        expect(scanCalls(calls)[1]!.params).toMatchObject({ scanToken: 'tok', lat: 39.6, lng: 116.3 });
      } else {
        await screen.findByTestId('scan-product');
        expect(screen.queryByTestId('geo-prompt')).toBeNull();
        expect(positionsAsked).toBe(0);
        expect(scanCalls(calls)).toHaveLength(1);
      }
    });
  }

  it('when React starts before the answer, nothing is drawn over it: the page shows the answer of the one check', async () => {
    let answerNow: () => void = () => undefined;
    const arrived = new Promise<void>((resolve) => (answerNow = resolve));
    const calls = mockFetch((call) => (call.url.endsWith('/securityCode/check') ? envelope(answer({ code: 'XG0000ABCD20' })) : undefined));
    const sent = globalThis.fetch;
    vi.stubGlobal('fetch', (input: string, init?: RequestInit) => arrived.then(() => sent(input, init)));
    openScanPage('XG0000ABCD20');
    const root = documentRoot();
    const paint = vi.fn((into: HTMLElement, answered: ScanCheckResult) => paintEarlyVerdict(into, answered, EARLY_T.zh_CN, 'zh_CN'));
    startEarlyCheck(window.location, paint);
    render(<ConsumerApp />, { container: root });
    expect(screen.getByTestId('scan-checking')).toBeTruthy();
    answerNow();
    await waitFor(() => expect(screen.getByTestId('verdict-banner').getAttribute('data-verdict')).toBe('GENUINE'));
    expect(paint).not.toHaveBeenCalled();
    expect(scanCalls(calls)).toHaveLength(1);
  });

  it('leaves a request for the scratch-off digits and a refusal to the page', async () => {
    const paint = vi.fn();
    for (const data of [
      envelope(answer({ code: 'XG0000ABCD21', verdict: 'SECURITY_CODE_MISMATCH', needsHiddenCode: true, hiddenCodeLength: 6, ...NOTHING })),
      { status: 400, data: { code: 'PARAM_CHECK', msg: '参数错误', data: null, errors: [{ field: 'code', message: '过长' }] } },
    ]) {
      const calls = mockFetch((call) => (call.url.endsWith('/securityCode/check') ? data : undefined));
      openScanPage('XG0000ABCD21');
      const root = documentRoot();
      startEarlyCheck(window.location, paint);
      await waitFor(() => expect(calls).toHaveLength(1));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(root.hasChildNodes()).toBe(false);
      render(<ConsumerApp />, { container: root });
      await waitFor(() => expect(screen.queryByTestId('hidden-code-form') ?? screen.queryByTestId('scan-failed')).not.toBeNull());
      expect(scanCalls(calls)).toHaveLength(1);
      cleanup();
      root.remove();
    }
    expect(paint).not.toHaveBeenCalled();
  });
});
