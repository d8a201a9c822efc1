import express from "express";
import { closeDatabase } from "~db";
import { startJobs, stopJobs } from "~/jobs/index.server";
import { inquirySchema } from "~/domain/schemas/form-submissions";
import { createFormSubmission } from "~/services/form-submissions.server";
import { env } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { createHttpServer } from "../../server/request-edge";
import { gracefulShutdown, stopOnSignals } from "../../server/shutdown";

/**
 * The server tests/api/graceful-shutdown.test.ts stops: the real shutdown module, HTTP server
 * settings and job workers, and a real write service on the test database (DATABASE_URL), run as a child process
 * (`node --import tsx`) so that it can be sent SIGTERM and exit on its own. It tells the test over
 * IPC when it listens and how many requests it holds.
 *
 * POST /inquiries saves one inquiry and answers 201 with its id. Each request waits until the stop
 * has begun (the gate) and only then writes: every request that was accepted is certainly in
 * flight, and writing, while the server stops. POST /hang never answers (the bound's test).
 */
const send = (message: object) => process.send?.(message);

let openGate: () => void = () => {};
const gate = new Promise<void>((resolve) => (openGate = resolve));
for (const signal of ["SIGTERM", "SIGINT"] as const) process.once(signal, () => openGate());

const app = express();
app.use(express.json());
app.post("/inquiries", async (req, res) => {
  send({ arrived: req.body.fullName });
  await gate;
  const saved = await createFormSubmission(
    inquirySchema.parse({
      fullName: req.body.fullName,
      email: "shutdown@example.com",
      phone: "(813) 555-0142",
      service: "CRM Only",
    }),
  );
  res.status(201).json({ id: saved.id });
});
app.post("/hang", (req) => send({ arrived: req.path }));

const server = createHttpServer(app);
const { shutdown } = gracefulShutdown(server, {
  timeoutMs: env.shutdownTimeoutMs,
  logger,
  steps: [
    { name: "jobs", run: stopJobs },
    { name: "database", run: closeDatabase },
  ],
});
stopOnSignals(shutdown);
await startJobs();
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  send({ port: typeof address === "object" && address ? address.port : 0 });
});
