import './support/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, render, screen } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18n from '../src/i18n';
import { changeLanguage } from '../src/i18n/changeLanguage';
import { fieldRules } from '../src/components/fieldRules';
import { setHttpEffects } from '../src/api/httpEffects';
import { DealerFormModal } from '../src/pages/supplyChain/DealerFormModal';
import { RecallFormModal } from '../src/pages/supplyChain/recall/RecallFormModal';
import { envelope, mockApi } from './support/mockApi';

configure({ asyncUtilTimeout: 5000 });
beforeEach(() => {
  setHttpEffects({ showError: vi.fn(), showParamCheck: vi.fn(), confirmRelogin: async () => false, logoutAndReload: vi.fn() });
  mockApi((config) => (config.url?.includes('Page') || config.url?.includes('page') ? envelope({ list: [], total: 0 }) : envelope([])));
});
afterEach(() => {
  cleanup();
  changeLanguage('zh_CN');
});

describe('a required field’s message names the field', () => {
  it('in both languages, for text, numbers and choices', () => {
    expect(fieldRules('zh_CN').required('经销商编码').message).toBe('请输入经销商编码');
    expect(fieldRules('zh_CN').requiredValue('级别').message).toBe('请输入级别');
    expect(fieldRules('zh_CN').requiredChoice('销售区域').message).toBe('请选择销售区域');
    expect(fieldRules('en_US').required('Dealer code').message).toBe('Dealer code is required');
    expect(fieldRules('en_US').requiredChoice('Sales area').message).toBe('Sales area is required');
  });

  function renderModal(modal: React.ReactNode) {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <AntApp>
        <QueryClientProvider client={client}>{modal}</QueryClientProvider>
      </AntApp>,
    );
  }
  const pressOk = () => fireEvent.click(document.querySelector('.ant-modal-footer .ant-btn-primary') as HTMLElement);
  const shownErrors = () => [...document.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent);

  it('new dealer, OK pressed empty: each required field says which (no raw placeholder)', async () => {
    renderModal(<DealerFormModal dealer={null} onClose={() => {}} />);
    pressOk();
    expect(await screen.findByText('请输入经销商编码')).toBeTruthy();
    expect(shownErrors()).toEqual(['请输入经销商编码', '请输入经销商名称', '请选择销售区域']);
    expect(document.body.textContent).not.toContain('{{');
  });

  it('new dealer in English', async () => {
    changeLanguage('en_US');
    renderModal(<DealerFormModal dealer={null} onClose={() => {}} />);
    pressOk();
    expect(await screen.findByText('Dealer code is required')).toBeTruthy();
    expect(shownErrors()).toEqual(['Dealer code is required', 'Dealer name is required', 'Sales area is required']);
    expect(document.body.textContent).not.toContain('{{');
  });

  it('new recall, OK pressed empty, in both languages', async () => {
    renderModal(<RecallFormModal recall={null} onClose={() => {}} onSaved={() => {}} />);
    pressOk();
    expect(await screen.findByText('请输入召回原因')).toBeTruthy();
    expect(shownErrors()).toEqual(['请输入召回原因', '请输入消费者处理方式', '请输入联系方式', '请选择批次']);
    expect(document.body.textContent).not.toContain('{{');
    cleanup();

    changeLanguage('en_US');
    renderModal(<RecallFormModal recall={null} onClose={() => {}} onSaved={() => {}} />);
    pressOk();
    expect(await screen.findByText('Reason is required')).toBeTruthy();
    expect(shownErrors()).toEqual(['Reason is required', 'What consumers should do is required', 'Contact is required', 'Batches is required']);
    expect(document.body.textContent).not.toContain('{{');
  });
});

describe('a message whose variable the call leaves out', () => {
  it('is said in the console and keeps its placeholder visible, so the browser tests catch it', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      expect(i18n.t('recall.editTitle')).toContain('{{recallNo}}');
      expect(error).toHaveBeenCalledWith(expect.stringContaining('{{recallNo}}'));
      error.mockClear();
      // a variable given as undefined shows as nothing, as before
      expect(i18n.t('recall.editTitle', { recallNo: undefined })).not.toContain('{{');
      expect(error).not.toHaveBeenCalled();
    } finally {
      error.mockRestore();
    }
  });
});
