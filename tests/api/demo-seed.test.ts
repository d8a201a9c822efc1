import { describe, expect, it } from "vitest";
import { Agent, Notification, User, sequelize } from "~db";
import {
  DEMO_ADMIN_EMAIL,
  DEMO_ADMIN_TOTP_SECRET,
  DEMO_EMAILS,
  DEMO_PASSWORDS,
  seedDemo,
} from "../../prisma-free-db/seed/demo";
import { signIn } from "~/services/auth.server";
import { verifyTwoFactorSignIn } from "~/services/two-factor.server";
import { totpCode } from "../support/factories";
import { QueryTypes } from "sequelize";

// Audit items 5 and 24: the demo seed dates nothing that already happened in the future (a
// lead, a sale, a status change, a cancelled commission, a notification, a payment, an order...),
// while scheduled things (callbacks, draft and due dates, expiry times) may lie ahead; and the
// demo admin's bell holds what an admin would have heard of.

/** Every column that records when something happened, per table, for the demo's own rows. */
const HAPPENED: { table: string; columns: string[]; owned: string }[] = [
  { table: "users", columns: ["created_at", "updated_at"], owned: "id IN (:users)" },
  { table: "agents", columns: ["created_at", "updated_at", "approved_at"], owned: "user_id IN (:users)" },
  {
    table: "applications",
    columns: ["created_at", "updated_at", "sold_at", "commission_cancelled_at", "consent_at"],
    owned: "agent_id IN (:agents)",
  },
  {
    table: "status_changes",
    columns: ["created_at", "updated_at"],
    owned: "application_id IN (SELECT id FROM applications WHERE agent_id IN (:agents))",
  },
  {
    table: "payment_trackings",
    columns: ["created_at", "updated_at"],
    owned: "application_id IN (SELECT id FROM applications WHERE agent_id IN (:agents))",
  },
  { table: "notifications", columns: ["created_at", "updated_at"], owned: "user_id IN (:users)" },
  { table: "orders", columns: ["created_at", "updated_at"], owned: "agent_id IN (:agents)" },
  { table: "activity_logs", columns: ["created_at", "updated_at"], owned: "user_id IN (:users)" },
  {
    table: "password_reset_requests",
    columns: ["created_at", "updated_at", "approved_at", "denied_at", "completed_at"],
    owned: "user_id IN (:users)",
  },
  { table: "lead_reads", columns: ["created_at", "updated_at"], owned: "user_id IN (:users)" },
];

describe("the demo seed", () => {
  it("dates no past event after the moment it finished, and gives the admin a realistic bell", async () => {
    expect(await seedDemo(() => {})).toBe(true);
    const finished = new Date();

    const users = (await User.findAll({ where: { email: DEMO_EMAILS }, attributes: ["id"], raw: true })).map(
      (u) => u.id,
    );
    const agents = (await Agent.findAll({ where: { userId: users }, attributes: ["id"], raw: true })).map((a) => a.id);
    expect(users).toHaveLength(DEMO_EMAILS.length);

    const future: string[] = [];
    for (const { table, columns, owned } of HAPPENED) {
      for (const column of columns) {
        const [row] = await sequelize.query<{ n: number | string }>(
          `SELECT COUNT(*) AS n FROM ${table} WHERE ${owned} AND ${column} > :finished`,
          { replacements: { users, agents, finished }, type: QueryTypes.SELECT },
        );
        if (Number(row!.n) > 0) future.push(`${table}.${column}: ${row!.n}`);
      }
    }
    // The form submissions are the demo's by their emails.
    const [submissions] = await sequelize.query<{ n: number | string }>(
      "SELECT COUNT(*) AS n FROM form_submissions WHERE email LIKE '%.example' AND created_at > :finished",
      { replacements: { finished }, type: QueryTypes.SELECT },
    );
    if (Number(submissions!.n) > 0) future.push(`form_submissions.created_at: ${submissions!.n}`);
    expect(future).toEqual([]);

    // The admin heard of new leads, registrations and reset requests; the waiting ones are unread.
    const admin = (await User.findOne({ where: { email: DEMO_ADMIN_EMAIL }, attributes: ["id"], raw: true }))!;
    const notices = await Notification.findAll({ where: { userId: admin.id }, raw: true });
    const unreadTypes = new Set(notices.filter((n) => !n.isRead).map((n) => n.type));
    expect([...unreadTypes].sort()).toEqual(["agent_registration", "new_lead", "password_reset_request"]);
    // One unread registration notice per agent still waiting for approval.
    const pending = await Agent.count({ where: { id: agents, status: "pending" } });
    expect(notices.filter((n) => n.type === "agent_registration" && !n.isRead)).toHaveLength(pending);

    // The admin is enrolled in two-factor sign-in with the README's secret (decision 079).
    const first = await signIn({ email: DEMO_ADMIN_EMAIL, password: DEMO_PASSWORDS.admin });
    expect(first.kind).toBe("two-factor");
    const challenge = first.kind === "two-factor" ? first.challenge : "";
    const second = await verifyTwoFactorSignIn({ challenge, code: totpCode(DEMO_ADMIN_TOTP_SECRET) });
    expect(second.kind).toBe("signed-in");
  }, 180_000);
});
