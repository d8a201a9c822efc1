/**
 * How many test files vitest runs at once, each worker on a database of its own
 * (tests/support/global-setup.ts). Two, one per core of the machines this runs on; VITEST_WORKERS
 * overrides it (1 runs every file in one worker on one database, as before).
 */
export const TEST_WORKERS = Math.max(1, Number(process.env.VITEST_WORKERS) || 2);
