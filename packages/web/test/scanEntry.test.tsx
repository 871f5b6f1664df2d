import './support/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ScanCheckResult } from '@rd/contract';
import { initConsumerI18n } from '../src/public/i18n';
import MobilePhone from '../src/public/pages/MobilePhone';
import { envelope, mockFetch } from './support/mockFetch';

initConsumerI18n('zh_CN');

const NOT_ACTIVATED: ScanCheckResult = {
  verdict: 'NOT_ACTIVATED',
  code: 'XG0000ABCD12',
  needsHiddenCode: false,
  hiddenCodeLength: 0,
  scanCount: 0,
  firstScanAt: null,
  firstScanPlace: '',
  suspicious: false,
  repeatThreshold: 0,
  scanToken: null,
  product: null,
  batch: null,
  grower: null,
  company: null,
};

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage() {
  render(<MobilePhone />);
}

describe('/mobilePhone', () => {
  it('checks what is typed before asking: a code is required, letters, digits and dashes only; hidden codes are digits', async () => {
    const calls = mockFetch(() => undefined);
    renderPage();
    fireEvent.click(screen.getByTestId('entry-submit'));
    expect(await screen.findByText('请输入防伪码')).toBeTruthy();
    fireEvent.change(screen.getByTestId('entry-code'), { target: { value: 'XG<script>' } });
    fireEvent.change(screen.getByTestId('entry-hidden-code'), { target: { value: '12ab' } });
    fireEvent.click(screen.getByTestId('entry-submit'));
    expect(await screen.findByText(/防伪码只能包含字母、数字和 -/)).toBeTruthy();
    expect(await screen.findByText(/验证码为数字/)).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('sends the code with its hidden code and shows the same result view, then offers another check', async () => {
    const calls = mockFetch(() => envelope(NOT_ACTIVATED));
    renderPage();
    fireEvent.change(screen.getByTestId('entry-code'), { target: { value: ' xg0000abcd12 ' } });
    fireEvent.change(screen.getByTestId('entry-hidden-code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('entry-submit'));
    await waitFor(() => expect(screen.getByTestId('verdict-banner').getAttribute('data-verdict')).toBe('NOT_ACTIVATED'));
    expect(calls[0]!.params).toMatchObject({ code: 'XG0000ABCD12', hiddenCode: '123456' });
    fireEvent.click(screen.getByTestId('entry-again'));
    expect(screen.getByTestId('code-entry-form')).toBeTruthy();
  });
});
