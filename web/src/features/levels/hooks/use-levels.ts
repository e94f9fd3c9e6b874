import { useQuery } from '@tanstack/react-query';
import { fetchLevels } from '../api';

/** Every level (administrators). */
export function useLevels(enabled = true) {
  return useQuery({ queryKey: ['levels'], queryFn: fetchLevels, enabled });
}
