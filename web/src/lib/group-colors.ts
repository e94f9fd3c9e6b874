import { levelTierColors } from '@gateway/shared';

/** Tag colour of a group: vip yellow, svip and premium red, others plain. */
export function groupColor(group: string): string | undefined {
  const name = group.toLowerCase();
  if (name === 'svip' || name === 'premium') return 'red';
  if (name === 'vip') return 'gold';
  return undefined;
}

/** Tag colour of a level by its sort number: 1 lime, 2 blue, 3 violet, 4 purple, 5 red. */
export function levelColor(priority: number): string | undefined {
  if (priority <= 0) return undefined;
  return levelTierColors[Math.min(priority, levelTierColors.length) - 1];
}
