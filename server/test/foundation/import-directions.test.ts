import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '../../..');
const cli = join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');

/** Runs the repository's import-direction check on `paths` inside `cwd`. */
function cruise(cwd: string, paths: string[]) {
  const result = spawnSync(
    process.execPath,
    [cli, '--config', join(root, '.dependency-cruiser.cjs'), '--output-type', 'err', ...paths],
    { cwd, encoding: 'utf8' },
  );
  return { status: result.status, output: result.stdout + result.stderr };
}

describe('import directions (npm run lint)', () => {
  it('fails on a wrong-way import, a type-only cycle and a reach into another feature', () => {
    const { status, output } = cruise(join(here, 'import-fixtures'), ['server/src', 'web/src']);
    expect(status).not.toBe(0);
    expect(output).toContain(
      'domain-below-the-edges: server/src/domain/pricing/wrong-way.ts → server/src/relay/upstream-call.ts',
    );
    expect(output).toMatch(
      /no-cycles: server\/src\/lib\/first\.ts →\s+server\/src\/lib\/second\.ts/,
    );
    expect(output).toContain(
      'features-through-their-index: web/src/features/alpha/AlphaPage.ts → web/src/features/beta/BetaTable.ts',
    );
  });
});
