import { imageViewerStore, openImageViewer } from '../../app/state/imageViewerStore';

/**
 * Opens the global image viewer on images held as blobs. Their object URLs live as long as the viewer
 * shows them: they are revoked when it closes or is opened on other images.
 */
export function previewBlobs(blobs: readonly Blob[], index = 0): void {
  if (blobs.length === 0) return;
  const urls = blobs.map((blob) => URL.createObjectURL(blob));
  openImageViewer(urls, index);
  const shown = imageViewerStore.getState().urls;
  const unsubscribe = imageViewerStore.subscribe(() => {
    const state = imageViewerStore.getState();
    if (state.opened && state.urls === shown) return;
    unsubscribe();
    urls.forEach((url) => URL.revokeObjectURL(url));
  });
}
