import { useQuery } from '@tanstack/react-query';
import { fetchChannel } from '../api';

/** One channel for the editor; off when adding. */
export function useChannel(id: number | undefined) {
  return useQuery({
    queryKey: ['channels', 'one', id],
    queryFn: () => fetchChannel(id ?? 0),
    enabled: id !== undefined,
    staleTime: 0,
  });
}
