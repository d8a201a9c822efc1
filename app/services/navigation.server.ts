import { Op } from "sequelize";
import { Agent, FormSubmission, PasswordResetRequest } from "~db";
import type { SessionUser } from "./sessions.server";
import { assertAdmin } from "./permissions.server";

/** The badges of the admin sidebar: what is waiting for an admin's decision. */
export async function adminNavCounts(actor: SessionUser) {
  assertAdmin(actor);
  const [pendingAgents, pendingResets, newSubmissions] = await Promise.all([
    Agent.count({ where: { status: "pending" } }),
    PasswordResetRequest.count({ where: { kind: "request", status: "pending", expiresAt: { [Op.gt]: new Date() } } }),
    FormSubmission.count({ where: { status: "new" } }),
  ]);
  return { pendingAgents, pendingResets, newSubmissions };
}
