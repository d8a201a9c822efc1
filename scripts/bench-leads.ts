// Measures the dashboard queries against 100,000 leads: `DATABASE_URL=... tsx scripts/bench-leads.ts`.
// It writes into the database it is given, so point it at a throwaway one.
import { Agent, Application, User, analyzeDatabase, closeDatabase, migrate } from "../prisma-free-db/index";
import { getAdminDashboard, getAgentDashboard } from "../app/services/dashboard.server";
import { toSessionUser } from "../app/services/sessions.server";

const TOTAL = Number(process.env.BENCH_LEADS || 100_000);
const STATUSES = ["pending", "contacted", "sale", "callback", "declined"];

await migrate();
const users = await Promise.all(
  Array.from({ length: 20 }, (_, i) =>
    User.create({
      email: `bench${i}.${Date.now()}@example.test`,
      passwordHash: "x",
      firstName: "Bench",
      lastName: `Agent${i}`,
      role: "agent",
    }),
  ),
);
const agents = await Promise.all(
  users.map((u) => Agent.create({ userId: u.id, licenseNumber: "B", status: "approved", setupComplete: true })),
);
const admin = await User.create({
  email: `bench-admin.${Date.now()}@example.test`,
  passwordHash: "x",
  firstName: "Bench",
  lastName: "Admin",
  role: "admin",
});

const now = Date.now();
for (let done = 0; done < TOTAL; done += 5000) {
  await Application.bulkCreate(
    Array.from({ length: Math.min(5000, TOTAL - done) }, (_, i) => {
      const status = STATUSES[(done + i) % STATUSES.length]!;
      const createdAt = new Date(now - ((done + i) % 365) * 86_400_000);
      return {
        agentId: agents[(done + i) % agents.length]!.id,
        firstName: `First${done + i}`,
        lastName: `Last${done + i}`,
        status,
        monthlyPremiumCents: 5000,
        calculatedCommissionCents: status === "sale" ? 45_000 : null,
        soldAt: status === "sale" ? createdAt : null,
        createdAt,
        updatedAt: createdAt,
      };
    }),
  );
}

// Statistics for the planner, as a real database has them (without, a sum walks every sale).
await analyzeDatabase();

async function time(label: string, run: () => Promise<unknown>) {
  await run();
  const started = performance.now();
  const rounds = 5;
  for (let i = 0; i < rounds; i++) await run();
  console.log(`${label}: ${((performance.now() - started) / rounds).toFixed(1)} ms`);
}

const adminUser = toSessionUser(admin);
const agentUser = toSessionUser(Object.assign(users[0]!, { agent: agents[0]! }));
console.log(`${await Application.count()} leads`);
await time("admin dashboard, today", () => getAdminDashboard(adminUser, { period: "today" }));
await time("admin dashboard, this month", () => getAdminDashboard(adminUser, { period: "thismonth" }));
await time("admin dashboard, all time", () => getAdminDashboard(adminUser, { period: "all" }));
await time("agent dashboard, all time", () => getAgentDashboard(agentUser, { period: "all" }));
await closeDatabase();
