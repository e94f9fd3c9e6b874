import { useQuery } from '@tanstack/react-query';
import { fetchPricing } from '../api';

/** The pricing list; refreshed whenever the page is opened. */
export function usePricing() {
  return useQuery({ queryKey: ['pricing'], queryFn: fetchPricing, staleTime: 0 });
}
