import { useQuery } from '@tanstack/react-query';
import { fetchGuide } from '../api';

/** The guide text written by the administrator. */
export function useGuide() {
  return useQuery({ queryKey: ['guide'], queryFn: fetchGuide, staleTime: 60_000 });
}
