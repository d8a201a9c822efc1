import crypto from "node:crypto";
import type { RequestHandler } from "express";
import { runWithRequestLog } from "../app/utils/logger.server";

// Fly's request ids are a ULID and the region ("01J8...-iad"); anything of these characters and
// length is taken as it is, so a line in our log can be matched to Fly's proxy log.
const WELL_FORMED_ID = /^[A-Za-z0-9_.-]{8,128}$/;

// A path is the client's to choose; a line stays a line's length.
const MAX_PATH_LENGTH = 300;

/**
 * The request's id: Fly's `fly-request-id` when the app runs on Fly (its proxy sets it; elsewhere
 * any client could choose the id its lines are filed under) and the header is well formed, else a
 * fresh UUID.
 */
function requestIdFor(header: string | string[] | undefined, trust: { onFly: boolean }) {
  const candidate = typeof header === "string" ? header.trim() : undefined;
  if (trust.onFly && candidate && WELL_FORMED_ID.test(candidate)) return candidate;
  return crypto.randomUUID();
}

/**
 * Every line a request logs carries its id (and its user's, once the session is read: see
 * app/utils/auth.server.ts), the answer says the id back as X-Request-Id, and one access line per
 * request says what was asked and how it went: method, path (never the query string, which can
 * hold a reset token or a search for a name), status and milliseconds. Built assets are not
 * logged. Mounted first, so the edge's refusals are logged too.
 */
export function requestLog(trust: { onFly: boolean }): RequestHandler {
  return (req, res, next) => {
    const requestId = requestIdFor(req.headers["fly-request-id"], trust);
    res.setHeader("X-Request-Id", requestId);
    const started = process.hrtime.bigint();
    runWithRequestLog(requestId, (requestLogger) => {
      if (!req.path.startsWith("/assets/")) {
        res.once("close", () => {
          const ms = Math.round(Number(process.hrtime.bigint() - started) / 1e5) / 10;
          const line = { method: req.method, path: req.path.slice(0, MAX_PATH_LENGTH), status: res.statusCode, ms };
          // A response that did not finish: the client went away, or the server cut it off.
          if (res.writableFinished) requestLogger().info(line, "request");
          else requestLogger().warn({ ...line, aborted: true }, "request aborted");
        });
      }
      next();
    });
  };
}
