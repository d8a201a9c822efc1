import crypto from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import { assertSecrets, env } from "../app/utils/env.server";
import { createHttpServer, requestEdge } from "./request-edge";
import { withServiceErrorResponses } from "./service-errors";

// One level up from this file: the project root both from server/start.ts (tsx, development) and
// from its compiled copy BUILD_DIR/server.js (`npm start`).
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const isProduction = env.isProduction;
const buildDir = path.resolve(root, env.buildDir);

// A production server without its secrets stops here, before it migrates or takes traffic.
assertSecrets();

if (isProduction) {
  // Pending migrations run before the server takes traffic (fly.toml also runs them on release),
  // and SQLite's planner statistics are brought up to date.
  const { migrate, optimizeDatabase, closeDatabase } = await import("../prisma-free-db/index");
  await migrate();
  await optimizeDatabase();
  await closeDatabase();
}

const vite = isProduction
  ? null
  : await import("vite").then((v) => v.createServer({ server: { middlewareMode: true } }));

const app = express();
app.disable("x-powered-by");
app.use(compression());

app.use((req, res, next) => {
  const started = Date.now();
  res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
  // The path only: query strings can hold reset tokens, and they never belong in a log.
  res.on("finish", () => {
    if (req.path.startsWith("/assets/")) return;
    console.log(`${req.method} ${req.path} ${res.statusCode} ${Date.now() - started}ms`);
  });
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

createHttpServer(app).listen(env.port, () => {
  console.log(`Agency CRM listening on http://localhost:${env.port}`);
});
