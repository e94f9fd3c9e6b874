import type { ServedChannelType } from '@gateway/shared';
import { channelTypeName } from './channel-types';

/** One entry of the type picker. */
export interface TypeOption {
  value: number;
  /** Name and id, so both can be searched. */
  label: string;
  /** False for a stored channel's type that the relay no longer serves. */
  served: boolean;
}

/**
 * The type picker's entries: the served types by name, and the current type at the end when
 * the relay does not serve it (so an old channel still shows its type). Before the served
 * list arrives, only the current type.
 */
export function typeOptions(
  served: readonly ServedChannelType[] | undefined,
  current: number | undefined,
): TypeOption[] {
  const options = (served ?? [])
    .map((s) => ({ value: s.type, label: `${s.name} (${s.type})`, served: true }))
    .sort((a, b) => a.label.localeCompare(b.label));
  if (current !== undefined && !options.some((o) => o.value === current)) {
    const label = `${channelTypeName(current)} (${current})`;
    options.push({ value: current, label, served: served === undefined });
  }
  return options;
}

/** Whether the relay serves a type; true while the served list is unknown. */
export const isServed = (served: readonly ServedChannelType[] | undefined, type: number) =>
  served === undefined || served.some((s) => s.type === type);

/** Address rules of a type, from the served list (nothing is required while it loads). */
export function baseUrlRule(
  served: readonly ServedChannelType[] | undefined,
  type: number,
): { required: boolean; defaultUrl: string | undefined } {
  const info = served?.find((s) => s.type === type);
  if (info) return { required: info.base_url_required, defaultUrl: info.base_url || undefined };
  return { required: false, defaultUrl: undefined };
}
