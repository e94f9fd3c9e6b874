import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchTokens, type TokenQuery } from '../api';

/** One page of the user's keys. */
export function useTokens(query: TokenQuery) {
  return useQuery({
    queryKey: ['tokens', query],
    queryFn: () => fetchTokens(query),
    placeholderData: keepPreviousData,
  });
}
