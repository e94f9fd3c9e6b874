import { useQuery } from '@tanstack/react-query';
import { fetchModelsByType } from '../api';

/** Known models per channel type (the type picker and "fill common models"). */
export function useModelsByType() {
  return useQuery({ queryKey: ['models-by-type'], queryFn: fetchModelsByType, staleTime: 300_000 });
}
