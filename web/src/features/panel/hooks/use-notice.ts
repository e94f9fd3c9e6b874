import { useQuery } from '@tanstack/react-query';
import { fetchNotice } from '../api';

/** The announcement text. */
export function useNotice() {
  return useQuery({ queryKey: ['notice'], queryFn: fetchNotice, staleTime: 60_000 });
}
