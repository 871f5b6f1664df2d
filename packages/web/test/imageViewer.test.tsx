import './support/dom';
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import { ImageViewer } from '../src/components/ImageViewer';
import { closeImageViewer, imageViewerStore, openImageViewer } from '../src/app/state/imageViewerStore';

afterEach(() => {
  cleanup();
  closeImageViewer();
});

describe('global image viewer', () => {
  it('opens on the given image and closes through the store', async () => {
    render(<ImageViewer />);
    expect(document.querySelector('.ant-image-preview')).toBeNull();
    act(() => openImageViewer(['/a.png', '/b.png'], 1));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    const img = document.querySelector<HTMLImageElement>('.ant-image-preview img');
    expect(img?.getAttribute('src')).toBe('/b.png');
    act(() => closeImageViewer());
    expect(imageViewerStore.getState().opened).toBe(false);
  });
});
