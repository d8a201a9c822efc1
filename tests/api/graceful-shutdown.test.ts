import { fork, type ChildProcess } from "node:child_process";
import http from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { FormSubmission } from "~db";

// The server stops on SIGTERM without losing a write or resetting a connection (server/shutdown.ts,
// decision 050): tests/support/shutdown-server.ts, a child process on this worker's database.

const BOUND_MS = 5_000;
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
});

type Message = { port?: number; arrived?: string };

function startServer(timeoutMs: number) {
  const child = fork("tests/support/shutdown-server.ts", [], {
    execArgv: ["--import", "tsx"],
    env: {
      ...process.env,
      SHUTDOWN_TIMEOUT_MS: String(timeoutMs),
      LOG_LEVEL: "info",
      LOG_FILE: "",
      JOB_SCHEDULES: "0",
    },
    stdio: ["ignore", "pipe", "pipe", "ipc"],
  });
  children.push(child);
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
    child.once("exit", (code) => resolve({ code, at: Date.now() })),
  );
  const arrivals: string[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const port = new Promise<number>((resolve, reject) => {
    child.on("message", (message: Message) => {
      if (message.port) resolve(message.port);
      if (message.arrived) {
        arrivals.push(message.arrived);
        for (const waiter of waiters.filter((w) => arrivals.length >= w.count)) waiter.resolve();
      }
    });
    child.once("exit", () => reject(new Error(`the server exited before listening:\n${output}`)));
  });
  /** Resolves once the server holds `count` requests. */
  const arrived = (count: number) =>
    new Promise<void>((resolve) => {
      if (arrivals.length >= count) resolve();
      else waiters.push({ count, resolve });
    });
  return { child, port, exited, arrived, output: () => output };
}

type Outcome = { name: string; status?: number; id?: string; error?: string };

/** One POST; what came back, or the error's code (ECONNREFUSED, ECONNRESET, ...). */
function post(port: number, path: string, name: string, agent: http.Agent): Promise<Outcome> {
  return new Promise((resolve) => {
    const body = JSON.stringify({ fullName: name });
    const req = http.request(
      { host: "127.0.0.1", port, path, method: "POST", agent, headers: { "Content-Type": "application/json" } },
      (res) => {
        let text = "";
        res.on("data", (chunk) => (text += chunk));
        res.on("end", () => resolve({ name, status: res.statusCode, id: text ? JSON.parse(text).id : undefined }));
        res.on("error", (error: NodeJS.ErrnoException) => resolve({ name, error: error.code ?? error.message }));
      },
    );
    req.on("error", (error: NodeJS.ErrnoException) => resolve({ name, error: error.code ?? error.message }));
    req.end(body);
  });
}

describe("graceful shutdown", () => {
  it("SIGTERM during a burst of writes: every acknowledged write is stored, no connection is reset, exit 0 within the bound", async () => {
    const server = startServer(BOUND_MS);
    const port = await server.port;
    const run = `shutdown-${Date.now()}`;
    // Kept-alive connections, as a proxy holds them: 8 at a time, the rest queued in the agent and
    // sent down a connection as soon as it is free, or on a new one.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
    const burst = Array.from({ length: 40 }, (_, i) => post(port, "/inquiries", `${run}-${i}`, agent));

    // Every connection holds a request when the signal comes.
    await server.arrived(8);
    const signalled = Date.now();
    server.child.kill("SIGTERM");
    const late = Array.from({ length: 5 }, (_, i) => post(port, "/inquiries", `${run}-late-${i}`, agent));
    const outcomes = [...(await Promise.all(burst)), ...(await Promise.all(late))];
    const { code, at } = await server.exited;
    agent.destroy();

    expect(code, server.output()).toBe(0);
    expect(at - signalled).toBeLessThan(BOUND_MS);
    const acknowledged = outcomes.filter((o) => o.status === 201);
    // At least the eight in flight were finished, not cut off.
    expect(acknowledged.length).toBeGreaterThanOrEqual(8);
    // Everything else was refused before it was accepted: never a reset or a hang-up.
    expect(outcomes.filter((o) => o.status !== 201).map((o) => o.error ?? `HTTP ${o.status}`)).toEqual(
      outcomes.filter((o) => o.status !== 201).map(() => "ECONNREFUSED"),
    );
    const stored = await FormSubmission.findAll({ where: { id: acknowledged.map((o) => o.id!) } });
    expect(stored.map((row) => row.fullName).sort()).toEqual(acknowledged.map((o) => o.name).sort());
    // The steps ran in order after the HTTP server closed: the job workers, then the database.
    const steps = server
      .output()
      .split("\n")
      .filter((line) => line.includes('"msg":"shutdown step done"'))
      .map((line) => JSON.parse(line).step);
    expect(steps).toEqual(["jobs", "database"]);
  });

  it("a request that never finishes is cut off at SHUTDOWN_TIMEOUT_MS and the process still exits 0", async () => {
    const bound = 300;
    const server = startServer(bound);
    const port = await server.port;
    const agent = new http.Agent({ keepAlive: true });
    const hanging = post(port, "/hang", "hang", agent);
    await server.arrived(1);
    const signalled = Date.now();
    server.child.kill("SIGTERM");
    const { code, at } = await server.exited;
    agent.destroy();

    expect(code, server.output()).toBe(0);
    expect(at - signalled).toBeGreaterThanOrEqual(bound);
    expect(at - signalled).toBeLessThan(bound + 3_000);
    // That one request, and only it, was cut off.
    expect((await hanging).error).toMatch(/ECONNRESET|socket hang up/);
    expect(server.output()).toContain("requests still running at the shutdown bound");
  });
});
