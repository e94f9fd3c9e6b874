/** One group as the groups table edits it. */
export interface GroupRow {
  name: string;
  ratio: number;
  description: string;
  /** Listed in `UserUsableGroups`: users may pick it for their keys. */
  offered: boolean;
}

function parseMap(text: string | undefined): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text || '{}');
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/** The groups of the two settings (`GroupRatio`, `UserUsableGroups`), `default` first. */
export function readGroups(
  ratioText: string | undefined,
  usableText: string | undefined,
): GroupRow[] {
  const ratios = parseMap(ratioText);
  const usable = parseMap(usableText);
  const names = [...new Set([...Object.keys(ratios), ...Object.keys(usable)])];
  names.sort((a, b) => (a === 'default' ? -1 : b === 'default' ? 1 : a.localeCompare(b)));
  return names.map((name) => ({
    name,
    ratio: typeof ratios[name] === 'number' ? ratios[name] : 1,
    description: typeof usable[name] === 'string' ? usable[name] : '',
    offered: Object.hasOwn(usable, name),
  }));
}

/** The two settings for a list of groups, as the JSON text they are stored as. */
export function writeGroups(groups: readonly GroupRow[]): { ratio: string; usable: string } {
  const ratio = Object.fromEntries(groups.map((g) => [g.name, g.ratio]));
  const usable = Object.fromEntries(
    groups.filter((g) => g.offered).map((g) => [g.name, g.description || g.name]),
  );
  return { ratio: JSON.stringify(ratio, null, 2), usable: JSON.stringify(usable, null, 2) };
}
