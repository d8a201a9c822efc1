// The server benchmark (`npm run bench:server [-- --db sqlite|postgres]`): starts the production
// build the way `npm start` does, on a freshly seeded throwaway database, and measures what a page
// and a poll cost the server. It builds nothing: run `npm run build` first (BUILD_DIR is honoured).
// Everything is bounded (request counts and a time limit) and talks to 127.0.0.1 only.
//
// - CPU per request: utime+stime of the listening node process from /proc/<pid>/stat around 200
//   sequential requests, median of 3 rounds, as a ratio to GET /api/auth/me measured in the same
//   rounds (side by side, so a busy machine slows them alike).
// - Requests per second: 50 connections asking for /admin/dashboard for 5 s.
// - Sign-in stall: the p90 wait of a stream of GET /api/auth/me while 6 sign-ins run in parallel,
//   against its idle median; and the server's peak memory during 10 parallel sign-ins.
import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import {
  median,
  productionBuildDir,
  seedDemo,
  serverEnv,
  signIn as signInAt,
  startServer,
  stopServer,
  waitForServer,
} from "./bench-support";

const args = process.argv.slice(2);
function option(name: string, fallback: string) {
  const index = args.indexOf(`--${name}`);
  return index >= 0 && args[index + 1] ? args[index + 1]! : fallback;
}
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
const POSTGRES_ADMIN_URL = process.env.BENCH_POSTGRES_URL || "postgres://postgres@127.0.0.1:5432/test";
const TIME_LIMIT_MS = 15 * 60_000;
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
    const client = new pg.Client(POSTGRES_ADMIN_URL);
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS "${pgDatabase}" WITH (FORCE)`);
    await client.end();
  }
}

async function createDatabase() {
  if (db === "sqlite") {
    sqliteFile = path.join(os.tmpdir(), `bench-server-${process.pid}.sqlite`);
    return `sqlite:${sqliteFile}`;
  }
  pgDatabase = `bench_server_${process.pid}`;
  const client = new pg.Client(POSTGRES_ADMIN_URL);
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS "${pgDatabase}"`);
  await client.query(`CREATE DATABASE "${pgDatabase}"`);
  await client.end();
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${pgDatabase}`;
  return url.toString();
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

// --- the benchmark -----------------------------------------------------------------------------

try {
  const databaseUrl = await createDatabase();
  const env = serverEnv(databaseUrl, port, buildDir);
  console.log(`Seeding ${db} ...`);
  await seedDemo(env);

  console.log("Starting the server with `npm start` ...");
  server = startServer(env);
  await waitForServer(server, base);
  const pid = listeningPid(descendantsOf(server.pid!));

  const admin = await signIn("admin@example.com", "admin12345");
  const agent = await signIn("agent@example.com", "agent12345");
  const hasCounts = (await request("/api/counts", admin)).status === 200;

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
        Array.from({ length: 6 }, (_, i) =>
          signIn(i % 2 ? "agent@example.com" : "admin@example.com", i % 2 ? "agent12345" : "admin12345"),
        ),
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
    await Promise.all(Array.from({ length: 10 }, () => signIn("agent@example.com", "agent12345")));
    const tenSignInsMs = performance.now() - tenStarted;
    const peakRss = memoryKb(pid, "VmHWM");
    const stall = median(stallRatios);
    results.push(
      `GET /api/auth/me during 6 parallel sign-ins: p90 ${median(busyP90s).toFixed(1)} ms against idle median ${median(idleMedians).toFixed(1)} ms = ${stall.toFixed(1)}x (rounds: ${stallRatios.map((r) => r.toFixed(1)).join(", ")}); the 6 sign-ins took ${median(signInMs).toFixed(0)} ms`,
      `10 parallel sign-ins: ${tenSignInsMs.toFixed(0)} ms; server RSS ${(rssAtStart / 1024).toFixed(0)} MiB at start, ${(rssBefore / 1024).toFixed(0)} MiB before them, peak ${(peakRss / 1024).toFixed(0)} MiB`,
    );
    verdicts.push(`  p90 during sign-ins <= 3x idle median: ${stall.toFixed(1)}x ${verdict(stall <= 3)}`);
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
