import { useQuery } from '@tanstack/react-query';
import { fetchGroupNames } from '../api';

/** Every group name, for the channel's groups picker and the list filter. */
export function useGroupNames() {
  return useQuery({ queryKey: ['group-names'], queryFn: fetchGroupNames, staleTime: 60_000 });
}
