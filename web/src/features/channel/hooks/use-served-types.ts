import { useQuery } from '@tanstack/react-query';
import { fetchServedTypes } from '../api';

/** The channel types the relay serves (the editor's type picker and address rules). */
export function useServedTypes() {
  return useQuery({ queryKey: ['channel-types'], queryFn: fetchServedTypes, staleTime: 300_000 });
}
