/** Tag colour of a group (spec section 3): vip yellow, svip and premium red, others plain. */
export function groupColor(group: string): string | undefined {
  const name = group.toLowerCase();
  if (name === 'svip' || name === 'premium') return 'red';
  if (name === 'vip') return 'gold';
  return undefined;
}
