import './support/dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp, Button, Form } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import dayjs from 'dayjs';
import type { TemplateAttribute } from '@rd/contract';
import '../src/i18n';
import { AttributeFields, attrsToForm, formToAttrs, type AttrFormValues } from '../src/pages/product/product/attributeFields';

const attribute = (attrKey: string, type: TemplateAttribute['type'], extra: Partial<TemplateAttribute> = {}): TemplateAttribute => ({
  id: `id-${attrKey}`,
  attrKey,
  label: `${attrKey}标签`,
  labelEn: '',
  type,
  required: false,
  sort: 0,
  showOnScan: false,
  ...extra,
});

const TEMPLATE: TemplateAttribute[] = [
  attribute('variety', 'TEXT', { label: '品种', labelEn: 'Variety', required: true }),
  attribute('weight', 'NUMBER', { label: '单果重' }),
  attribute('picked', 'DATE', { label: '采摘日期' }),
  attribute('photo', 'IMAGE', { label: '田间照片' }),
  attribute('story', 'RICH_TEXT', { label: '产品故事' }),
];

configure({ asyncUtilTimeout: 5000 });
afterEach(cleanup);

function renderFields(attributes: TemplateAttribute[], lang: 'zh_CN' | 'en_US', onFinish = vi.fn(), initial: AttrFormValues = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <AntApp>
      <QueryClientProvider client={client}>
        <Form layout="vertical" initialValues={{ attrs: initial }} onFinish={onFinish}>
          <AttributeFields attributes={attributes} lang={lang} />
          <Button htmlType="submit" data-testid="submit">
            submit
          </Button>
        </Form>
      </QueryClientProvider>
    </AntApp>,
  );
  return onFinish;
}

describe('the product form’s attribute fields', () => {
  it('are built from the template: one field per attribute, in order, with a control for its type', () => {
    renderFields(TEMPLATE, 'zh_CN');
    const labels = [...document.querySelectorAll('.ant-form-item-label label')].map((l) => l.textContent);
    expect(labels).toEqual(['品种', '单果重', '采摘日期', '田间照片', '产品故事']);
    expect((screen.getByTestId('attr-variety') as HTMLInputElement).tagName).toBe('INPUT');
    expect(screen.getByTestId('attr-item-weight').querySelector('input[role="spinbutton"]')).toBeTruthy();
    expect(screen.getByTestId('attr-item-picked').querySelector('.ant-picker')).toBeTruthy();
    expect(screen.getByTestId('attr-item-photo').querySelector('[data-testid="image-upload-trigger"]')).toBeTruthy();
    expect(screen.getByTestId('attr-story').tagName).toBe('TEXTAREA');
    // the required attribute is marked as such
    expect(screen.getByTestId('attr-item-variety').querySelector('.ant-form-item-required')).toBeTruthy();
    expect(screen.getByTestId('attr-item-weight').querySelector('.ant-form-item-required')).toBeNull();
  });

  it('follow another template when the attributes change', () => {
    const client = new QueryClient();
    const view = (attributes: TemplateAttribute[]) => (
      <AntApp>
        <QueryClientProvider client={client}>
          <Form>
            <AttributeFields attributes={attributes} lang="zh_CN" />
          </Form>
        </QueryClientProvider>
      </AntApp>
    );
    const { rerender } = render(view(TEMPLATE));
    expect(screen.queryByTestId('attr-item-grade')).toBeNull();
    rerender(view([attribute('grade', 'TEXT', { label: '等级' }), attribute('sugar', 'NUMBER', { label: '糖度' })]));
    expect(screen.getByTestId('attr-item-grade')).toBeTruthy();
    expect(screen.getByText('糖度')).toBeTruthy();
    expect(screen.queryByTestId('attr-item-variety')).toBeNull();
  });

  it('use the English names in English, the Chinese one when no English name was given', () => {
    renderFields(TEMPLATE.slice(0, 2), 'en_US');
    const labels = [...document.querySelectorAll('.ant-form-item-label label')].map((l) => l.textContent);
    expect(labels).toEqual(['Variety', '单果重']);
  });

  it('refuse to submit without the required attributes, naming the attribute', async () => {
    const onFinish = renderFields(TEMPLATE, 'zh_CN');
    fireEvent.click(screen.getByTestId('submit'));
    expect(await screen.findByText('请输入品种')).toBeTruthy();
    expect(onFinish).not.toHaveBeenCalled();
    fireEvent.change(screen.getByTestId('attr-variety'), { target: { value: '京欣一号' } });
    fireEvent.click(screen.getByTestId('submit'));
    await waitFor(() => expect(onFinish).toHaveBeenCalledTimes(1));
    expect(onFinish.mock.calls[0]![0]).toMatchObject({ attrs: { variety: '京欣一号' } });
  });

  it('show stored values in their controls and send them back as text', async () => {
    const stored = { variety: '麒麟', weight: '12.30', picked: '2025-06-18', photo: 'f-1', story: '第一行\n第二行', gone: 'x' };
    const values = attrsToForm(TEMPLATE, stored);
    expect(dayjs.isDayjs(values.picked)).toBe(true);
    expect(values.weight).toBe('12.30');
    expect(values).not.toHaveProperty('gone');
    // round trip: exactly what was stored, minus keys the template does not define
    const { gone: _gone, ...defined } = stored;
    expect(formToAttrs(TEMPLATE, values)).toEqual(defined);
    // empty fields are left out; values of another template's attributes too
    expect(formToAttrs(TEMPLATE, { variety: ' ', weight: undefined, picked: null, other: 'x' })).toEqual({});

    const onFinish = renderFields(TEMPLATE, 'zh_CN', vi.fn(), values);
    expect((screen.getByTestId('attr-variety') as HTMLInputElement).value).toBe('麒麟');
    // the number shows as a number; the stored text goes back unchanged unless the user edits it
    expect((screen.getByTestId('attr-item-weight').querySelector('input') as HTMLInputElement).value).toBe('12.3');
    expect((screen.getByTestId('attr-item-picked').querySelector('input') as HTMLInputElement).value).toBe('2025-06-18');
    expect((screen.getByTestId('attr-story') as HTMLTextAreaElement).value).toBe('第一行\n第二行');
    fireEvent.click(screen.getByTestId('submit'));
    await waitFor(() => expect(onFinish).toHaveBeenCalledTimes(1));
    expect(formToAttrs(TEMPLATE, (onFinish.mock.calls[0]![0] as { attrs: AttrFormValues }).attrs)).toEqual(defined);
  });
});
