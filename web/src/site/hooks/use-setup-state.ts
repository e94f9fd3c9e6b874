import { useQuery } from '@tanstack/react-query';
import { fetchSetupState } from '../api';

/** The first-run state; `done` is false only when the server says setup is still pending. */
export function useSetupState(): { loading: boolean; done: boolean } {
  const query = useQuery({
    queryKey: ['setup'],
    queryFn: fetchSetupState,
    staleTime: Infinity,
    retry: false,
  });
  return { loading: query.isPending, done: query.data?.status !== false };
}
