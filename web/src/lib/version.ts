/** Numeric parts of a version like "v1.2.10-beta" → [1, 2, 10]; empty when none. */
function parts(version: string): number[] {
  const core = version.trim().replace(/^v/i, '').split(/[-+ ]/)[0];
  if (!core) return [];
  return core.split('.').map((p) => Number.parseInt(p, 10) || 0);
}

/** Whether `latest` is a newer release than `installed` (unknown versions never are). */
export function isNewerVersion(latest: string, installed: string): boolean {
  const a = parts(latest);
  const b = parts(installed);
  if (a.length === 0 || b.length === 0) return false;
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const diff = (a[i] ?? 0) - (b[i] ?? 0);
    if (diff !== 0) return diff > 0;
  }
  return false;
}
