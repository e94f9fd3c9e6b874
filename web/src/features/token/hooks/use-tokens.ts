import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TokenListParams } from '@gateway/shared';
import { fetchTokens } from '../api';

/** One page of the user's keys. */
export function useTokens(query: TokenListParams) {
  return useQuery({
    queryKey: ['tokens', query],
    queryFn: () => fetchTokens(query),
    placeholderData: keepPreviousData,
  });
}
