import { createRequire } from 'node:module';

/**
 * Loads a CommonJS package synchronously at first use. Drivers the configuration may never
 * need (PostgreSQL, MySQL, Redis, SMTP) each cost 10-25 MB of memory once loaded, so they are
 * loaded only when configured rather than imported at start.
 */
export const lazyRequire = createRequire(import.meta.url);
