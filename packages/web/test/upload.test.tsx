import './support/dom';
import '../src/i18n';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { TOKEN_HEADER, checkUploadContent, checkUploadName } from '@rd/contract';
import type { ReactNode } from 'react';
import i18n from '../src/i18n';
import { setHttpEffects } from '../src/api/httpEffects';
import { downloadStoredFile } from '../src/api/files';
import { appStore } from '../src/app/state/appStore';
import { closeImageViewer, imageViewerStore } from '../src/app/state/imageViewerStore';
import { sessionStore } from '../src/app/state/sessionStore';
import { AuthImage } from '../src/components/upload/AuthImage';
import { ImageUpload } from '../src/components/upload/ImageUpload';
import { uploadProblemText } from '../src/components/upload/uploadProblemText';
import { envelope, mockApi } from './support/mockApi';

const FILE_ID = '8f0e7a1c-2b3d-4e5f-8a9b-0c1d2e3f4a5b';
const PNG_HEADER = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

let created: Blob[];
let revoked: string[];

function renderWithProviders(node: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <AntApp>
      <QueryClientProvider client={client}>{node}</QueryClientProvider>
    </AntApp>,
  );
}

function chooseFile(file: File) {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  fireEvent.change(input, { target: { files: [file] } });
}

const pngFile = (name: string, size = 64) => {
  const bytes = new Uint8Array(size);
  bytes.set(PNG_HEADER);
  return new File([bytes], name, { type: 'image/png' });
};

beforeEach(() => {
  created = [];
  revoked = [];
  let n = 0;
  Object.assign(URL, {
    createObjectURL: vi.fn((blob: Blob) => {
      created.push(blob);
      return `blob:test/${++n}`;
    }),
    revokeObjectURL: vi.fn((url: string) => void revoked.push(url)),
  });
  setHttpEffects({ showError: vi.fn(), showParamCheck: vi.fn(), confirmRelogin: async () => false, logoutAndReload: vi.fn() });
  sessionStore.setState({ token: 'token-abc' });
  appStore.setState({ language: 'zh_CN' });
  void i18n.changeLanguage('zh_CN');
});

afterEach(() => {
  cleanup();
  closeImageViewer();
  sessionStore.setState({ token: '' });
});

describe('upload messages', () => {
  it('name the allowed types and the limit of the place, in the UI language', async () => {
    const t = i18n.t.bind(i18n);
    expect(uploadProblemText(checkUploadName('avatar', 'a.bmp', 10)!, t)).toBe('仅支持 png, jpg, jpeg, gif 格式的文件');
    expect(uploadProblemText(checkUploadName('avatar', 'a.png', 600 * 1024)!, t)).toBe('文件大小不能超过 500 KB');
    expect(uploadProblemText(checkUploadName('excel', 'a.xlsx', 0)!, t)).toBe('文件内容为空');
    expect(uploadProblemText(checkUploadContent('excel', new Uint8Array(PNG_HEADER))!, t)).toBe('文件内容与允许的格式（xls, xlsx）不符');
    await i18n.changeLanguage('en_US');
    expect(uploadProblemText(checkUploadName('productImage', 'a.png', 5 * 1024 * 1024)!, i18n.t.bind(i18n))).toBe(
      'The file cannot be larger than 4 MB',
    );
  });
});

describe('image upload', () => {
  it('offers only the place’s types and refuses a wrong type or an oversized file before sending anything', async () => {
    const calls = mockApi(() => undefined);
    const onChange = vi.fn();
    renderWithProviders(<ImageUpload place="avatar" onChange={onChange} />);
    expect(document.querySelector('input[type="file"]')?.getAttribute('accept')).toBe('.png,.jpg,.jpeg,.gif');
    expect(screen.getByText('支持 png, jpg, jpeg, gif，不超过 500 KB')).toBeTruthy();

    chooseFile(new File(['plain text'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText('仅支持 png, jpg, jpeg, gif 格式的文件')).toBeTruthy();
    chooseFile(pngFile('big.png', 600 * 1024));
    expect(await screen.findByText('文件大小不能超过 500 KB')).toBeTruthy();
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(calls).toHaveLength(0);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('sends an accepted file through the app’s client, place first, with the token and language', async () => {
    const calls = mockApi((config) => {
      if (config.url === '/acc/file/uploadFile') {
        return envelope({ fileId: FILE_ID, fileName: 'me.png', size: 64, contentType: 'image/png', url: `/api/inner/acc/file/downloadFile/${FILE_ID}` });
      }
      return undefined;
    });
    const onChange = vi.fn();
    renderWithProviders(<ImageUpload place="avatar" onChange={onChange} />);
    chooseFile(pngFile('me.png'));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(FILE_ID, expect.objectContaining({ fileId: FILE_ID })));

    const sent = calls.find((c) => c.url === '/acc/file/uploadFile');
    expect(sent?.method).toBe('post');
    expect(sent?.headers.get(TOKEN_HEADER)).toBe('token-abc');
    const form = sent?.data as FormData;
    expect([...form.keys()]).toEqual(['place', 'file', 'lang']);
    expect(form.get('place')).toBe('avatar');
    expect((form.get('file') as File).name).toBe('me.png');
    expect(form.get('lang')).toBe('zh_CN');
  });

  it('shows the current image fetched with the token, previews it and removes it', async () => {
    const image = new Blob([new Uint8Array(PNG_HEADER)], { type: 'image/png' });
    const calls = mockApi((config) => (config.url === `/api/inner/acc/file/view/${FILE_ID}` ? { data: image } : undefined));
    const onChange = vi.fn();
    renderWithProviders(<ImageUpload place="avatar" value={FILE_ID} onChange={onChange} />);

    const img = await screen.findByRole('img', { name: '预览' });
    expect(img.getAttribute('src')).toMatch(/^blob:test\//);
    expect(calls.filter((c) => c.url === `/api/inner/acc/file/view/${FILE_ID}`)).toHaveLength(1);
    expect(screen.getByText('更换图片')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '预览' }));
    expect(imageViewerStore.getState()).toMatchObject({ opened: true });
    const previewUrl = imageViewerStore.getState().urls[0] as string;
    expect(previewUrl).toMatch(/^blob:test\//);
    act(() => closeImageViewer());
    expect(revoked).toContain(previewUrl);

    fireEvent.click(screen.getByRole('button', { name: '移除' }));
    expect(onChange).toHaveBeenCalledWith(undefined);
  });
});

describe('image fetched with the token', () => {
  it('is shown through an object URL that is revoked on unmount', async () => {
    const image = new Blob([new Uint8Array(PNG_HEADER)], { type: 'image/png' });
    const calls = mockApi((config) => (config.url === `/api/inner/acc/file/view/${FILE_ID}` ? { data: image } : undefined));
    const view = renderWithProviders(<AuthImage fileId={FILE_ID} alt="avatar" width={40} height={40} />);

    const img = await screen.findByRole('img', { name: 'avatar' });
    const sent = calls[0];
    expect(sent?.headers.get(TOKEN_HEADER)).toBe('token-abc');
    expect(sent?.responseType).toBe('blob');
    const src = img.getAttribute('src') as string;
    expect(src).toMatch(/^blob:test\//);
    expect(created).toContain(image);
    expect(revoked).not.toContain(src);

    view.unmount();
    expect(revoked).toContain(src);
  });

  it('shows a placeholder when the answer is not an image (an error envelope, another company’s file)', async () => {
    mockApi(() => ({ status: 404, data: new Blob([JSON.stringify({ code: 'NOT_FOUND', msg: 'x', data: null })], { type: 'application/json' }) }));
    renderWithProviders(<AuthImage url="/api/inner/acc/file/view/other" />);
    expect(await screen.findByRole('img', { name: '图片无法显示' })).toBeTruthy();
    expect(created).toHaveLength(0);
  });
});

describe('stored file download', () => {
  it('asks for the file with the token and saves it under the name the server gives', async () => {
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const calls = mockApi((config) =>
      config.url === `/api/inner/acc/file/downloadFile/${FILE_ID}` ? { data: new Blob(['x'], { type: 'image/png' }) } : undefined,
    );
    const name = await downloadStoredFile(FILE_ID, '头像.png');
    expect(name).toBe('头像.png');
    expect(saved).toEqual(['头像.png']);
    expect(calls[0]?.headers.get(TOKEN_HEADER)).toBe('token-abc');
    click.mockRestore();
  });
});
