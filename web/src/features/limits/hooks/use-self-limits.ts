import type { UserLimits } from '@gateway/shared';
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

/** The models the user's level prices on its own, with their ratios. */
export function levelModelRatios(limits: UserLimits | undefined): Record<string, number> {
  const entries = (limits?.level?.models ?? []).flatMap((m) =>
    m.price === null ? [] : [[m.model, m.price] as const],
  );
  return Object.fromEntries(entries);
}
