import type http from "node:http";
import type { Logger } from "pino";

/** Work that stops after the HTTP server, in order: the job workers, then the database. */
type ShutdownStep = { name: string; run: () => Promise<unknown> };

export type ShutdownOptions = {
  /** How long the requests in flight get to finish before their connections are cut. */
  timeoutMs: number;
  steps: ShutdownStep[];
  logger: Pick<Logger, "info" | "warn" | "error">;
};

/**
 * A stop that loses no request (decision 050). Created before the server listens, so it counts
 * every request from the first:
 * 1. the listening socket closes: a new connection is refused, and the machine's proxy sends the
 *    request elsewhere;
 * 2. requests in flight finish. Their answers say `Connection: close`, and a kept-alive connection
 *    is closed as soon as it is idle (at once for those idle already), so no client sends another
 *    request down a connection that is about to go. After `timeoutMs` whatever is left is cut off;
 * 3. `steps` run in order (the job workers finish their current job, then the database closes):
 *    only once no request is left that could still enqueue a job or write.
 * Resolves with the exit code: 0, or 1 if a step failed.
 */
export function gracefulShutdown(server: http.Server, options: ShutdownOptions) {
  const inFlight = new Set<http.ServerResponse>();
  let stopping: Promise<number> | null = null;

  const closeWhenAnswered = (res: http.ServerResponse) => {
    if (!res.headersSent) res.setHeader("Connection", "close");
  };

  server.on("request", (_req: http.IncomingMessage, res: http.ServerResponse) => {
    inFlight.add(res);
    // A request that came down a kept-alive connection after the stop began is still served.
    if (stopping) closeWhenAnswered(res);
    res.once("close", () => {
      inFlight.delete(res);
      // Its connection is idle once the answer is out: close it before the client reuses it.
      if (stopping) setImmediate(() => server.closeIdleConnections());
    });
  });

  async function stop(reason: string): Promise<number> {
    const started = Date.now();
    options.logger.info({ reason, inFlight: inFlight.size, timeoutMs: options.timeoutMs }, "shutting down");
    for (const res of inFlight) closeWhenAnswered(res);
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    // Node closes the idle connections with server.close(); said again for older behaviour's sake.
    server.closeIdleConnections();
    let timer: NodeJS.Timeout | undefined;
    const cutOff = new Promise<"timeout">((resolve) => {
      timer = setTimeout(() => resolve("timeout"), options.timeoutMs);
    });
    if ((await Promise.race([closed, cutOff])) === "timeout") {
      options.logger.warn({ unfinished: inFlight.size }, "requests still running at the shutdown bound: cut off");
      server.closeAllConnections();
      await closed;
    }
    clearTimeout(timer);
    options.logger.info({ ms: Date.now() - started }, "http server closed");

    let code = 0;
    for (const step of options.steps) {
      try {
        await step.run();
        options.logger.info({ step: step.name }, "shutdown step done");
      } catch (error) {
        code = 1;
        options.logger.error({ step: step.name, err: error }, "shutdown step failed");
      }
    }
    options.logger.info({ ms: Date.now() - started, code }, "shut down");
    return code;
  }

  return {
    /** Starts the stop (once: a second call gets the first one's result). */
    shutdown(reason: string) {
      return (stopping ??= stop(reason));
    },
    /** The requests being served now. */
    get inFlight() {
      return inFlight.size;
    },
  };
}

/**
 * SIGTERM (Fly, Docker) and SIGINT (Ctrl-C; Fly's default kill signal) start the stop, then the
 * process exits with its code. A second signal changes nothing: `npm start` passes on the signal
 * its process group already got, so the server often hears it twice.
 */
export function stopOnSignals(
  shutdown: (reason: string) => Promise<number>,
  exit = (code: number) => process.exit(code),
) {
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.on(signal, () => {
      void shutdown(signal).then(exit);
    });
  }
}
