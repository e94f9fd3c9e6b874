import { useQuery } from '@tanstack/react-query';
import { fetchSelfLimits } from '../api';

/** The signed-in user's limits; off while signed out. */
export function useSelfLimits(enabled = true) {
  return useQuery({ queryKey: ['self', 'limits'], queryFn: fetchSelfLimits, enabled });
}

/** The user's own price multiplier from the limits, 1 while unknown. */
export function userRatioOf(limits: { discount?: unknown } | undefined): number {
  const value = limits?.discount;
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : 1;
}
