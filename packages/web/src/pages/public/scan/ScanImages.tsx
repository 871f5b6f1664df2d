import { Carousel } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ScanImage } from '@rd/contract';
import { openImageViewer } from '../../../app/state/imageViewerStore';

/**
 * Pictures of the answer: one image, a swipeable carousel for several, a row of thumbnails for
 * records. A tap opens the app's image viewer on that picture; lazy loading keeps the first paint fast.
 */
export function ScanImages({ images, variant = 'carousel', alt }: { images: readonly ScanImage[]; variant?: 'carousel' | 'thumbs'; alt: string }) {
  const { t } = useTranslation();
  if (images.length === 0) return null;
  const urls = images.map((image) => image.url);
  const picture = (image: ScanImage, index: number) => (
    <button
      key={image.fileId}
      type="button"
      className={variant === 'thumbs' ? 'scan-thumb' : 'scan-slide'}
      onClick={() => openImageViewer(urls, index)}
      aria-label={t('scan.image.open')}
      data-testid="scan-image"
    >
      <img src={image.url} alt={images.length > 1 ? `${alt} ${t('scan.image.count', { index: index + 1, total: images.length })}` : alt} loading="lazy" />
    </button>
  );
  if (variant === 'thumbs') return <div className="scan-thumbs">{images.map(picture)}</div>;
  if (images.length === 1) return <div className="scan-carousel">{picture(images[0]!, 0)}</div>;
  return (
    <Carousel className="scan-carousel" dots adaptiveHeight>
      {images.map(picture)}
    </Carousel>
  );
}
