// Loaded into the production server only by `npm run bench:server -- --soak` (through NODE_OPTIONS
// --import, with --expose-gc): every BENCH_HEAP_EVERY_MS it runs a full garbage collection and
// appends the heap left and the RSS as one JSON line to BENCH_HEAP_LOG. The server's own code knows
// nothing of it. npm, which NODE_OPTIONS also reaches, and worker threads are left alone.
import fs from "node:fs";
import { isMainThread } from "node:worker_threads";

const file = process.env.BENCH_HEAP_LOG;
const every = Number(process.env.BENCH_HEAP_EVERY_MS || 10_000);
const isServer = /server\.js$/.test(process.argv[1] ?? "");

if (file && isMainThread && isServer && typeof globalThis.gc === "function") {
  const sample = () => {
    globalThis.gc();
    const { heapUsed, rss } = process.memoryUsage();
    fs.appendFileSync(file, `${JSON.stringify({ at: Date.now(), heapUsed, rss })}\n`);
  };
  setTimeout(sample, 1_000).unref();
  setInterval(sample, every).unref();
}
