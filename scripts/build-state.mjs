// Whether a build is older than the sources it was made from (`npm start`, `npm run import`).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The latest modification time of any file under `dir` (node_modules and dist aside). */
function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

/** Whether any of `builds` is missing or older than a file under `sourceDirs`. */
export function isStale(builds, sourceDirs) {
  const sources = Math.max(...sourceDirs.map(newest));
  return builds.some((file) => !existsSync(file) || statSync(file).mtimeMs < sources);
}
