import {
  FILE_FIELD,
  FILE_UPLOAD_PATH,
  fileDownloadPath,
  fileViewPath,
  type UploadPlace,
  type UploadedFile,
} from '@rd/contract';
import { apiDownload, apiPost, http } from './http';

/**
 * Sends one file to the server (spec 7.5: multipart, field `file`). The place goes first so the server
 * knows the size limit before the file arrives. Through the app's client, so the token and language go
 * along.
 */
export function uploadFile(
  file: Blob & { name?: string },
  place: UploadPlace,
  onProgress?: (percent: number) => void,
): Promise<UploadedFile> {
  const form = new FormData();
  form.append('place', place);
  form.append(FILE_FIELD, file, file.name ?? 'file');
  return apiPost<UploadedFile>(FILE_UPLOAD_PATH, form, {
    silent: true,
    onUploadProgress: (event) => {
      if (onProgress && event.total) onProgress(Math.round((event.loaded / event.total) * 100));
    },
  });
}

/** Saves a stored file under its original name (the server's Content-Disposition). */
export function downloadStoredFile(fileId: string, fallbackName = 'download'): Promise<string> {
  return apiDownload({ url: fileDownloadPath(fileId) }, fallbackName);
}

/** The view address of a stored image; `src` may also be such an address already. */
export function imageViewUrl(src: { fileId?: string; url?: string }): string | undefined {
  if (src.url) return src.url;
  return src.fileId ? fileViewPath(src.fileId) : undefined;
}

/**
 * An image that needs the token: fetched as a blob by the app's client (an <img src> cannot send the
 * header). Anything but an image, an error envelope included, counts as "cannot be shown".
 */
export async function fetchImageBlob(url: string): Promise<Blob> {
  const response = await http.get<Blob>(url, { responseType: 'blob' });
  const blob = response.data;
  if (response.status !== 200 || !(blob instanceof Blob) || !blob.type.startsWith('image/')) {
    throw new Error(`image ${url} unavailable (${response.status})`);
  }
  return blob;
}
