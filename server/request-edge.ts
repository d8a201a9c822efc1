import http from "node:http";
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import { securityHeaders } from "../app/utils/security-headers.server";
import { clientAddress, requestHost, requestScheme, type ProxyTrust } from "./client-address";
import { isCrossSiteMutation } from "./origin";
import { isApiPath } from "./request-body";

/**
 * The checks every request passes before the app sees it (server/start.ts mounts them in this
 * order), each answering in the app's own words: JSON `{ error }` under /api, a small HTML page
 * elsewhere. What they refuse would otherwise be a 500 from Express or the Fetch API, or, for a
 * huge body, memory.
 */

// The methods the app answers (apiRoute says 405 with Allow for the ones a route lacks). The Fetch
// API cannot even build a Request for TRACE or TRACK, so they must not get that far.
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
const ALLOW = [...METHODS].join(", ");

/**
 * The largest body taken, by Content-Type: JSON for the API, forms (and anything else) for pages.
 * @internal
 */
export const BODY_LIMITS = { json: 1024 * 1024, other: 256 * 1024 };

/**
 * The CSV lead import's upload (decision 062) takes a file of up to 20 MB, the do-not-call list's
 * (decision 069) up to 48 MB. Their routes count the file's bytes as they write them to disk and
 * refuse one past the limit at the form's field; the edge
 * refuses only a body far past that, whose sender is not a browser form.
 * @internal
 */
export const UPLOAD_BODY_LIMIT = {
  paths: ["/admin/leads/import", "/api/admin/leads/import", "/admin/dnc/import", "/api/admin/dnc/import"],
  bytes: 64 * 1024 * 1024,
};

const STATUS_TITLES: Record<number, string> = {
  400: "Bad request",
  403: "Forbidden",
  405: "Method not allowed",
  411: "Length required",
  413: "Request too large",
};

function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function refuse(
  req: ExpressRequest,
  res: ExpressResponse,
  status: number,
  message: string,
  headers: Record<string, string> = {},
) {
  res.status(status).set({ "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff", ...headers });
  if (isApiPath(req.path)) {
    res.json({ error: message });
    return;
  }
  const title = escapeHtml(`${status} ${STATUS_TITLES[status] ?? "Error"}`);
  res
    .type("html")
    .send(
      `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${title}</title>` +
        `<body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1.5rem">` +
        `<h1>${title}</h1><p>${escapeHtml(message)}</p><p><a href="/">Go back home</a></p></body></html>`,
    );
}

/** The client's address as `X-Remote-Address` for the app; forwarding headers it may not believe are dropped. */
function resolveClientAddress(trust: ProxyTrust): RequestHandler {
  return (req, _res, next) => {
    req.headers["x-remote-address"] = clientAddress(
      {
        flyClientIp: req.get("Fly-Client-IP"),
        forwardedFor: req.get("X-Forwarded-For"),
        socketAddress: req.socket.remoteAddress,
      },
      trust,
    );
    if (!trust.onFly) delete req.headers["fly-client-ip"];
    if (!trust.trustProxy) delete req.headers["x-forwarded-for"];
    next();
  };
}

const refuseUnknownMethods: RequestHandler = (req, res, next) => {
  if (METHODS.has(req.method)) return next();
  refuse(req, res, 405, "Method not allowed", { Allow: ALLOW });
};

// Express and Remix decode the path; a broken %-escape (`/%`, `/admin/%E0%A4%A`) would throw there.
const refuseUndecodablePaths: RequestHandler = (req, res, next) => {
  try {
    decodeURIComponent(req.path);
  } catch {
    refuse(req, res, 400, "The address is not valid: it has a broken %-escape.");
    return;
  }
  next();
};

function refuseCrossSiteMutations(trust: ProxyTrust): RequestHandler {
  return (req, res, next) => {
    const crossSite = isCrossSiteMutation({
      method: req.method,
      origin: req.get("Origin"),
      host: requestHost({ host: req.get("Host"), forwardedHost: req.get("X-Forwarded-Host") }, trust),
      scheme: requestScheme({ forwardedProto: req.get("X-Forwarded-Proto"), encrypted: req.secure }, trust),
      secFetchSite: req.get("Sec-Fetch-Site"),
    });
    if (!crossSite) return next();
    refuse(req, res, 403, "Cross-site request refused");
  };
}

function formatBytes(bytes: number) {
  return bytes >= 1024 * 1024 ? `${bytes / (1024 * 1024)} MB` : `${bytes / 1024} KB`;
}

/**
 * Refuses a body over its limit by its Content-Length, before a byte of it is read: the handler
 * never runs, and Node reads the rest of the upload and throws it away, so memory stays flat and
 * the browser still gets the answer. A body without a length (chunked) is refused with 411:
 * browsers always send one for forms and fetch, and a stream counted as it is read would have to be
 * cut off halfway, with the connection that carries the answer (decision 011).
 */
const limitBodies: RequestHandler = (req, res, next) => {
  if (req.method === "GET" || req.method === "HEAD") return next();
  const type = (req.get("Content-Type") ?? "").toLowerCase();
  const limit = UPLOAD_BODY_LIMIT.paths.includes(req.path.replace(/\/$/, ""))
    ? UPLOAD_BODY_LIMIT.bytes
    : /^application\/([\w.-]+\+)?json\b/.test(type)
      ? BODY_LIMITS.json
      : BODY_LIMITS.other;
  const length = req.get("Content-Length");
  if (length === undefined) {
    if (req.get("Transfer-Encoding")) {
      refuse(req, res, 411, "Send the request body with a Content-Length.");
      return;
    }
    return next();
  }
  if (Number(length) > limit) {
    refuse(req, res, 413, `The request body is too large: the limit is ${formatBytes(limit)}.`);
    return;
  }
  next();
};

/**
 * Every answer carries the security headers and `Cache-Control: no-store` unless it says
 * otherwise: not only documents (entry.server.tsx) but JSON, CSV and .ics answers, redirects, the
 * edge's own refusals and static files, which Remix hands to Express without passing through the
 * document or data entry points. Set just before the head goes out, so what a route or the static
 * server chose itself (a page's CSP, an asset's max-age) stays.
 */
const secureEveryAnswer: RequestHandler = (_req, res, next) => {
  const writeHead = res.writeHead;
  res.writeHead = function (this: ExpressResponse, ...args: Parameters<typeof writeHead>) {
    const type = String(this.getHeader("Content-Type") ?? "");
    const baseline = new Headers();
    // An HTML answer without its own CSP is a small edge or error page: it keeps its inline style.
    securityHeaders(baseline, { document: type.startsWith("text/html") });
    baseline.set("Cache-Control", "no-store");
    for (const [name, value] of baseline) if (!this.hasHeader(name)) this.setHeader(name, value);
    return writeHead.apply(this, args);
  } as typeof writeHead;
  next();
};

/**
 * How long a client may take to send a request: its headers, and the whole request with its body.
 * Node's default of 300 s lets a client that trickles a body in hold a connection and its memory
 * for five minutes; 30 s is ample for the largest body taken (1 MB) on a slow phone link.
 * @internal
 */
export const REQUEST_TIME_LIMITS = { headersTimeoutMs: 20_000, requestTimeoutMs: 30_000, checkEveryMs: 5_000 };

/** The HTTP server for `handler`, cutting off (408) a request that is not in within the limits. */
export function createHttpServer(handler: http.RequestListener, limits = REQUEST_TIME_LIMITS) {
  return http.createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      // How often Node looks for requests over their time; the cut-off comes at most this late.
      connectionsCheckingInterval: limits.checkEveryMs,
    },
    handler,
  );
}

/** The edge checks, in order: headers for every answer, address, method, path, origin, body size. */
export function requestEdge(trust: ProxyTrust): RequestHandler[] {
  return [
    secureEveryAnswer,
    resolveClientAddress(trust),
    refuseUnknownMethods,
    refuseUndecodablePaths,
    refuseCrossSiteMutations(trust),
    limitBodies,
  ];
}
