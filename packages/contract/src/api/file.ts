import { z } from 'zod';
import { UPLOAD_PLACES, UPLOAD_RULES, type UploadPlace } from '../validators.js';

export const FILE_UPLOAD_PATH = '/acc/file/uploadFile';
/** The multipart field holding the file (spec 7.5). */
export const FILE_FIELD = 'file';
/** Where an upload is used when the form does not say: the general image limit applies. */
export const DEFAULT_UPLOAD_PLACE: UploadPlace = 'image';

export const fileDownloadPath = (fileId: string) => `/api/inner/acc/file/downloadFile/${encodeURIComponent(fileId)}`;
export const fileViewPath = (fileId: string) => `/api/inner/acc/file/view/${encodeURIComponent(fileId)}`;

/** Places whose uploads are pictures (shown inline by the view call). */
export const IMAGE_PLACES = UPLOAD_PLACES.filter((place) =>
  (UPLOAD_RULES[place].contentTypes as readonly string[]).every((type) => ['png', 'jpg', 'gif'].includes(type)),
);

/** The multipart fields other than the file. */
export const uploadFieldsSchema = z.object({
  place: z.enum(UPLOAD_PLACES as [UploadPlace, ...UploadPlace[]]).default(DEFAULT_UPLOAD_PLACE),
});

export const uploadedFileSchema = z.object({
  fileId: z.string(),
  /** The original name, cleaned (no folders, no control characters, at most 200 characters). */
  fileName: z.string(),
  size: z.number(),
  /** From the content, not from what the browser said. */
  contentType: z.string(),
  url: z.string(),
});
export type UploadedFile = z.infer<typeof uploadedFileSchema>;

export const fileIdParamsSchema = z.object({ fileId: z.uuid() });
