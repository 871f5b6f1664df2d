import { useQuery } from '@tanstack/react-query';
import { fetchImageBlob } from '../../api/files';

/**
 * A stored image as a blob, kept in the query cache: the same picture on several screens (or a tab coming
 * back) is fetched once. Content under an id never changes, so it never goes stale.
 */
export function useStoredImage(url: string | undefined) {
  return useQuery({
    queryKey: ['storedImage', url],
    queryFn: () => fetchImageBlob(url as string),
    enabled: Boolean(url),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 10 * 60_000,
    retry: false,
  });
}
