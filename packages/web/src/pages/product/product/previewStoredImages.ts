import type { QueryClient } from '@tanstack/react-query';
import { fetchImageBlob, imageViewUrl } from '../../../api/files';
import { previewBlobs } from '../../../components/upload/previewBlobs';

/**
 * Opens the image viewer on stored images. They need the token, so they are fetched as blobs through the
 * same query-cache entries the thumbnails use (a picture already shown is not fetched again).
 */
export async function previewStoredImages(queryClient: QueryClient, fileIds: readonly string[], index = 0): Promise<void> {
  const blobs = await Promise.all(
    fileIds.map((fileId) => {
      const url = imageViewUrl({ fileId }) as string;
      return queryClient.fetchQuery({ queryKey: ['storedImage', url], queryFn: () => fetchImageBlob(url), staleTime: Number.POSITIVE_INFINITY });
    }),
  );
  previewBlobs(blobs, index);
}
