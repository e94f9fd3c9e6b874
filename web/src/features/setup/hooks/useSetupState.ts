import { useQuery } from '@tanstack/react-query';
import { fetchSetupState } from '../api';

/** The first-run state; `data.status === false` means root has not been created yet. */
export function useSetupState() {
  return useQuery({ queryKey: ['setup'], queryFn: fetchSetupState, staleTime: 60_000 });
}
