// The server benchmark (`npm run bench:server [-- --db sqlite|postgres]`): starts the production
// build the way `npm start` does, on a freshly seeded throwaway database, and measures what a page
// and a poll cost the server. It builds nothing: run `npm run build` first (BUILD_DIR is honoured).
// Everything is bounded (request counts and a time limit) and talks to 127.0.0.1 only.
//
// - CPU per request: utime+stime of the listening node process from /proc/<pid>/stat around 200
//   sequential requests, median of 3 rounds, as a ratio to GET /api/auth/me measured in the same
//   rounds (side by side, so a busy machine slows them alike).
// - Requests per second: 50 connections asking for /admin/dashboard for 5 s.
//   The lead lists (My Leads, All Leads: HTML and .data) are among them, target 3x; `--only lists`
//   measures those alone.
// - Sign-in stall: the p90 wait of a stream of GET /api/auth/me while 6 sign-ins run in parallel,
//   against its idle median; and 10 parallel sign-ins of one account (all must get in) with the
//   server's peak memory.
// - `--soak SECONDS` instead: mixed traffic for that long, with RSS and the heap after GC (soak()).
import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  commandLine,
  createPostgresDatabase,
  dropPostgresDatabase,
  median,
  productionBuildDir,
  seedDemo,
  serverEnv,
  signIn as signInAt,
  startServer,
  stopServer,
  waitForServer,
} from "./bench-support";

const { option } = commandLine();
const db = option("db", "sqlite");
if (db !== "sqlite" && db !== "postgres") throw new Error("--db must be sqlite or postgres");
const port = Number(option("port", "3481"));
const REQUESTS = Number(option("requests", "200"));
const ROUNDS = Number(option("rounds", "3"));
// `--only signins` skips the CPU and throughput parts, to compare hashing settings quickly;
// `--only lists` measures the CPU of /api/auth/me and the two lead lists alone.
const only = option("only", "all");
if (!["all", "signins", "lists"].includes(only)) throw new Error("--only must be all, signins or lists");
const signInsOnly = only === "signins";
// `--soak SECONDS`: instead of the rest, mixed traffic for that long, sampling memory (below).
const SOAK_SECONDS = Number(option("soak", "0"));
const POSTGRES_ADMIN_URL = process.env.BENCH_POSTGRES_URL || "postgres://postgres@127.0.0.1:5432/test";
const TIME_LIMIT_MS = 15 * 60_000 + SOAK_SECONDS * 1000;
const base = `http://127.0.0.1:${port}`;
const TICK_MS = 1000 / 100; // USER_HZ is 100 on Linux

const buildDir = productionBuildDir();

const deadline = setTimeout(() => {
  console.error("The benchmark ran past its time limit; stopping.");
  void cleanUp().finally(() => process.exit(1));
}, TIME_LIMIT_MS);

let server: ChildProcess | null = null;
let sqliteFile: string | null = null;
let pgDatabase: string | null = null;

async function cleanUp() {
  await stopServer(server);
  if (sqliteFile) for (const f of [sqliteFile, `${sqliteFile}-wal`, `${sqliteFile}-shm`]) fs.rmSync(f, { force: true });
  if (pgDatabase) {
    await dropPostgresDatabase(POSTGRES_ADMIN_URL, pgDatabase);
  }
}

async function createDatabase() {
  if (db === "sqlite") {
    sqliteFile = path.join(os.tmpdir(), `bench-server-${process.pid}.sqlite`);
    return `sqlite:${sqliteFile}`;
  }
  pgDatabase = `bench_server_${process.pid}`;
  return createPostgresDatabase(POSTGRES_ADMIN_URL, pgDatabase, { replace: true });
}

// --- /proc helpers ---------------------------------------------------------------------------

function childrenOf(pid: number): number[] {
  const found: number[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === pid) found.push(Number(entry));
    } catch {
      // the process ended while we looked
    }
  }
  return found;
}

function descendantsOf(pid: number): number[] {
  const direct = childrenOf(pid);
  return [pid, ...direct.flatMap(descendantsOf)];
}

/** The pid among `candidates` holding the listening socket on `port` (npm start wraps node). */
function listeningPid(candidates: number[]) {
  const hexPort = port.toString(16).toUpperCase().padStart(4, "0");
  const inodes = new Set<string>();
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    for (const line of fs.readFileSync(table, "utf8").split("\n").slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols[1]?.endsWith(`:${hexPort}`) && cols[3] === "0A") inodes.add(cols[9]!);
    }
  }
  for (const pid of candidates) {
    try {
      for (const fd of fs.readdirSync(`/proc/${pid}/fd`)) {
        const link = fs.readlinkSync(`/proc/${pid}/fd/${fd}`);
        const inode = /^socket:\[(\d+)\]$/.exec(link)?.[1];
        if (inode && inodes.has(inode)) return pid;
      }
    } catch {
      // not ours to read, or gone
    }
  }
  throw new Error(`No process found listening on ${port}`);
}

function cpuTicks(pid: number) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // utime and stime are fields 14 and 15 of the file, 12 and 13 after "pid (comm) ".
  return Number(fields[11]) + Number(fields[12]);
}

function memoryKb(pid: number, field: "VmRSS" | "VmHWM") {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
}

// --- HTTP helpers ------------------------------------------------------------------------------

async function request(pathname: string, cookie?: string, init: RequestInit = {}) {
  const response = await fetch(base + pathname, {
    ...init,
    redirect: "manual",
    headers: { ...(cookie ? { cookie } : {}), ...(init.headers as Record<string, string>) },
  });
  await response.arrayBuffer();
  return response;
}

async function timed(pathname: string, cookie?: string) {
  const started = performance.now();
  const response = await request(pathname, cookie);
  if (response.status !== 200) throw new Error(`${pathname} answered ${response.status}`);
  return performance.now() - started;
}

const signIn = (email: string, password: string) => signInAt(base, email, password);

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

// --- the soak ----------------------------------------------------------------------------------

/**
 * `--soak SECONDS`: what a working day sends, compressed: four agents' and admins' page views
 * (HTML and .data), API reads and the lists' polls back to back, a sign-in every 5 s and a lead's
 * status change every 2 s. The server's RSS (from /proc) and its heap after a full GC (the probe's
 * log) are sampled every 10 s and reported at the start and at minutes 1, 5 and 10 (or the end),
 * with the growth over the second half: flat means no steady growth.
 */
async function soak(pid: number, cookies: { admin: string; agent: string }, heapLog: string) {
  const { admin, agent } = cookies;
  const reads = [
    ["/agent/leads", agent],
    ["/agent/leads.data", agent],
    ["/agent/dashboard", agent],
    ["/agent/dashboard.data", agent],
    ["/api/leads/version", agent],
    ["/api/counts", agent],
    ["/api/agent/applications?page=2", agent],
    ["/admin/leads", admin],
    ["/admin/leads.data?unread=1", admin],
    ["/admin/dashboard", admin],
    ["/api/leads/version", admin],
    ["/api/counts", admin],
    ["/api/admin/applications?search=smith", admin],
    ["/api/notifications/unread-count", admin],
  ] as const;
  const listed = await fetch(`${base}/api/agent/applications?pageSize=20`, { headers: { cookie: agent } });
  // A sold lead's status stays (a sale is undone by cancelling it), so the writes skip those.
  const leadIds = ((await listed.json()) as { id: string; status: string }[])
    .filter((lead) => lead.status !== "sale")
    .map((lead) => lead.id);
  const until = performance.now() + SOAK_SECONDS * 1000;
  const counts = { reads: 0, signIns: 0, writes: 0, failed: 0 };
  const rss: { at: number; kb: number }[] = [];
  const started = Date.now();
  const sampler = setInterval(() => rss.push({ at: Date.now(), kb: memoryKb(pid, "VmRSS") }), 10_000);
  rss.push({ at: started, kb: memoryKb(pid, "VmRSS") });
  console.log(`Soaking for ${SOAK_SECONDS} s ...`);
  const readers = Array.from({ length: 4 }, async (_, worker) => {
    for (let i = worker; performance.now() < until; i++) {
      const [pathname, cookie] = reads[i % reads.length]!;
      const response = await request(pathname, cookie);
      if (response.status === 200) counts.reads++;
      else counts.failed++;
    }
  });
  const every = async (ms: number, task: () => Promise<boolean>) => {
    while (performance.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, ms));
      if (await task().catch(() => false)) continue;
      counts.failed++;
    }
  };
  const statuses = ["contacted", "pending", "declined"];
  const signIns = every(5000, async () => {
    await signIn("agent@example.com", "agent12345");
    counts.signIns++;
    return true;
  });
  const writes = every(2000, async () => {
    if (!leadIds.length) return true;
    const n = counts.writes++;
    const response = await request(`/api/agent/applications/${leadIds[n % leadIds.length]}/status`, agent, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ status: statuses[n % statuses.length] }),
    });
    return response.status === 200;
  });
  await Promise.all([...readers, signIns, writes]);
  clearInterval(sampler);
  rss.push({ at: Date.now(), kb: memoryKb(pid, "VmRSS") });

  const heap = fs
    .readFileSync(heapLog, "utf8")
    .trim()
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { at: number; heapUsed: number; rss: number });
  const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
  const near = <T extends { at: number }>(samples: T[], second: number) =>
    samples.reduce((best, s) =>
      Math.abs(s.at - started - second * 1000) < Math.abs(best.at - started - second * 1000) ? s : best,
    );
  const marks = [0, 60, 300, 600].filter((second) => second <= SOAK_SECONDS);
  if (!marks.includes(SOAK_SECONDS)) marks.push(SOAK_SECONDS);
  console.log(
    `\nSoak on ${db}, ${SOAK_SECONDS} s (${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(2)}): ` +
      `${counts.reads} reads, ${counts.signIns} sign-ins, ${counts.writes} status changes, ${counts.failed} failed`,
  );
  console.log(`${"at".padEnd(10)}${"RSS".padEnd(14)}heap after GC`);
  for (const second of marks) {
    const label = second === 0 ? "start" : second % 60 === 0 ? `min ${second / 60}` : `${second} s`;
    const heapAt = heap.length ? mib(near(heap, second).heapUsed) : "n/a (no probe log)";
    console.log(`${label.padEnd(10)}${mib(near(rss, second).kb * 1024).padEnd(14)}${heapAt}`);
  }
  const secondHalf = <T extends { at: number }>(samples: T[]) => {
    const half = samples.filter((s) => s.at - started >= (SOAK_SECONDS * 1000) / 2);
    return [half[0]!, half[half.length - 1]!] as const;
  };
  if (heap.length > 4) {
    const [heapFrom, heapTo] = secondHalf(heap);
    const [rssFrom, rssTo] = secondHalf(rss);
    console.log(
      `second half: heap after GC ${mib(heapFrom.heapUsed)} -> ${mib(heapTo.heapUsed)}, RSS ${mib(rssFrom.kb * 1024)} -> ${mib(rssTo.kb * 1024)}`,
    );
  }
  fs.rmSync(heapLog, { force: true });
}

// --- the benchmark -----------------------------------------------------------------------------

try {
  const databaseUrl = await createDatabase();
  const env = serverEnv(databaseUrl, port, buildDir);
  console.log(`Seeding ${db} ...`);
  await seedDemo(env);

  const heapLog = path.join(os.tmpdir(), `bench-server-heap-${process.pid}.jsonl`);
  if (SOAK_SECONDS) {
    // The probe (scripts/bench-heap-probe.mjs) logs the heap after a full GC every 10 s.
    fs.rmSync(heapLog, { force: true });
    const probe = path.resolve("scripts/bench-heap-probe.mjs");
    env.NODE_OPTIONS = `${env.NODE_OPTIONS ?? ""} --expose-gc --import ${probe}`.trim();
    Object.assign(env, { BENCH_HEAP_LOG: heapLog, BENCH_HEAP_EVERY_MS: "10000" });
  }
  console.log("Starting the server with `npm start` ...");
  server = startServer(env);
  await waitForServer(server, base);
  const pid = listeningPid(descendantsOf(server.pid!));

  const admin = await signIn("admin@example.com", "admin12345");
  const agent = await signIn("agent@example.com", "agent12345");
  const hasCounts = (await request("/api/counts", admin)).status === 200;
  if (SOAK_SECONDS) {
    await soak(pid, { admin, agent }, heapLog);
    clearTimeout(deadline);
    await cleanUp();
    process.exit(0);
  }

  const lists = [
    { label: "/agent/leads (HTML)", path: "/agent/leads", cookie: agent },
    { label: "/agent/leads.data", path: "/agent/leads.data", cookie: agent },
    { label: "/admin/leads (HTML)", path: "/admin/leads", cookie: admin },
    { label: "/admin/leads.data", path: "/admin/leads.data", cookie: admin },
  ];
  const everything: { label: string; path: string; cookie: string }[] = [
    { label: "GET /api/auth/me", path: "/api/auth/me", cookie: admin },
    ...(hasCounts
      ? [
          { label: "GET /api/counts (admin)", path: "/api/counts", cookie: admin },
          { label: "GET /api/counts (agent)", path: "/api/counts", cookie: agent },
        ]
      : []),
    { label: "/agent/dashboard (HTML)", path: "/agent/dashboard", cookie: agent },
    { label: "/agent/dashboard.data", path: "/agent/dashboard.data", cookie: agent },
    { label: "/admin/dashboard (HTML)", path: "/admin/dashboard", cookie: admin },
    { label: "/admin/dashboard.data", path: "/admin/dashboard.data", cookie: admin },
    ...lists,
  ];
  const targets = only === "lists" ? [everything[0]!, ...lists] : everything;

  const loadBefore = os.loadavg()[0]!;
  const rssAtStart = memoryKb(pid, "VmRSS");
  const pad = (text: string, width: number) => text.padEnd(width);
  const verdict = (ok: boolean) => (ok ? "PASS" : "FAIL");
  const results: string[] = [];
  const verdicts: string[] = [];

  if (!signInsOnly) {
    console.log(`Measuring CPU per request (${REQUESTS} requests x ${ROUNDS} rounds, side by side) ...`);
    for (const target of targets) for (let i = 0; i < 20; i++) await timed(target.path, target.cookie);
    const cpuMs = new Map<string, number[]>(targets.map((t) => [t.label, []]));
    const wallMs = new Map<string, number[]>(targets.map((t) => [t.label, []]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const target of targets) {
        const before = cpuTicks(pid);
        const latencies: number[] = [];
        for (let i = 0; i < REQUESTS; i++) latencies.push(await timed(target.path, target.cookie));
        cpuMs.get(target.label)!.push(((cpuTicks(pid) - before) * TICK_MS) / REQUESTS);
        wallMs.get(target.label)!.push(median(latencies));
      }
    }
    const baseline = median(cpuMs.get(targets[0]!.label)!);
    const ratio = (label: string) => median(cpuMs.get(label)!) / baseline;

    const latencies: number[] = [];
    if (only === "all") {
      console.log("Measuring requests per second at 50 connections on /admin/dashboard (5 s) ...");
      const until = performance.now() + 5000;
      await Promise.all(
        Array.from({ length: 50 }, async () => {
          while (performance.now() < until) latencies.push(await timed("/admin/dashboard", admin));
        }),
      );
    }

    results.push(`${pad("request", 28)}${pad("CPU ms/req", 12)}${pad("x auth/me", 11)}wall median ms`);
    if (!hasCounts && only === "all") results.push(`${pad("GET /api/counts", 28)}n/a`);
    for (const target of targets) {
      const cpu = median(cpuMs.get(target.label)!);
      const wall = median(wallMs.get(target.label)!);
      results.push(
        `${pad(target.label, 28)}${pad(cpu.toFixed(2), 12)}${pad(ratio(target.label).toFixed(2), 11)}${wall.toFixed(1)}`,
      );
    }
    const list = Math.max(...lists.map((target) => ratio(target.label)));
    verdicts.push(`  lead list (HTML or .data) <= 3x /api/auth/me: ${list.toFixed(2)}x ${verdict(list <= 3)}`);
    if (only === "all") {
      results.push(
        `/admin/dashboard at 50 connections: ${(latencies.length / 5).toFixed(1)} req/s, median ${median(latencies).toFixed(0)} ms, p90 ${percentile(latencies, 90).toFixed(0)} ms`,
      );
      if (hasCounts) {
        const counts = Math.max(ratio("GET /api/counts (admin)"), ratio("GET /api/counts (agent)"));
        verdicts.push(`  counts poll <= 1.5x /api/auth/me: ${counts.toFixed(2)}x ${verdict(counts <= 1.5)}`);
      } else {
        verdicts.push("  counts poll <= 1.5x /api/auth/me: n/a (no /api/counts yet)");
      }
      const page = Math.max(ratio("/agent/dashboard (HTML)"), ratio("/admin/dashboard (HTML)"));
      verdicts.push(`  dashboard page <= 2.5x /api/auth/me: ${page.toFixed(2)}x ${verdict(page <= 2.5)}`);
    }
  }

  if (only !== "lists") {
    console.log(`Measuring the wait of other requests during 6 parallel sign-ins (${ROUNDS} rounds) ...`);
    const stallRatios: number[] = [];
    const idleMedians: number[] = [];
    const busyP90s: number[] = [];
    const signInMs: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const idle: number[] = [];
      for (let i = 0; i < 100; i++) idle.push(await timed("/api/auth/me", agent));
      const busy: number[] = [];
      let signingIn = true;
      const started = performance.now();
      const signIns = Promise.all(
        // The agent's account only: the admin's second factor lets one sign-in through per 30-second
        // step (decision 079), and the password's hashing, which this measures, is the same.
        Array.from({ length: 6 }, () => signIn("agent@example.com", "agent12345")),
      ).finally(() => {
        signingIn = false;
        signInMs.push(performance.now() - started);
      });
      const stream = (async () => {
        while (signingIn) busy.push(await timed("/api/auth/me", agent));
      })();
      await Promise.all([signIns, stream]);
      idleMedians.push(median(idle));
      busyP90s.push(percentile(busy, 90));
      stallRatios.push(percentile(busy, 90) / median(idle));
    }
    const rssBefore = memoryKb(pid, "VmRSS");
    const tenStarted = performance.now();
    const ten = await Promise.allSettled(Array.from({ length: 10 }, () => signIn("agent@example.com", "agent12345")));
    const tenSignInsMs = performance.now() - tenStarted;
    const tenIn = ten.filter((result) => result.status === "fulfilled").length;
    const peakRss = memoryKb(pid, "VmHWM");
    const stall = median(stallRatios);
    results.push(
      `GET /api/auth/me during 6 parallel sign-ins: p90 ${median(busyP90s).toFixed(1)} ms against idle median ${median(idleMedians).toFixed(1)} ms = ${stall.toFixed(1)}x (rounds: ${stallRatios.map((r) => r.toFixed(1)).join(", ")}); the 6 sign-ins took ${median(signInMs).toFixed(0)} ms`,
      `10 parallel sign-ins of one account: ${tenIn}/10 signed in, ${tenSignInsMs.toFixed(0)} ms; server RSS ${(rssAtStart / 1024).toFixed(0)} MiB at start, ${(rssBefore / 1024).toFixed(0)} MiB before them, peak ${(peakRss / 1024).toFixed(0)} MiB`,
    );
    verdicts.push(`  p90 during sign-ins <= 3x idle median: ${stall.toFixed(1)}x ${verdict(stall <= 3)}`);
    verdicts.push(`  10 parallel sign-ins of one account all succeed: ${tenIn}/10 ${verdict(tenIn === 10)}`);
  }

  const loadAfter = os.loadavg()[0]!;
  console.log(
    `\nServer benchmark on ${db} (${os.cpus().length} cores, load average ${loadBefore.toFixed(2)} -> ${loadAfter.toFixed(2)})`,
  );
  for (const line of results) console.log(line);
  console.log("\nTargets");
  for (const line of verdicts) console.log(line);
} finally {
  clearTimeout(deadline);
  await cleanUp();
}
