import { createStore } from './createStore';

/** The first z-index of the image viewer; each opening goes one higher so it lies above open dialogs. */
export const IMAGE_VIEWER_Z_INDEX = 2000;

export interface ImageViewerState {
  opened: boolean;
  urls: readonly string[];
  index: number;
  zIndex: number;
}

export const imageViewerStore = createStore<ImageViewerState>({
  opened: false,
  urls: [],
  index: 0,
  zIndex: IMAGE_VIEWER_Z_INDEX - 1,
});

/** Opens the global image viewer on `urls`, starting at `index`. */
export function openImageViewer(urls: readonly string[], index = 0): void {
  if (urls.length === 0) return;
  imageViewerStore.setState((s) => ({
    opened: true,
    urls,
    index: Math.min(Math.max(0, index), urls.length - 1),
    zIndex: s.zIndex + 1,
  }));
}

export function closeImageViewer(): void {
  imageViewerStore.setState({ opened: false });
}

export function setImageViewerIndex(index: number): void {
  imageViewerStore.setState({ index });
}
