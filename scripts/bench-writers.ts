// The concurrent-writers benchmark (`npm run bench:writers [-- --writers 20 --writes 400]`):
// on a fresh, migrated SQLite file of its own, `--writers` clients at once send `--writes` public
// applications in all (the heaviest public write: an application, its phones and beneficiaries,
// an activity row and a notification in one transaction, behind the per-address limit), through
// the same service the API route calls. Prints writes per second, p50 and p90 latency, and how
// many failed. Each write comes from its own address, so the limit never refuses one.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const args = process.argv.slice(2);
function option(name: string, fallback: number) {
  const index = args.indexOf(`--${name}`);
  const value = index >= 0 ? Number(args[index + 1]) : fallback;
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a positive whole number`);
  return value;
}
const WRITERS = option("writers", 20);
const WRITES = option("writes", 400);

const file = path.join(os.tmpdir(), `bench-writers-${process.pid}.sqlite`);
process.env.DATABASE_URL = `sqlite:${file}`;

const db = await import("../prisma-free-db/index");
const { ensureCatalog } = await import("../prisma-free-db/seed/catalog");
const { createPublicApplication } = await import("../app/services/applications.server");
const { publicApplicationSchema } = await import("../app/domain/schemas/public-application");
const { applicationPayload, carrierId } = await import("../tests/support/application-factories");

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

try {
  await db.migrate();
  await ensureCatalog();
  const user = await db.User.create({
    email: `bench-${crypto.randomUUID()}@example.com`,
    passwordHash: "not-a-password",
    firstName: "Bench",
    lastName: "Agent",
    phone: "5555550123",
    role: "agent",
  });
  const agent = await db.Agent.create({
    userId: user.id,
    licenseNumber: `BENCH-${crypto.randomUUID()}`,
    status: "approved",
    setupComplete: true,
  });
  const input = publicApplicationSchema.parse(applicationPayload(agent.id, await carrierId()));

  const latencies: number[] = [];
  let failures = 0;
  let next = 0;
  async function writer() {
    while (next < WRITES) {
      const n = next++;
      const started = performance.now();
      try {
        await createPublicApplication(input, { ip: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` });
        latencies.push(performance.now() - started);
      } catch (error) {
        failures++;
        console.error(`write ${n} failed:`, error instanceof Error ? error.message : error);
      }
    }
  }
  const started = performance.now();
  await Promise.all(Array.from({ length: WRITERS }, writer));
  const seconds = (performance.now() - started) / 1000;
  const sorted = latencies.sort((a, b) => a - b);
  const journal = await db.sequelize.query("PRAGMA journal_mode", { plain: true });
  console.log(
    `SQLite (journal_mode=${Object.values(journal ?? {})[0]}), ${WRITERS} concurrent writers, ${WRITES} public applications: ` +
      `${Math.round(latencies.length / seconds)} writes/s, p50 ${percentile(sorted, 50).toFixed(1)} ms, ` +
      `p90 ${percentile(sorted, 90).toFixed(1)} ms, ${failures} failed`,
  );
  process.exitCode = failures ? 1 : 0;
} finally {
  await db.closeDatabase();
  for (const f of [file, `${file}-wal`, `${file}-shm`]) fs.rmSync(f, { force: true });
}
