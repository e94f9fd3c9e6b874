import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ChannelListParams } from '@gateway/shared';
import { fetchChannels } from '../api';

/** One page of channels. */
export function useChannels(query: ChannelListParams) {
  return useQuery({
    queryKey: ['channels', query],
    queryFn: () => fetchChannels(query),
    placeholderData: keepPreviousData,
  });
}
