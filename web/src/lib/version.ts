/** Splits "v1.2.10-rc.1" into numeric parts [1, 2, 10]; a pre-release suffix is ignored. */
function parts(version: string): number[] {
  const core = version.trim().replace(/^v/i, '').split(/[-+]/)[0];
  return core.split('.').map((p) => Number.parseInt(p, 10) || 0);
}

/** Whether `latest` is a newer release than `installed`; false when either is empty. */
export function isNewerVersion(installed: string, latest: string): boolean {
  if (!installed.trim() || !latest.trim()) return false;
  const a = parts(installed);
  const b = parts(latest);
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const diff = (b[i] ?? 0) - (a[i] ?? 0);
    if (diff !== 0) return diff > 0;
  }
  return false;
}
