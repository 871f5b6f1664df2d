import { useQueryClient } from '@tanstack/react-query';
import { DICTIONARIES_QUERY_KEY } from '../../../dict/useDictionaries';

export const DICT_TYPES_QUERY_KEY = ['dictTypes'] as const;
export const DICT_ITEMS_QUERY_KEY = ['dictItems'] as const;

/** After a change: the lists on this screen and the dictionary cache every screen reads. */
export function useDictionaryRefresh(): () => Promise<void> {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: DICT_TYPES_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: DICT_ITEMS_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: DICTIONARIES_QUERY_KEY }),
    ]);
  };
}
