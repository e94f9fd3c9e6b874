import { defineConfig } from 'vitest/config';

/** Files that replace a module with `vi.mock`: they need a module cache of their own. */
const mocking = ['test/channels/new-vendor.test.ts'];

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
          exclude: mocking,
          // Each file builds its own app, database and servers, so files can share a worker's
          // loaded modules: loading the server's modules once per worker rather than once per
          // file is most of the suite's time otherwise.
          isolate: false,
        },
      },
      { extends: true, test: { name: 'isolated', include: mocking } },
    ],
  },
});
