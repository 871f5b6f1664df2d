import './support/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { withCheckCharacter, type CodeShape, type ScanCheckResult } from '@rd/contract';
import { initConsumerI18n } from '../src/public/i18n';
import { switchConsumerLanguage as changeLanguage } from '../src/public/language';
import MobilePhone from '../src/public/pages/MobilePhone';
import { forgetTypingCheck, loadTypingCheck } from '../src/public/scan/codeShapes';
import { envelope, mockFetch, type FetchCall, type FetchRoute } from './support/mockFetch';

initConsumerI18n('zh_CN');

const NOT_ACTIVATED: ScanCheckResult = {
  verdict: 'NOT_ACTIVATED',
  code: 'XG0000ABCD12',
  needsHiddenCode: false,
  hiddenCodeLength: 0,
  scanCount: 0,
  firstScanAt: null,
  firstScanPlace: '',
  firstScanPlaceEn: '',
  suspicious: false,
  repeatThreshold: 0,
  scanToken: null,
  expiredOn: null,
  recall: null,
  product: null,
  batch: null,
  grower: null,
  company: null,
};

/** A rule's shape as the server lists it, a code of it and the same code with its check character mistyped. */
const SHAPE: CodeShape = { prefix: 'XG', bodyLength: 10, alphabet: 'CROCKFORD32', checkScheme: 'DAMM' };
const GOOD = withCheckCharacter(SHAPE, 'XG0000ABCD12');
const MISTYPED = GOOD.slice(0, -1) + (GOOD.endsWith('0') ? '1' : '0');
const SHAPES_PATH = '/acc/api/securityCode/codeShapes';
const MISREAD_ZH = '标签码读取有误，请逐个字符核对后重试';

const checks = (calls: FetchCall[]) => calls.filter((c) => c.url.endsWith('/securityCode/check'));

/** The server: the shapes in use, and `answer` for every check. */
function server(answer: ScanCheckResult = NOT_ACTIVATED, shapes: FetchRoute = () => envelope({ shapes: [SHAPE] })): FetchCall[] {
  return mockFetch((call) => {
    if (call.url === SHAPES_PATH) return shapes(call);
    if (call.url.endsWith('/securityCode/check')) return envelope(answer);
    return undefined;
  });
}

beforeEach(() => {
  sessionStorage.clear();
  forgetTypingCheck();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  act(() => changeLanguage('zh_CN'));
});

function renderPage(query = '') {
  render(<MobilePhone query={new URLSearchParams(query)} />);
}

function type(code: string, hidden = '') {
  fireEvent.change(screen.getByTestId('entry-code'), { target: { value: code } });
  fireEvent.change(screen.getByTestId('entry-hidden-code'), { target: { value: hidden } });
}

/** The page has its typing check (the shapes asked for once, right after it opened, and the code reading them). */
async function shapesIn(calls: FetchCall[]) {
  expect(calls.filter((c) => c.url === SHAPES_PATH)).toHaveLength(1);
  await act(() => loadTypingCheck().then(() => undefined, () => undefined));
}

describe('/mobilePhone', () => {
  it('checks what is typed before asking: a code is required, letters, digits and dashes only; hidden codes are digits', async () => {
    const calls = server();
    renderPage();
    fireEvent.click(screen.getByTestId('entry-submit'));
    expect(await screen.findByText('请输入防伪码')).toBeTruthy();
    type('XG<script>', '12ab');
    fireEvent.click(screen.getByTestId('entry-submit'));
    expect(await screen.findByText(/防伪码只能包含字母、数字和 -/)).toBeTruthy();
    expect(await screen.findByText(/验证码为数字/)).toBeTruthy();
    expect(checks(calls)).toHaveLength(0);
  });

  it('sends the code with its hidden code and shows the same result view, then offers another check', async () => {
    const calls = server();
    renderPage();
    type(' xg0000abcd12 ', '123456');
    fireEvent.click(screen.getByTestId('entry-submit'));
    await waitFor(() => expect(screen.getByTestId('verdict-banner').getAttribute('data-verdict')).toBe('NOT_ACTIVATED'));
    expect(checks(calls)[0]!.params).toMatchObject({ code: 'XG0000ABCD12', hiddenCode: '123456' });
    fireEvent.click(screen.getByTestId('entry-again'));
    expect(screen.getByTestId('code-entry-form')).toBeTruthy();
  });

  it('asks for the shapes of codes in use once, as the page opens, without holding anything up', async () => {
    const calls = server();
    renderPage();
    // The form is there before the answer.
    expect(screen.getByTestId('entry-code')).toBeTruthy();
    await shapesIn(calls);
    expect(calls.filter((c) => c.url === SHAPES_PATH)).toHaveLength(1);
    cleanup();
    renderPage();
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(calls.filter((c) => c.url === SHAPES_PATH)).toHaveLength(1);
  });

  it('a mistyped check character: says CHECK_FAILED under the field in both languages and sends nothing', async () => {
    const calls = server();
    renderPage();
    await shapesIn(calls);
    type(MISTYPED.toLowerCase());
    // Nothing is said while typing, before a first try.
    expect(screen.queryByText(MISREAD_ZH)).toBeNull();
    fireEvent.click(screen.getByTestId('entry-submit'));
    const message = await screen.findByText(MISREAD_ZH);
    expect(message.getAttribute('role')).toBe('alert');
    expect(screen.getByTestId('entry-code').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('entry-code').getAttribute('aria-describedby')).toBe(message.id);
    act(() => changeLanguage('en_US'));
    expect(screen.getByText('This code does not read correctly; check each character and try again')).toBeTruthy();
    expect(checks(calls)).toHaveLength(0);

    // Corrected, the message goes as it is typed, and the code is sent as typed (the server reads it too).
    type(`${GOOD.slice(0, 6)}-${GOOD.slice(6)}`.toLowerCase());
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByTestId('entry-submit'));
    await waitFor(() => expect(checks(calls)).toHaveLength(1));
    expect(checks(calls)[0]!.params.code).toBe(`${GOOD.slice(0, 6)}-${GOOD.slice(6)}`);
  });

  it('a code of no shape in use, and blanks between groups, go to the server as typed', async () => {
    const calls = server();
    renderPage();
    await shapesIn(calls);
    type('AB12 CD34');
    fireEvent.click(screen.getByTestId('entry-submit'));
    await waitFor(() => expect(checks(calls)).toHaveLength(1));
    expect(checks(calls)[0]!.params.code).toBe('AB12 CD34');
  });

  it('without the shapes (the call failed, or a shape this page cannot read) it sends, and the server decides', async () => {
    const failed = server(NOT_ACTIVATED, () => ({ status: 500, data: { code: '500', msg: 'boom', data: null } }));
    renderPage();
    await shapesIn(failed);
    type(MISTYPED);
    fireEvent.click(screen.getByTestId('entry-submit'));
    await waitFor(() => expect(checks(failed)).toHaveLength(1));
    expect(screen.queryByText(MISREAD_ZH)).toBeNull();

    cleanup();
    vi.unstubAllGlobals();
    sessionStorage.clear();
    forgetTypingCheck();
    const unknown = server(NOT_ACTIVATED, () => envelope({ shapes: [{ ...SHAPE, checkScheme: 'ISO7064_NEW' }, { prefix: 1 }] }));
    renderPage();
    await shapesIn(unknown);
    type(MISTYPED);
    fireEvent.click(screen.getByTestId('entry-submit'));
    await waitFor(() => expect(checks(unknown)).toHaveLength(1));
  });

  it('the server’s CHECK_FAILED links back here with the code in the field and its problem said at once', async () => {
    const calls = server({ ...NOT_ACTIVATED, verdict: 'CHECK_FAILED', code: MISTYPED });
    renderPage(`code=${MISTYPED}`);
    expect((screen.getByTestId('entry-code') as HTMLInputElement).value).toBe(MISTYPED);
    expect(document.activeElement).toBe(screen.getByTestId('entry-code'));
    expect(await screen.findByText(MISREAD_ZH)).toBeTruthy();
    // Corrected and checked, "check another code" starts with an empty field.
    type(GOOD);
    fireEvent.click(screen.getByTestId('entry-submit'));
    await waitFor(() => expect(screen.getByTestId('verdict-banner').getAttribute('data-verdict')).toBe('CHECK_FAILED'));
    expect(screen.getByTestId('verdict-retype').getAttribute('href')).toBe(`/mobilePhone?code=${MISTYPED}`);
    fireEvent.click(screen.getByTestId('entry-again'));
    expect((screen.getByTestId('entry-code') as HTMLInputElement).value).toBe('');
    expect(checks(calls)).toHaveLength(1);
  });
});
