import jsQR from 'jsqr';

/** Reads one video frame; null when no code is in sight. */
export type FrameDecoder = (video: HTMLVideoElement) => Promise<string | null>;

/** The part of the Shape Detection API used here (not yet in TypeScript's DOM types). */
interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>;
}
interface BarcodeDetectorClass {
  new (options?: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats?: () => Promise<string[]>;
}

/** Label symbologies worth asking for: QR first (our labels), then what production lines also print. */
const WANTED_FORMATS = ['qr_code', 'data_matrix', 'code_128', 'ean_13'];

/** Frames are scaled down to this width for jsQR: enough for a label held close, cheap on a phone. */
const JSQR_FRAME_WIDTH = 480;

/**
 * The browser's own BarcodeDetector when it has one that reads QR codes (Chrome on Android, Safari 17+),
 * otherwise jsQR on a scaled-down copy of the frame.
 */
export async function createFrameDecoder(): Promise<FrameDecoder> {
  const native = await nativeDetector();
  if (native) {
    return async (video) => {
      const found = await native.detect(video);
      return found[0]?.rawValue ?? null;
    };
  }
  return jsQrDecoder();
}

async function nativeDetector(): Promise<BarcodeDetectorLike | null> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  try {
    const supported = (await Detector.getSupportedFormats?.()) ?? WANTED_FORMATS;
    const formats = WANTED_FORMATS.filter((f) => supported.includes(f));
    if (!formats.includes('qr_code')) return null;
    return new Detector({ formats });
  } catch {
    return null;
  }
}

function jsQrDecoder(): FrameDecoder {
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return (video) => {
    if (!context || video.videoWidth === 0) return Promise.resolve(null);
    const scale = Math.min(1, JSQR_FRAME_WIDTH / video.videoWidth);
    canvas.width = Math.round(video.videoWidth * scale);
    canvas.height = Math.round(video.videoHeight * scale);
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    const image = context.getImageData(0, 0, canvas.width, canvas.height);
    const result = jsQR(image.data, image.width, image.height, { inversionAttempts: 'attemptBoth' });
    return Promise.resolve(result?.data ?? null);
  };
}
