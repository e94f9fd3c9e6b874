/** What an editor's values are: ratios and prices (non-negative numbers) or descriptions. */
export type MapValueKind = 'number' | 'text';

/** One row of the table view. */
export interface MapRow {
  /** Stable row id for React (not saved). */
  id: number;
  name: string;
  value: number | string | null;
}

/** Why a map cannot be saved (an i18n key under `operation:errors`), with the row's name. */
export interface MapProblem {
  error: 'syntax' | 'notObject' | 'badValue' | 'emptyName' | 'duplicate';
  name?: string;
}

let nextRowId = 1;

/** The table rows of a stored JSON map, sorted by name; null when the text is not a map. */
export function rowsOf(text: string): MapRow[] | null {
  try {
    const value: unknown = JSON.parse(text || '{}');
    if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
    return Object.entries(value as Record<string, number | string>)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, v]) => ({ id: nextRowId++, name, value: v }));
  } catch {
    return null;
  }
}

/** A new empty row. */
export const emptyRow = (): MapRow => ({ id: nextRowId++, name: '', value: null });

const goodValue = (value: unknown, kind: MapValueKind) =>
  kind === 'text'
    ? typeof value === 'string'
    : typeof value === 'number' && Number.isFinite(value) && value >= 0;

/** The map of the table rows, or the first problem (empty name, repeated name, bad value). */
export function mapOfRows(
  rows: MapRow[],
  kind: MapValueKind,
): { map?: Record<string, number | string>; problem?: MapProblem } {
  const map: Record<string, number | string> = {};
  for (const row of rows) {
    const name = row.name.trim();
    if (!name) return { problem: { error: 'emptyName' } };
    if (name in map) return { problem: { error: 'duplicate', name } };
    if (!goodValue(row.value, kind)) return { problem: { error: 'badValue', name } };
    map[name] = row.value as number | string;
  }
  return { map };
}

/** The map written in the JSON view, or its first problem. */
export function mapOfJson(
  text: string,
  kind: MapValueKind,
): { map?: Record<string, number | string>; problem?: MapProblem } {
  let value: unknown;
  try {
    value = JSON.parse(text.trim() || '{}');
  } catch {
    return { problem: { error: 'syntax' } };
  }
  if (!value || typeof value !== 'object' || Array.isArray(value))
    return { problem: { error: 'notObject' } };
  for (const [name, v] of Object.entries(value)) {
    if (!name.trim()) return { problem: { error: 'emptyName' } };
    if (!goodValue(v, kind)) return { problem: { error: 'badValue', name } };
  }
  return { map: value as Record<string, number | string> };
}

/** The text stored for a map: sorted keys, two-space indentation. */
export function serializeMap(map: Record<string, number | string>): string {
  const sorted = Object.fromEntries(Object.entries(map).sort(([a], [b]) => a.localeCompare(b)));
  return JSON.stringify(sorted, null, 2);
}

/** Whether two stored map texts hold the same map. */
export function sameMap(a: string, b: string): boolean {
  try {
    return (
      serializeMap(JSON.parse(a || '{}') as Record<string, number>) ===
      serializeMap(JSON.parse(b || '{}') as Record<string, number>)
    );
  } catch {
    return a === b;
  }
}

/** Status codes and ranges such as `401,403-404,500-599`; empty allowed. */
export function isStatusRanges(text: string): boolean {
  if (!text.trim()) return true;
  return text.split(',').every((part) => {
    const m = /^\s*([1-5]\d\d)\s*(?:-\s*([1-5]\d\d)\s*)?$/.exec(part);
    return !!m && (!m[2] || Number(m[2]) >= Number(m[1]));
  });
}
