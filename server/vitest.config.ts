import { defineConfig } from 'vitest/config';

/** Files that replace a module with `vi.mock`: they need a module cache of their own. */
const mocking = ['test/channels/new-vendor.test.ts'];
/**
 * Files that run several server processes on one database and Redis: one at a time, once the
 * other files are done (three instances take up to 60 database connections under load, where
 * PostgreSQL allows 100, and the machine's cores to themselves keep their timings steady).
 */
const instances = ['test/instances/**/*.test.ts'];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // The tests mostly wait on sockets, databases and child processes: more files at a time
    // than cores keeps both cores busy.
    maxWorkers: 3,
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: [...mocking, ...instances],
          // Each file builds its own app, database and servers, so files can share a worker's
          // loaded modules: loading the server's modules once per worker rather than once per
          // file is most of the suite's time otherwise.
          isolate: false,
        },
      },
      { extends: true, test: { name: 'isolated', include: mocking } },
      {
        extends: true,
        test: {
          name: 'instances',
          include: instances,
          isolate: false,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
