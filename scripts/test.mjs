// `npm test`: every test. The server suite runs once per database/cache combination; the
// console has unit tests and end-to-end tests in Chromium against the real server.
// Pick a subset with TEST_ONLY=shared,server,web,e2e and TEST_MATRIX=sqlite,sqlite+redis,...
import { spawnSync } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const matrix = (process.env.TEST_MATRIX ?? 'sqlite,sqlite+redis,postgres+redis,mysql,mysql+redis')
  .split(',')
  .filter(Boolean);
const only = process.env.TEST_ONLY?.split(',');
const wants = (part) => !only || only.includes(part);

const steps = [];
if (wants('shared')) steps.push(['shared', ['run', 'test', '-w', 'packages/shared'], {}]);
if (wants('server')) {
  // Pure unit tests (src/**) touch no database: the first combination runs them, the others
  // run only the integration tests (test/**), which depend on the engine and on Redis.
  matrix.forEach((combo, index) => {
    const [db, redis] = combo.split('+');
    const filter = index === 0 ? [] : ['--', 'test/'];
    steps.push([
      `server on ${combo}`,
      ['run', 'test', '-w', 'server', ...filter],
      { TEST_DB: db, TEST_REDIS: redis ? '1' : '0' },
    ]);
  });
}
if (wants('web')) steps.push(['web', ['run', 'test', '-w', 'web', '--', '--passWithNoTests'], {}]);
if (wants('e2e')) steps.push(['e2e', ['run', 'e2e', '-w', 'web'], {}]);

const failed = [];
for (const [name, args, env] of steps) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const result = spawnSync('npm', args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  console.log(
    `=== ${name}: ${result.status === 0 ? 'passed' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  if (result.status !== 0) failed.push(name);
}
if (failed.length) {
  console.error(`\nFailed: ${failed.join(', ')}`);
  process.exit(1);
}
console.log('\nAll tests passed.');
