import crypto from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import { startJobs, stopJobs } from "../app/jobs/index.server";
import { assertSecrets, env } from "../app/utils/env.server";
import { logger } from "../app/utils/logger.server";
import { createHttpServer, requestEdge } from "./request-edge";
import { requestLog } from "./request-log";
import { withServiceErrorResponses } from "./service-errors";
import { gracefulShutdown, stopOnSignals } from "./shutdown";

// One level up from this file: the project root both from server/start.ts (tsx, development) and
// from its compiled copy BUILD_DIR/server.js (`npm start`).
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const isProduction = env.isProduction;
const buildDir = path.resolve(root, env.buildDir);

// A production server without its secrets stops here, before it migrates or takes traffic.
assertSecrets();

if (isProduction) {
  // Pending migrations run before the server takes traffic: on SQLite this is where they run (one
  // machine; the file's write lock); on Fly the release command has run them already and this
  // finds none pending, under the same advisory lock (decision 050). SQLite's planner statistics
  // are brought up to date.
  const { migrate, optimizeDatabase } = await import("../prisma-free-db/index");
  const applied = await migrate();
  if (applied.length) logger.info({ migrations: applied.map((m) => m.name) }, "migrations applied");
  await optimizeDatabase();
}

await startJobs();

const vite = isProduction
  ? null
  : await import("vite").then((v) => v.createServer({ server: { middlewareMode: true } }));

const app = express();
app.disable("x-powered-by");
app.use(compression());

// A request id on every line the request logs, and one access line when it ends (server/request-log.ts).
app.use(requestLog({ onFly: env.onFly }));
app.use((_req, res, next) => {
  res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
  next();
});

// The client address, and the refusals that come before the app: unknown methods, broken
// %-escapes, cross-site mutations, bodies over the limit (server/request-edge.ts).
app.use(requestEdge({ onFly: env.onFly, trustProxy: env.trustProxy }));

if (vite) {
  app.use(vite.middlewares);
} else {
  app.use("/assets", express.static(path.join(buildDir, "client/assets"), { immutable: true, maxAge: "1y" }));
  app.use(express.static(path.join(buildDir, "client"), { maxAge: "1h" }));
}

const build = vite
  ? () => (vite.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild>).then(withServiceErrorResponses)
  : withServiceErrorResponses((await import(path.join(buildDir, "server/index.js"))) as ServerBuild);

app.all(
  "*",
  createRequestHandler({
    build,
    mode: isProduction ? "production" : "development",
    // A fresh cache per request: the loaders of one page share one session lookup.
    getLoadContext: (_req, res) => ({ cspNonce: res.locals.cspNonce as string, requestCache: {} }),
  }),
);

const server = createHttpServer(app);
// SIGTERM or SIGINT: no new connections, the requests in flight finish (at most
// SHUTDOWN_TIMEOUT_MS), then the job workers after their current job, then the database; exit 0.
const { shutdown } = gracefulShutdown(server, {
  timeoutMs: env.shutdownTimeoutMs,
  logger,
  steps: [
    // After the HTTP server (no request left to enqueue a job), before the database (the workers'
    // current job still writes).
    { name: "jobs", run: stopJobs },
    {
      name: "database",
      run: () => import("../prisma-free-db/index").then((db) => db.closeDatabase()),
    },
  ],
});
stopOnSignals(shutdown);

server.listen(env.port, () => {
  logger.info({ port: env.port }, `Agency CRM listening on http://localhost:${env.port}`);
});
