import type crypto from "node:crypto";
import { Worker } from "node:worker_threads";
import { createLimiter } from "~db/concurrency";

// Password hashing must not starve the requests around it (docs/decisions/008). scrypt at OWASP's
// cost takes 128 MiB and a few hundred milliseconds of CPU; run on libuv's pool, six at once filled
// the 4 threads sqlite3 and compression need and took both cores. Here one worker thread computes
// scrypt synchronously, one hash at a time (the queue below), at a lower CPU priority (nice 10) than
// the event loop, so it takes the CPU the server leaves free and at most 128 MiB. Linux sets a
// thread's priority by its thread id, which /proc/thread-self names; elsewhere the worker runs at
// normal priority.
const WORKER_SOURCE = `
const { parentPort } = require("node:worker_threads");
const crypto = require("node:crypto");
try {
  const tid = Number(require("node:fs").readlinkSync("/proc/thread-self").split("/").pop());
  require("node:os").setPriority(tid, 10);
} catch {}
parentPort.on("message", ({ password, salt, keylen, options }) => {
  try {
    parentPort.postMessage({ hash: crypto.scryptSync(password, salt, keylen, options) });
  } catch (error) {
    parentPort.postMessage({ error: String(error && error.message) });
  }
});
`;

type Reply = { hash?: Uint8Array; error?: string };

let worker: Worker | null = null;
let settle: ((reply: Reply) => void) | null = null;

function hashingWorker() {
  if (worker) return worker;
  const thread = new Worker(WORKER_SOURCE, { eval: true });
  // Idle, it must not keep a CLI script or a test run alive; the call in flight refs it.
  thread.unref();
  thread.on("message", (reply: Reply) => settle?.(reply));
  const fail = (error?: Error) => {
    if (worker === thread) worker = null;
    settle?.({ error: error?.message ?? "The password hashing worker stopped" });
  };
  thread.on("error", fail);
  thread.on("exit", () => fail());
  return (worker = thread);
}

const oneAtATime = createLimiter(1);

/** scrypt in the hashing worker, queued first come, first served behind the hash in progress. */
export function scryptInWorker(password: string, salt: Buffer, keylen: number, options: crypto.ScryptOptions) {
  return oneAtATime(() => {
    const thread = hashingWorker();
    return new Promise<Buffer>((resolve, reject) => {
      settle = (reply) => {
        settle = null;
        thread.unref();
        if (reply.hash) resolve(Buffer.from(reply.hash));
        else reject(new Error(reply.error ?? "scrypt failed"));
      };
      thread.ref();
      thread.postMessage({ password, salt, keylen, options });
    });
  });
}
