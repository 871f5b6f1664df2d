import { useCallback, type CSSProperties } from 'react';
import { Spin } from 'antd';
import { PictureOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { imageViewUrl } from '../../api/files';
import { useStoredImage } from './useStoredImage';

export interface AuthImageProps {
  /** A stored file's id (shown through /api/inner/acc/file/view/<id>) ... */
  fileId?: string;
  /** ... or a view address given as it is. */
  url?: string;
  alt?: string;
  width?: number | string;
  height?: number | string;
  className?: string;
  style?: CSSProperties;
  onClick?: () => void;
}

/**
 * A stored image the browser cannot fetch by itself because the call needs the token header: fetched as a
 * blob and shown through an object URL, which is revoked when the image leaves the page (or the tab is
 * hidden; it is made again when the tab comes back).
 */
export function AuthImage({ fileId, url, alt = '', width, height, className, style, onClick }: AuthImageProps) {
  const { t } = useTranslation();
  const src = imageViewUrl({ fileId, url });
  const image = useStoredImage(src);
  const blob = image.data;

  // The object URL belongs to the <img> element: made when it is attached, revoked when it goes.
  const attach = useCallback(
    (element: HTMLImageElement | null) => {
      if (!element || !blob) return undefined;
      const objectUrl = URL.createObjectURL(blob);
      element.src = objectUrl;
      return () => {
        element.removeAttribute('src');
        URL.revokeObjectURL(objectUrl);
      };
    },
    [blob],
  );

  const box: CSSProperties = { width, height, display: 'inline-flex', alignItems: 'center', justifyContent: 'center', ...style };
  if (!src) return null;
  if (image.isError) {
    return (
      <span className={className} style={box} title={t('upload.imageUnavailable')} role="img" aria-label={t('upload.imageUnavailable')}>
        <PictureOutlined />
      </span>
    );
  }
  if (!blob) {
    return (
      <span className={className} style={box}>
        <Spin size="small" />
      </span>
    );
  }
  return (
    <img
      ref={attach}
      alt={alt}
      width={width}
      height={height}
      className={className}
      style={{ objectFit: 'cover', cursor: onClick ? 'pointer' : undefined, ...style }}
      onClick={onClick}
    />
  );
}
