import { defineConfig } from 'vitest/config';

/** Unit tests of the console: pure helpers, no browser. */
export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'node',
  },
});
