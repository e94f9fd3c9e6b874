import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchChannels, type ChannelQuery } from '../api';

/** One page of channels. */
export function useChannels(query: ChannelQuery) {
  return useQuery({
    queryKey: ['channels', query],
    queryFn: () => fetchChannels(query),
    placeholderData: keepPreviousData,
  });
}
