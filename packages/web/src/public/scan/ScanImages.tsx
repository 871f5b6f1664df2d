import { useState, type UIEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScanImage } from '@rd/contract';
import { openImageViewer } from '../../app/state/imageViewerStore';

/**
 * Pictures of the answer: one image, a strip that swipes one picture at a time (CSS scroll snapping, with
 * dots saying where one is) for several, a row of thumbnails for records. A tap opens the image viewer on
 * that picture; lazy loading keeps the first paint fast.
 */
export function ScanImages({ images, variant = 'carousel', alt }: { images: readonly ScanImage[]; variant?: 'carousel' | 'thumbs'; alt: string }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(0);
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
  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const strip = event.currentTarget;
    setShown(Math.round(strip.scrollLeft / Math.max(1, strip.clientWidth)));
  };
  return (
    <div className="scan-carousel">
      <div className="scan-carousel__strip" onScroll={onScroll} data-testid="scan-carousel">
        {images.map(picture)}
      </div>
      <div className="scan-carousel__dots" aria-hidden="true">
        {images.map((image, index) => (
          <span key={image.fileId} className={index === shown ? 'scan-carousel__dot scan-carousel__dot--on' : 'scan-carousel__dot'} />
        ))}
      </div>
    </div>
  );
}
