import { useQuery } from '@tanstack/react-query';
import { fetchNotice } from '../../status/api';

/** The announcement (Markdown), fetched once per page load. */
export function useNotice() {
  return useQuery({ queryKey: ['notice'], queryFn: fetchNotice, staleTime: Infinity });
}
