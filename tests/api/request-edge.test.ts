import http from "node:http";
import type { AddressInfo } from "node:net";
import { createReadableStreamFromReadable } from "@remix-run/node";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BODY_LIMITS,
  REQUEST_TIME_LIMITS,
  UPLOAD_BODY_LIMIT,
  createHttpServer,
  requestEdge,
} from "../../server/request-edge";
import type { ProxyTrust } from "../../server/client-address";

/**
 * The edge checks of server/start.ts in front of a stand-in for the app, over real HTTP. The
 * stand-in does what the Remix adapter does first (builds a Fetch Request from Express's, body
 * streamed), then reads the whole body and answers what it saw, so a request that reaches it is
 * counted.
 */
type Reply = { status: number; headers: http.IncomingHttpHeaders; text: string };

function fetchRequestOf(req: express.Request) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  return new Request(`http://${req.get("Host")}${req.originalUrl}`, {
    method: req.method,
    headers,
    ...(hasBody ? { body: createReadableStreamFromReadable(req), duplex: "half" } : {}),
  } as RequestInit);
}

async function startServer(trust: ProxyTrust, limits = REQUEST_TIME_LIMITS) {
  const seen = { requests: 0 };
  const app = express();
  app.use(requestEdge(trust));
  // Answers of other kinds than JSON, as routes send them without any security header of their own.
  app.get("/export.csv", (_req, res) => void res.type("text/csv").send("a,b\n1,2\n"));
  app.get("/event.ics", (_req, res) => void res.type("text/calendar").send("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n"));
  app.get("/moved", (_req, res) => res.redirect(302, "/elsewhere"));
  app.get("/asset.js", (_req, res) => void res.set("Cache-Control", "public, max-age=3600").type("js").send(""));
  app.all("*", async (req, res, next) => {
    try {
      const request = fetchRequestOf(req);
      seen.requests++;
      const body = request.body ? await request.text() : "";
      res.json({ bytes: Buffer.byteLength(body), address: req.get("X-Remote-Address") ?? null });
    } catch (error) {
      next(error);
    }
  });
  const server = await new Promise<http.Server>((resolve) => {
    const listening = createHttpServer(app, limits).listen(0, "127.0.0.1", () => resolve(listening));
  });
  const port = (server.address() as AddressInfo).port;

  function send(options: {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    chunks?: string[];
  }): Promise<Reply> {
    return new Promise((resolve, reject) => {
      const headers: Record<string, string | number> = { ...options.headers };
      if (options.body !== undefined) headers["Content-Length"] = Buffer.byteLength(options.body);
      const req = http.request(
        { host: "127.0.0.1", port, method: options.method ?? "GET", path: options.path ?? "/", headers, agent: false },
        (res) => {
          let text = "";
          res.setEncoding("utf8");
          res.on("data", (chunk) => (text += chunk));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
        },
      );
      req.on("error", reject);
      if (options.chunks) for (const chunk of options.chunks) req.write(chunk);
      req.end(options.body);
    });
  }

  return { seen, send, port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

type Server = Awaited<ReturnType<typeof startServer>>;

const json = { "Content-Type": "application/json" };
const form = { "Content-Type": "application/x-www-form-urlencoded" };

function jsonOfSize(bytes: number) {
  return JSON.stringify({ message: "x".repeat(bytes - 15) });
}

describe("the request edge (no proxy trusted)", () => {
  let server: Server;
  beforeAll(async () => {
    server = await startServer({ onFly: false, trustProxy: false });
  });
  afterAll(() => server.close());

  it("refuses a 2 MB JSON body and a 300 KB form with 413 before the app reads a byte", async () => {
    const before = server.seen.requests;
    const api = await server.send({
      method: "POST",
      path: "/api/public/applications",
      headers: json,
      body: jsonOfSize(2 * 1024 * 1024),
    });
    expect(api.status).toBe(413);
    expect(JSON.parse(api.text)).toEqual({ error: "The request body is too large: the limit is 1 MB." });

    const page = await server.send({
      method: "POST",
      path: "/submitapplication",
      headers: form,
      body: `notes=${"x".repeat(300 * 1024)}`,
    });
    expect(page.status).toBe(413);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.text).toContain("The request body is too large: the limit is 256 KB.");

    // A JSON body counts as a form where the form's limit applies: the limit follows the type.
    const jsonAsForm = await server.send({
      method: "POST",
      path: "/login",
      headers: form,
      body: jsonOfSize(300 * 1024),
    });
    expect(jsonAsForm.status).toBe(413);
    expect(server.seen.requests).toBe(before);
  });

  it("lets bodies within the limits through, whole", async () => {
    const body = jsonOfSize(900 * 1024);
    const api = await server.send({ method: "POST", path: "/api/form-submissions", headers: json, body });
    expect(api.status).toBe(200);
    expect(JSON.parse(api.text).bytes).toBe(Buffer.byteLength(body));
    const page = await server.send({
      method: "POST",
      path: "/",
      headers: form,
      body: `message=${"x".repeat(200 * 1024)}`,
    });
    expect(page.status).toBe(200);
    expect(BODY_LIMITS).toEqual({ json: 1024 * 1024, other: 256 * 1024 });
  });

  it("lets the lead import's upload through past the form limit, so its route refuses a file over 20 MB at the field", async () => {
    const multipart = { "Content-Type": "multipart/form-data; boundary=x" };
    for (const path of UPLOAD_BODY_LIMIT.paths) {
      const upload = await server.send({ method: "POST", path, headers: multipart, body: "x".repeat(300 * 1024) });
      expect(upload.status, path).toBe(200);
      expect(JSON.parse(upload.text).bytes, path).toBe(300 * 1024);
      const huge = await server.send({
        method: "POST",
        path,
        headers: { ...multipart, "Content-Length": String(UPLOAD_BODY_LIMIT.bytes + 1) },
      });
      expect(huge.status, path).toBe(413);
      expect(huge.text, path).toContain("The request body is too large: the limit is 64 MB.");
    }
    const elsewhere = await server.send({
      method: "POST",
      path: "/admin/leads",
      headers: multipart,
      body: "x".repeat(300 * 1024),
    });
    expect(elsewhere.status).toBe(413);
  });

  it("refuses a body sent without a length (chunked) with 411, and the app never sees it", async () => {
    const before = server.seen.requests;
    const reply = await server.send({
      method: "POST",
      path: "/api/form-submissions",
      headers: json,
      chunks: ['{"fullName":', '"x"}'],
    });
    expect(reply.status).toBe(411);
    expect(JSON.parse(reply.text)).toEqual({ error: "Send the request body with a Content-Length." });
    expect(server.seen.requests).toBe(before);
  });

  it("answers TRACE (and a method the app does not serve) with 405, JSON under /api, never 500", async () => {
    for (const method of ["TRACE", "PROPFIND"]) {
      const api = await server.send({ method, path: "/api/auth/me" });
      expect(api.status, method).toBe(405);
      expect(JSON.parse(api.text)).toEqual({ error: "Method not allowed" });
      expect(api.headers.allow).toBe("GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS");
      const page = await server.send({ method, path: "/admin/dashboard" });
      expect(page.status, method).toBe(405);
      expect(page.headers["content-type"]).toMatch(/^text\/html/);
    }
  });

  it("answers a broken %-escape in the path with 400: a page for pages, JSON under /api", async () => {
    for (const path of ["/admin/%E0%A4%A", "/%", "/assets/%"]) {
      const reply = await server.send({ path });
      expect(reply.status, path).toBe(400);
      expect(reply.headers["content-type"], path).toMatch(/^text\/html/);
      expect(reply.text).toContain("The address is not valid: it has a broken %-escape.");
    }
    const api = await server.send({ path: "/api/admin/agents/%E0%A4%A" });
    expect(api.status).toBe(400);
    expect(JSON.parse(api.text)).toEqual({ error: "The address is not valid: it has a broken %-escape." });
    // A well-formed escape is fine.
    expect((await server.send({ path: "/admin/%E0%A4%A4" })).status).toBe(200);
  });

  it("ignores Fly-Client-IP and X-Forwarded-For off Fly and without TRUST_PROXY: the socket address counts", async () => {
    const reply = await server.send({
      path: "/api/auth/me",
      headers: { "Fly-Client-IP": "203.0.113.7", "X-Forwarded-For": "198.51.100.9", "X-Remote-Address": "192.0.2.1" },
    });
    expect(JSON.parse(reply.text).address).toBe("127.0.0.1");
  });

  it("refuses a cross-site POST even when X-Forwarded-Host claims the attacker's host", async () => {
    const before = server.seen.requests;
    const reply = await server.send({
      method: "POST",
      path: "/api/auth/login",
      headers: { ...json, Origin: "http://evil.example", "X-Forwarded-Host": "evil.example" },
      body: "{}",
    });
    expect(reply.status).toBe(403);
    expect(JSON.parse(reply.text)).toEqual({ error: "Cross-site request refused" });
    const page = await server.send({
      method: "POST",
      path: "/login",
      headers: { ...form, Origin: "http://evil.example", "X-Forwarded-Host": "evil.example" },
      body: "email=a",
    });
    expect(page.status).toBe(403);
    expect(server.seen.requests).toBe(before);
    // The same post from the page's own origin goes through.
    const own = await server.send({
      method: "POST",
      path: "/login",
      headers: { ...form, Origin: `http://127.0.0.1:${server.port}` },
      body: "email=a",
    });
    expect(own.status).toBe(200);
  });

  it("refuses a mutation whose Origin has the right host and port but another scheme", async () => {
    const before = server.seen.requests;
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      const reply = await server.send({
        method,
        path: "/api/agent/applications",
        headers: { ...json, Origin: `https://127.0.0.1:${server.port}` },
        body: "{}",
      });
      expect(reply.status, method).toBe(403);
      expect(JSON.parse(reply.text)).toEqual({ error: "Cross-site request refused" });
    }
    // Off Fly and without TRUST_PROXY, a client's X-Forwarded-Proto does not make the site https.
    const claimed = await server.send({
      method: "POST",
      path: "/login",
      headers: { ...form, Origin: `https://127.0.0.1:${server.port}`, "X-Forwarded-Proto": "https" },
      body: "email=a",
    });
    expect(claimed.status).toBe(403);
    expect(server.seen.requests).toBe(before);
  });

  it("gives JSON, CSV and .ics answers, redirects and refusals the security headers and no-store", async () => {
    const answers = {
      json: await server.send({ path: "/api/auth/me" }),
      csv: await server.send({ path: "/export.csv" }),
      ics: await server.send({ path: "/event.ics" }),
      redirect: await server.send({ path: "/moved" }),
      refusal: await server.send({ method: "TRACE", path: "/api/auth/me" }),
    };
    expect(answers.redirect.status).toBe(302);
    for (const [kind, reply] of Object.entries(answers)) {
      expect(reply.headers["cache-control"], kind).toBe("no-store");
      expect(reply.headers["x-content-type-options"], kind).toBe("nosniff");
      expect(reply.headers["x-frame-options"], kind).toBe("DENY");
      expect(reply.headers["referrer-policy"], kind).toBe("strict-origin-when-cross-origin");
      expect(reply.headers["content-security-policy"], kind).toBe(
        "default-src 'none'; frame-ancestors 'none'; sandbox",
      );
    }
    // What an answer says itself stays: an asset's caching; an HTML page keeps its inline style.
    const asset = await server.send({ path: "/asset.js" });
    expect(asset.headers["cache-control"]).toBe("public, max-age=3600");
    expect(asset.headers["x-content-type-options"]).toBe("nosniff");
    const page = await server.send({ path: "/%" });
    expect(page.headers["content-security-policy"]).toBeUndefined();
    expect(page.headers["x-frame-options"]).toBe("DENY");
  });
});

describe("the request edge's time limits", () => {
  it("are 20 s for the headers and 30 s for the whole request, not Node's 300 s", () => {
    expect(REQUEST_TIME_LIMITS.headersTimeoutMs).toBe(20_000);
    expect(REQUEST_TIME_LIMITS.requestTimeoutMs).toBe(30_000);
    expect(REQUEST_TIME_LIMITS.checkEveryMs).toBeLessThanOrEqual(5_000);
  });

  it("cut off a body sent too slowly with 408", async () => {
    const server = await startServer(
      { onFly: false, trustProxy: false },
      { headersTimeoutMs: 300, requestTimeoutMs: 600, checkEveryMs: 50 },
    );
    try {
      const reply = await new Promise<{ status: number; text: string }>((resolve, reject) => {
        const req = http.request(
          {
            host: "127.0.0.1",
            port: server.port,
            method: "POST",
            path: "/api/form-submissions",
            headers: { ...json, "Content-Length": 1000 },
            agent: false,
          },
          (res) => {
            let text = "";
            res.on("data", (chunk) => (text += chunk));
            res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
          },
        );
        req.on("error", reject);
        // A first few bytes and then nothing more: the rest never comes.
        req.write('{"fullName":');
      });
      expect(reply.status).toBe(408);
      expect(server.seen.requests).toBeLessThanOrEqual(1);
    } finally {
      await server.close();
    }
  });
});

describe("the request edge behind a proxy", () => {
  it("on Fly, takes the client address from Fly-Client-IP", async () => {
    const server = await startServer({ onFly: true, trustProxy: false });
    try {
      const reply = await server.send({
        headers: { "Fly-Client-IP": "203.0.113.7", "X-Forwarded-For": "198.51.100.9" },
      });
      expect(JSON.parse(reply.text).address).toBe("203.0.113.7");
    } finally {
      await server.close();
    }
  });

  it("with TRUST_PROXY, takes the first X-Forwarded-For entry and the proxy's X-Forwarded-Host", async () => {
    const server = await startServer({ onFly: false, trustProxy: true });
    try {
      const reply = await server.send({
        headers: { "Fly-Client-IP": "203.0.113.7", "X-Forwarded-For": "198.51.100.9, 10.0.0.1" },
      });
      expect(JSON.parse(reply.text).address).toBe("198.51.100.9");
      const proxied = await server.send({
        method: "POST",
        path: "/login",
        headers: {
          ...form,
          Origin: "https://crm.example.com",
          "X-Forwarded-Host": "crm.example.com",
          "X-Forwarded-Proto": "https",
        },
        body: "email=a",
      });
      expect(proxied.status).toBe(200);
      // The same post from a plain-HTTP page of that host is another origin.
      const downgraded = await server.send({
        method: "POST",
        path: "/login",
        headers: {
          ...form,
          Origin: "http://crm.example.com",
          "X-Forwarded-Host": "crm.example.com",
          "X-Forwarded-Proto": "https",
        },
        body: "email=a",
      });
      expect(downgraded.status).toBe(403);
    } finally {
      await server.close();
    }
  });
});
