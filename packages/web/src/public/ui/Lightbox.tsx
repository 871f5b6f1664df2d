import './ui.css';
import { useEffect, useRef, type TouchEvent } from 'react';
import { useTranslation } from 'react-i18next';
import CloseOutlined from '@ant-design/icons-svg/es/asn/CloseOutlined';
import LeftOutlined from '@ant-design/icons-svg/es/asn/LeftOutlined';
import RightOutlined from '@ant-design/icons-svg/es/asn/RightOutlined';
import { useStore } from '../../app/state/createStore';
import { closeImageViewer, imageViewerStore, setImageViewerIndex } from '../../app/state/imageViewerStore';
import { Icon } from './Icon';

/** A swipe shorter than this is a tap, not a page turn. */
const SWIPE_MIN_PX = 40;

/**
 * The image viewer of the consumer pages: a modal <dialog> over the page (focus kept inside, Escape or
 * the close button closes it) showing one picture large, with previous / next and a swipe on phones.
 * Opened like the portal's viewer, through openImageViewer(urls, index).
 */
export function Lightbox() {
  const { t } = useTranslation();
  const { opened, urls, index } = useStore(imageViewerStore, (s) => s);
  const dialog = useRef<HTMLDialogElement>(null);
  const touchStart = useRef<number | null>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    // Browsers without modal dialogs (old in-app webviews) still show it, as a plain open dialog.
    if (opened && !element.open) {
      if (typeof element.showModal === 'function') element.showModal();
      else element.setAttribute('open', '');
    }
    if (!opened && element.open) {
      if (typeof element.close === 'function') element.close();
      else element.removeAttribute('open');
    }
  }, [opened]);

  const go = (step: number) => setImageViewerIndex((index + step + urls.length) % urls.length);
  const onTouchStart = (event: TouchEvent) => {
    touchStart.current = event.touches[0]?.clientX ?? null;
  };
  const onTouchEnd = (event: TouchEvent) => {
    const start = touchStart.current;
    const end = event.changedTouches[0]?.clientX;
    touchStart.current = null;
    if (start === null || end === undefined || Math.abs(end - start) < SWIPE_MIN_PX || urls.length < 2) return;
    go(end < start ? 1 : -1);
  };

  return (
    <dialog
      ref={dialog}
      className="pub-lightbox"
      aria-label={t('scan.image.open')}
      onClose={closeImageViewer}
      onKeyDown={(event) => {
        if (event.key === 'ArrowRight' && urls.length > 1) go(1);
        if (event.key === 'ArrowLeft' && urls.length > 1) go(-1);
      }}
      data-testid="image-viewer"
    >
      {opened && urls[index] && (
        <>
          <img className="pub-lightbox__image" src={urls[index]} alt="" onTouchStart={onTouchStart} onTouchEnd={onTouchEnd} data-testid="image-viewer-image" />
          <button type="button" className="pub-lightbox__close" onClick={closeImageViewer} aria-label={t('scan.image.close')}>
            <Icon icon={CloseOutlined} />
          </button>
          {urls.length > 1 && (
            <>
              <button type="button" className="pub-lightbox__prev" onClick={() => go(-1)} aria-label={t('scan.image.previous')}>
                <Icon icon={LeftOutlined} />
              </button>
              <button type="button" className="pub-lightbox__next" onClick={() => go(1)} aria-label={t('scan.image.next')}>
                <Icon icon={RightOutlined} />
              </button>
              <p className="pub-lightbox__count">{t('scan.image.count', { index: index + 1, total: urls.length })}</p>
            </>
          )}
        </>
      )}
    </dialog>
  );
}
