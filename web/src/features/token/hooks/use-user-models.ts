import { useQuery } from '@tanstack/react-query';
import { fetchUserModels } from '../api';

/** The models the signed-in user may use (key restrictions, playground). */
export function useUserModels(enabled = true) {
  return useQuery({
    queryKey: ['self', 'models'],
    queryFn: async () => [...new Set(await fetchUserModels())].sort(),
    enabled,
    staleTime: 60_000,
  });
}
