import crypto from "node:crypto";
import fs from "node:fs";
import type http from "node:http";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requireUser } from "~/utils/auth.server";
import { env } from "~/utils/env.server";
import { log, logger, runWithRequestLog } from "~/utils/logger.server";
import { requestLog } from "../../server/request-log";
import { createAdmin, signInAs } from "../support/factories";

// The request's log lines (server/request-log.ts, app/utils/logger.server.ts, decision 050), read
// back from the run's log file (LOG_FILE, set for every vitest run by tests/support/log-check.ts).

type Line = Record<string, unknown> & { msg: string };

function linesOf(requestId: string): Line[] {
  return fs
    .readFileSync(env.logFile!, "utf8")
    .split("\n")
    .filter((line) => line.includes(requestId))
    .map((line) => JSON.parse(line) as Line);
}

function serve(onFly: boolean) {
  const app = express();
  app.use(requestLog({ onFly }));
  app.get("/things/:id", (_req, res) => {
    log().info({ step: "inside" }, "handler ran");
    res.status(204).end();
  });
  return new Promise<{ url: string; server: http.Server }>((resolve) => {
    const server = app.listen(0, "127.0.0.1", () => {
      const address = server.address() as { port: number };
      resolve({ url: `http://127.0.0.1:${address.port}`, server });
    });
  });
}

let onFly: { url: string; server: http.Server };
let elsewhere: { url: string; server: http.Server };
beforeAll(async () => {
  expect(env.logFile, "vitest runs with LOG_FILE set").toBeTruthy();
  [onFly, elsewhere] = await Promise.all([serve(true), serve(false)]);
});
afterAll(() => {
  onFly.server.close();
  elsewhere.server.close();
});

/** Waits for the access line, written when the response closes (just after the client has it). */
async function accessLine(requestId: string) {
  for (;;) {
    const line = linesOf(requestId).find((l) => l.msg === "request");
    if (line) return line;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe("request logs", () => {
  it("on Fly, Fly's request id names every line and is answered as X-Request-Id; the access line has the path without its query", async () => {
    const flyId = `01J8ZK${crypto.randomBytes(6).toString("hex")}-iad`;
    const res = await fetch(`${onFly.url}/things/42?token=reset-secret-value&name=Jane`, {
      headers: { "fly-request-id": flyId },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get("X-Request-Id")).toBe(flyId);

    const line = await accessLine(flyId);
    expect(line).toMatchObject({ level: "info", requestId: flyId, method: "GET", path: "/things/42", status: 204 });
    expect(typeof line.ms).toBe("number");
    const lines = linesOf(flyId);
    expect(lines.map((l) => l.msg)).toEqual(["handler ran", "request"]);
    expect(JSON.stringify(lines)).not.toMatch(/reset-secret-value|Jane|token=/);
  });

  it("a malformed fly-request-id, or one sent where the app is not on Fly, is replaced by a fresh id", async () => {
    for (const [server, header] of [
      [onFly, "bad id {with} spaces"],
      [onFly, "x".repeat(500)],
      [elsewhere, `01J8ZK${crypto.randomBytes(6).toString("hex")}-iad`],
    ] as const) {
      const res = await fetch(`${server.url}/things/1`, { headers: { "fly-request-id": header } });
      const id = res.headers.get("X-Request-Id")!;
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect((await accessLine(id)).requestId).toBe(id);
    }
  });

  it("once the session's user is looked up, the request's lines carry the user's id", async () => {
    const { cookie } = await signInAs(await createAdmin());
    const requestId = crypto.randomUUID();
    const user = await runWithRequestLog(requestId, async (requestLogger) => {
      log().info("before the session");
      const found = await requireUser({
        request: new Request("http://localhost/admin/dashboard", { headers: { Cookie: cookie } }),
        context: {},
      });
      log().info("after the session");
      requestLogger().info("the access line's logger");
      return found;
    });
    const lines = linesOf(requestId);
    expect(lines.map((l) => [l.msg, l.userId])).toEqual([
      ["before the session", undefined],
      ["after the session", user.id],
      ["the access line's logger", user.id],
    ]);
  });

  it("a field named like a secret is redacted at any depth, and an error keeps only its kind, message, code and stack", async () => {
    const requestId = crypto.randomUUID();
    const error = Object.assign(new Error("Validation error"), {
      code: "E_TEST",
      fields: { email: "leak@example.com" },
      sql: "INSERT ... 'leak-value'",
    });
    runWithRequestLog(requestId, () =>
      log().warn(
        {
          password: "hunter22",
          form: { ssn: "123-45-6789", card: { cardNumber: "4111111111111111", cvv: "123" } },
          headers: { cookie: "__session=abc", authorization: "Bearer t0ken" },
          err: error,
        },
        "redaction",
      ),
    );
    const [line] = linesOf(requestId);
    expect(line).toMatchObject({
      password: "[redacted]",
      form: { ssn: "[redacted]", card: "[redacted]" },
      headers: { cookie: "[redacted]", authorization: "[redacted]" },
      err: { type: "Error", message: "Validation error", code: "E_TEST" },
    });
    expect(Object.keys(line!.err as object).sort()).toEqual(["code", "message", "stack", "type"]);
    expect(JSON.stringify(line)).not.toMatch(/hunter22|123-45-6789|4111111111111111|t0ken|leak/);
    // Outside a request, log() is the root logger.
    expect(log()).toBe(logger);
  });
});
