// Runs before each test file, before it imports the database layer: the file uses its worker's
// database (VITEST_POOL_ID is 1 to the number of workers; each worker runs one file at a time).
const urls = (process.env.TEST_WORKER_DATABASE_URLS ?? "").split(" ").filter(Boolean);
if (urls.length > 0) {
  const worker = Number(process.env.VITEST_POOL_ID ?? 1);
  process.env.DATABASE_URL = urls[(worker - 1) % urls.length];
}
