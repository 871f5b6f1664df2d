import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import QRCode from 'qrcode';

const WIDTH = 640;
const HEIGHT = 480;
const MODULE_PX = 8;
const FRAMES = 10;

/**
 * A video file for Chromium's fake camera (--use-file-for-fake-video-capture): a printed QR label of
 * `text`, black on white in the middle of the picture, as raw Y4M (4:2:0). Chromium loops it.
 */
export function qrCameraFile(text: string): string {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const size = qr.modules.size;
  const side = size * MODULE_PX;
  const left = Math.floor((WIDTH - side) / 2);
  const top = Math.floor((HEIGHT - side) / 2);
  const luma = Buffer.alloc(WIDTH * HEIGHT, 235);
  for (let y = 0; y < side; y += 1) {
    for (let x = 0; x < side; x += 1) {
      const dark = qr.modules.get(Math.floor(y / MODULE_PX), Math.floor(x / MODULE_PX));
      if (dark) luma[(top + y) * WIDTH + left + x] = 16;
    }
  }
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'rd-camera-')), 'label.y4m');
  fs.writeFileSync(file, Buffer.concat([header, ...Array.from({ length: FRAMES }, () => frame)]));
  return file;
}
