// The page benchmark (`npm run bench:pages`): what a first visit costs on a phone over a slow
// mobile link, for the pages agents and admins open most. Run with --help for the options.
//
// It builds nothing: it starts the production build in BUILD_DIR (default `build`) the way
// `npm start` does, on a freshly seeded demo SQLite database in a temporary folder, signs in the
// demo agent and admin, and opens each page in a fresh Chromium context (the session cookie, an
// empty cache) with Chrome DevTools' "Slow 4G" preset and a 4x slower CPU on a 390x844 phone
// screen. For each page it reads the JavaScript fetched until the page has loaded and React has
// hydrated it, and during the 5 s of idle after that; the largest contentful paint; the layout
// shift; and when root.tsx marked <html data-hydrated>. Times are also given as ratios to a bare
// page measured in the same rounds: the 404 page, which renders almost nothing but goes through
// root.tsx and hydrates with React and Remix like any page. The median of 5 rounds, the pages
// visited in turns within a round (each round starting one page later) so the machine's load hits
// all alike.
import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { chromium, type Browser } from "@playwright/test";
import {
  commandLine,
  median,
  productionBuildDir,
  refuseIfListening,
  seedDemo,
  serverEnv,
  signIn,
  startServer,
  stopServer,
  waitForServer,
} from "./bench-support";

const USAGE = `npm run bench:pages [-- options]

Measures the agent's and the admin's main pages on a throttled phone, against a bare page of the
same framework (the 404 page). It builds nothing: it starts the production build in BUILD_DIR
(default: build), so run \`npm run build\` (or BUILD_DIR=... npm run build) first.
The phone: Chrome DevTools' Slow 4G preset (562.5 ms added per request, 1.44 Mbps down, 675 Kbps
up), the CPU 4x slower, a 390x844 screen. Targets (issue 23): an agent page's first visit at most
110 KB of gzipped JavaScript in 15 files; no script fetched while idle; hydrated within 1.5x and
the largest contentful paint within 1.2x the bare page's; CLS at most 0.02.

  --rounds N     rounds of visits, the median is reported (default 5)
  --only TEXT    only the pages whose name or path contains TEXT (the bare page is always measured)
  --json         print the figures as JSON instead of a table
  --strict       exit 1 if a target is missed (by default it only reports)
  --port N       the server's port (default 3462)

Environment: BUILD_DIR, CHROMIUM_PATH (default: Debian's chromium-headless-shell, else chromium).`;

const { args, option } = commandLine();
if (args.includes("--help") || args.includes("-h")) {
  console.log(USAGE);
  process.exit(0);
}
const ROUNDS = Number(option("rounds", "5"));
if (!Number.isInteger(ROUNDS) || ROUNDS < 1) throw new Error("--rounds must be a whole number of at least 1");
const ONLY = option("only", "").toLowerCase();
const asJson = args.includes("--json");
const strict = args.includes("--strict");
const port = Number(option("port", "3462"));
const base = `http://127.0.0.1:${port}`;
const buildDir = productionBuildDir();

// Chrome DevTools' "Slow 4G" preset (devtools-frontend's Slow4GConditions, the one called "Fast
// 3G" before May 2024): Lighthouse's mobile link (150 ms RTT, 1.6 Mbps down, 750 Kbps up) with
// Lighthouse's adjustments for throttling in the browser (RTT x 3.75, throughput x 0.9).
const NETWORK = {
  offline: false,
  latency: 150 * 3.75, // 562.5 ms added to each request
  downloadThroughput: (1.6 * 1000 * 1000 * 0.9) / 8, // 180,000 bytes/s = 1.44 Mbps
  uploadThroughput: (750 * 1000 * 0.9) / 8, // 84,375 bytes/s = 675 Kbps
};
const CPU_SLOWDOWN = 4;
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
const IDLE_MS = 5000;
const VISIT_TIMEOUT_MS = 120_000;
const TIME_LIMIT_MS = 45 * 60_000;

// The targets of issue 23.
const TARGETS = { agentJsKb: 110, agentJsFiles: 15, idleJsBytes: 0, hydration: 1.5, lcp: 1.2, cls: 0.02 };

// As playwright.config.ts: Debian's headless shell when it is installed, else Debian's chromium.
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const chromiumPath =
  process.env.CHROMIUM_PATH || (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");

// Installed in every page before its own scripts. Plain JavaScript in a string: the page runs it
// as written (a function would be serialized after tsx compiled it, with helpers the page lacks).
// - hydratedAt: when root.tsx's effect set <html data-hydrated="true">, on the page's clock
//   (milliseconds since the navigation started); the observer's callback runs in the same task.
// - lcp: the last largest-contentful-paint candidate; cls: every layout shift without recent
//   input, summed over the whole visit (at least the session-window CLS of web-vitals).
const INIT_SCRIPT = `(() => {
  const state = { hydratedAt: null, lcp: null, cls: 0 };
  Object.defineProperty(window, "__benchPage", { value: state });
  performance.setResourceTimingBufferSize(1000);
  new MutationObserver(() => {
    const root = document.documentElement;
    if (state.hydratedAt === null && root && root.dataset.hydrated === "true") state.hydratedAt = performance.now();
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-hydrated"] });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) state.lcp = entry.startTime;
  }).observe({ type: "largest-contentful-paint", buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) state.cls += entry.value;
  }).observe({ type: "layout-shift", buffered: true });
})();`;

type Role = "agent" | "admin";
type Page = { label: string; path: string; role: Role; agentPage: boolean; status: number };
type Visit = {
  jsBytes: number;
  sentBytes: number;
  jsFiles: number;
  idleBytes: number;
  idleFiles: number;
  idleUrls: string[];
  lcp: number;
  cls: number;
  hydrated: number;
  load: number;
  encodings: string[];
};
type VisitState = {
  hydratedAt: number | null;
  lcp: number | null;
  cls: number;
  load: number;
  resources: { name: string; startTime: number; encodedBodySize: number }[];
};

const isScript = (url: string) => new URL(url).pathname.endsWith(".js");

// The targets count gzipped bytes, as scripts/route-js-size.mjs does: each file's gzip size
// (zlib's default level, which compression() also uses). The server itself sends Brotli
// (quality 4) to a browser that accepts it, and nothing under 1 KB compressed: those bytes, what
// the throttled link carried, are reported beside them.
const gzipSizes = new Map<string, number>();
function gzipSize(url: string) {
  const pathname = new URL(url).pathname;
  let size = gzipSizes.get(pathname);
  if (size === undefined) {
    size = zlib.gzipSync(fs.readFileSync(path.join(buildDir, "client", pathname))).length;
    gzipSizes.set(pathname, size);
  }
  return size;
}

async function visit(browser: Browser, page: Page, cookie: string): Promise<Visit> {
  const context = await browser.newContext({ ...PHONE, baseURL: base });
  try {
    const [name, ...value] = cookie.split("=");
    await context.addCookies([{ name: name!, value: value.join("="), url: base }]);
    await context.addInitScript(INIT_SCRIPT);
    const tab = await context.newPage();
    const cdp = await context.newCDPSession(tab);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", NETWORK);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    // Scripts still on their way when the idle window closes: waited for, so their bytes count.
    const pending = new Set<string>();
    const encodings = new Set<string>();
    cdp.on("Network.requestWillBeSent", (event) => {
      if (isScript(event.request.url)) pending.add(event.requestId);
    });
    cdp.on("Network.responseReceived", (event) => {
      if (!isScript(event.response.url)) return;
      const headers = Object.fromEntries(Object.entries(event.response.headers).map(([k, v]) => [k.toLowerCase(), v]));
      encodings.add(String(headers["content-encoding"] ?? "identity"));
    });
    cdp.on("Network.loadingFinished", (event) => pending.delete(event.requestId));
    cdp.on("Network.loadingFailed", (event) => pending.delete(event.requestId));

    const response = await tab.goto(page.path, { waitUntil: "load", timeout: VISIT_TIMEOUT_MS });
    const landed = new URL(tab.url()).pathname;
    if (!response || response.status() !== page.status || landed !== page.path) {
      throw new Error(`${page.path} answered ${response?.status()} at ${landed} (expected ${page.status})`);
    }
    // A function, not a string: Playwright evaluates a string predicate with eval, which the
    // page's Content-Security-Policy forbids.
    await tab.waitForFunction(
      () =>
        (window as unknown as { __benchPage: VisitState }).__benchPage.hydratedAt !== null ||
        document.documentElement.dataset.hydrated === "static",
      null,
      { timeout: VISIT_TIMEOUT_MS, polling: 100 },
    );
    const hydratedAt = await tab.evaluate<number | null>("window.__benchPage.hydratedAt");
    if (hydratedAt === null) throw new Error(`${page.path} is served without React (hydrate: false)`);
    // The deliberate idle window: what the page fetches with nobody touching it.
    await tab.waitForTimeout(IDLE_MS);
    for (const until = Date.now() + VISIT_TIMEOUT_MS; pending.size > 0;) {
      if (Date.now() > until) throw new Error(`${page.path}: scripts still loading after the idle window`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const state = await tab.evaluate<VisitState>(`({
      ...window.__benchPage,
      load: performance.getEntriesByType("navigation")[0].loadEventEnd,
      resources: performance.getEntriesByType("resource").map((e) => ({
        name: e.name, startTime: e.startTime, encodedBodySize: e.encodedBodySize,
      })),
    })`);
    // The first visit ends once the page has both loaded and hydrated; the idle window follows.
    const readyAt = Math.max(hydratedAt, state.load);
    const scripts = state.resources.filter((r) => isScript(r.name));
    const first = scripts.filter((r) => r.startTime < readyAt);
    const idle = scripts.filter((r) => r.startTime >= readyAt && r.startTime <= readyAt + IDLE_MS);
    const sum = (list: typeof scripts) => list.reduce((total, r) => total + gzipSize(r.name), 0);
    return {
      jsBytes: sum(first),
      sentBytes: first.reduce((total, r) => total + r.encodedBodySize, 0),
      jsFiles: first.length,
      idleBytes: sum(idle),
      idleFiles: idle.length,
      idleUrls: idle.map((r) => new URL(r.name).pathname),
      lcp: state.lcp ?? Number.NaN,
      cls: state.cls,
      hydrated: hydratedAt,
      load: state.load,
      encodings: [...encodings],
    };
  } finally {
    await context.close();
  }
}

let server: ChildProcess | null = null;
let browser: Browser | null = null;
const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-pages-"));

async function cleanUp() {
  await browser?.close().catch(() => undefined);
  await stopServer(server);
  fs.rmSync(tempDir, { recursive: true, force: true });
}
const deadline = setTimeout(() => {
  console.error("The benchmark ran past its time limit; stopping.");
  void cleanUp().finally(() => process.exit(1));
}, TIME_LIMIT_MS);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => void cleanUp().finally(() => process.exit(130)));
}

const log = (line: string) => (asJson ? console.error(line) : console.log(line));
let failed = false;
try {
  const env = { ...serverEnv(`sqlite:${path.join(tempDir, "demo.sqlite")}`, port, buildDir), JOB_SCHEDULES: "0" };
  await refuseIfListening(base);
  log(`Seeding the demo data in ${tempDir} ...`);
  await seedDemo(env);
  log(`Starting ${buildDir} with \`npm start\` on port ${port} ...`);
  server = startServer(env);
  await waitForServer(server, base);

  const cookies: Record<Role, string> = {
    agent: await signIn(base, "agent@example.com", "agent12345"),
    admin: await signIn(base, "admin@example.com", "admin12345"),
  };
  // The newest of the demo agent's leads, from the API My Leads' list is built on.
  const leads = await fetch(`${base}/api/agent/applications?pageSize=1`, { headers: { cookie: cookies.agent } });
  const leadId = ((await leads.json()) as { id?: string }[])[0]?.id;
  if (!leadId) throw new Error(`No lead of the demo agent's from /api/agent/applications (${leads.status})`);
  // Opened once before the rounds, so every round sees the same page: opening an unread lead also
  // posts mark-read after hydration (components/leads/lead-read.tsx), the first visit only.
  const marked = await fetch(`${base}/api/leads/${leadId}/mark-read`, {
    method: "POST",
    headers: { cookie: cookies.agent, origin: base },
  });
  if (marked.status !== 200) throw new Error(`Marking the lead read answered ${marked.status}`);

  const bare: Page = {
    label: "bare page (404)",
    path: "/bench-bare-page",
    role: "agent",
    agentPage: false,
    status: 404,
  };
  const measured = (
    [
      { label: "agent dashboard", path: "/agent/dashboard", role: "agent", agentPage: true, status: 200 },
      { label: "My Leads", path: "/agent/leads", role: "agent", agentPage: true, status: 200 },
      { label: "a lead's page", path: `/applications/${leadId}`, role: "agent", agentPage: true, status: 200 },
      { label: "Callbacks", path: "/agent/callbacks", role: "agent", agentPage: true, status: 200 },
      { label: "Retention", path: "/agent/retention", role: "agent", agentPage: true, status: 200 },
      { label: "admin dashboard", path: "/admin/dashboard", role: "admin", agentPage: false, status: 200 },
      { label: "All Leads", path: "/admin/leads", role: "admin", agentPage: false, status: 200 },
    ] satisfies Page[]
  ).filter((p) => !ONLY || p.label.toLowerCase().includes(ONLY) || p.path.toLowerCase().includes(ONLY));
  if (measured.length === 0) throw new Error(`No page matches --only ${ONLY}`);
  const pages = [bare, ...measured];

  browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-dev-shm-usage"],
  });
  const loadBefore = os.loadavg()[0]!;
  const visits = new Map<Page, Visit[]>(pages.map((p) => [p, []]));
  for (let round = 0; round < ROUNDS; round++) {
    const order = [...pages.slice(round % pages.length), ...pages.slice(0, round % pages.length)];
    log(`Round ${round + 1} of ${ROUNDS}: ${order.map((p) => p.label).join(", ")}`);
    for (const page of order) {
      // One more try on a busy machine (a visit that timed out), then the benchmark stops.
      const result = await visit(browser, page, cookies[page.role]).catch((error: Error) => {
        log(`  ${page.label}: ${error.message}; trying once more`);
        return visit(browser!, page, cookies[page.role]);
      });
      visits.get(page)!.push(result);
    }
  }
  const loadAfter = os.loadavg()[0]!;

  // Ratios per round (a page against the bare page of the same round), then their median.
  const bareVisits = visits.get(bare)!;
  const summary = pages.map((page) => {
    const runs = visits.get(page)!;
    const of = (
      key: "jsBytes" | "sentBytes" | "jsFiles" | "idleBytes" | "idleFiles" | "lcp" | "cls" | "hydrated" | "load",
    ) => median(runs.map((run) => run[key]));
    const ratio = (key: "lcp" | "hydrated") => median(runs.map((run, i) => run[key] / bareVisits[i]![key]));
    return {
      page: page.label,
      path: page === bare ? page.path : page.path.replace(leadId, "{id}"),
      agentPage: page.agentPage,
      jsKb: of("jsBytes") / 1024,
      sentKb: of("sentBytes") / 1024,
      jsFiles: of("jsFiles"),
      idleKb: of("idleBytes") / 1024,
      idleFiles: of("idleFiles"),
      // Fetching while idle is a yes or no, not a time: the worst round counts, and each file
      // says in how many rounds it came.
      idleMaxBytes: Math.max(...runs.map((run) => run.idleBytes)),
      idleUrls: [...new Set(runs.flatMap((run) => run.idleUrls))].map(
        (url) => `${url} (${runs.filter((run) => run.idleUrls.includes(url)).length} of ${runs.length} rounds)`,
      ),
      lcpMs: of("lcp"),
      lcpRatio: ratio("lcp"),
      cls: of("cls"),
      hydratedMs: of("hydrated"),
      hydratedRatio: ratio("hydrated"),
      loadMs: of("load"),
    };
  });

  const verdicts: { page: string; target: string; value: string; pass: boolean }[] = [];
  for (const row of summary.slice(1)) {
    const check = (target: string, value: string, pass: boolean) =>
      verdicts.push({ page: row.page, target, value, pass });
    if (row.agentPage) {
      check(`first-visit JS <= ${TARGETS.agentJsKb} KB`, `${row.jsKb.toFixed(1)} KB`, row.jsKb <= TARGETS.agentJsKb);
      check(`first-visit JS files <= ${TARGETS.agentJsFiles}`, `${row.jsFiles}`, row.jsFiles <= TARGETS.agentJsFiles);
    }
    check(
      "JS while idle = 0 bytes, in every round",
      `${row.idleMaxBytes} bytes at most`,
      row.idleMaxBytes <= TARGETS.idleJsBytes,
    );
    check(
      `hydrated <= ${TARGETS.hydration}x bare`,
      `${row.hydratedRatio.toFixed(3)}x`,
      row.hydratedRatio <= TARGETS.hydration,
    );
    check(`LCP <= ${TARGETS.lcp}x bare`, `${row.lcpRatio.toFixed(3)}x`, row.lcpRatio <= TARGETS.lcp);
    check(`CLS <= ${TARGETS.cls}`, row.cls.toFixed(3), row.cls <= TARGETS.cls);
  }
  failed = verdicts.some((v) => !v.pass);
  const encodings = [...new Set([...visits.values()].flat().flatMap((run) => run.encodings))];
  const settings = {
    date: new Date().toISOString(),
    build: buildDir,
    rounds: ROUNDS,
    browser: chromiumPath,
    network: { ...NETWORK, preset: "Chrome DevTools Slow 4G" },
    cpuSlowdown: CPU_SLOWDOWN,
    phone: PHONE,
    idleMs: IDLE_MS,
    scriptEncodings: encodings,
    jsBytes: "gzip size of each script file (zlib default level); sentKb: the bodies as the server sent them",
    cores: os.cpus().length,
    loadAverage: [loadBefore, loadAfter],
  };

  if (asJson) {
    console.log(JSON.stringify({ settings, pages: summary, verdicts }, null, 2));
  } else {
    const kb = (value: number) => value.toFixed(1);
    const header = [
      "page",
      "JS KB",
      "sent KB",
      "files",
      "idle KB",
      "files",
      "LCP ms",
      "x bare",
      "CLS",
      "hydrated ms",
      "x bare",
    ];
    const rows = summary.map((row) => [
      row.page,
      kb(row.jsKb),
      kb(row.sentKb),
      String(row.jsFiles),
      kb(row.idleKb),
      String(row.idleFiles),
      row.lcpMs.toFixed(0),
      row.lcpRatio.toFixed(2),
      row.cls.toFixed(3),
      row.hydratedMs.toFixed(0),
      row.hydratedRatio.toFixed(2),
    ]);
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
    const line = (cells: string[]) =>
      cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join("  ");
    console.log(
      `\nPages on a phone: ${buildDir}, median of ${ROUNDS} rounds (${os.cpus().length} cores, load average ${loadBefore.toFixed(2)} -> ${loadAfter.toFixed(2)})`,
    );
    console.log(
      `Slow 4G (${NETWORK.latency} ms per request, ${(NETWORK.downloadThroughput * 8) / 1e6} Mbps down, ${(NETWORK.uploadThroughput * 8) / 1e3} Kbps up), CPU x${CPU_SLOWDOWN}, ${PHONE.viewport.width}x${PHONE.viewport.height} at ${PHONE.deviceScaleFactor}x; scripts sent as ${encodings.join(", ")}`,
    );
    console.log(
      "JS KB: the scripts gzipped (the targets' measure; sent KB: as the server sent them), fetched until the page had loaded and hydrated; idle: fetched in the 5 s after. Times from the navigation's start.\n",
    );
    console.log(line(header));
    for (const row of rows) console.log(line(row));
    for (const row of summary) {
      if (row.idleUrls.length) console.log(`  fetched while idle on ${row.page}: ${row.idleUrls.join(", ")}`);
    }
    console.log("\nTargets");
    for (const v of verdicts) console.log(`  ${v.page}: ${v.target}: ${v.value} ${v.pass ? "PASS" : "FAIL"}`);
  }
} finally {
  clearTimeout(deadline);
  await cleanUp();
}
process.exit(strict && failed ? 1 : 0);
