import { Image } from 'antd';
import { useStore } from '../app/state/createStore';
import { closeImageViewer, imageViewerStore, setImageViewerIndex } from '../app/state/imageViewerStore';

/** The one image viewer of the app; any screen opens it with openImageViewer(urls, index). */
export function ImageViewer() {
  const { opened, urls, index, zIndex } = useStore(imageViewerStore, (s) => s);
  if (urls.length === 0) return null;
  return (
    <Image.PreviewGroup
      items={[...urls]}
      preview={{
        open: opened,
        current: index,
        zIndex,
        onChange: (current) => setImageViewerIndex(current),
        onOpenChange: (value) => {
          if (!value) closeImageViewer();
        },
      }}
    />
  );
}
