import { useQuery } from '@tanstack/react-query';
import { fetchUserGroups } from '../api';

/** The groups the signed-in user may route through, with ratios and descriptions. */
export function useUserGroups(enabled = true) {
  return useQuery({
    queryKey: ['self', 'groups'],
    queryFn: fetchUserGroups,
    enabled,
    staleTime: 60_000,
  });
}
