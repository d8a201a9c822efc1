import { describe, expect, it } from "vitest";
import { Notification } from "~db";
import { action as pageAction } from "~/routes/_portal+/notifications";
import { registerAgent } from "~/services/auth.server";
import { requestPasswordReset } from "~/services/password-resets.server";
import { createAdmin, createAgent, signInAs, uniqueEmail } from "../support/factories";
import { uniqueIp } from "../support/form-submission-factories";
import { callRoute } from "../support/http";

// Audit item 5: admins hear of what waits for them. A registration awaiting approval and a
// password reset request put a notification in every admin's bell (a new lead already does), in
// the service where the event happens; opening one takes the admin to the queue that decides it.

async function noticesOf(userId: string, type: string) {
  return Notification.findAll({ where: { userId, type }, raw: true });
}

describe("admin notifications", () => {
  it("a registration awaiting approval notifies every admin once, and no agent", async () => {
    const [first, second] = [await createAdmin(), await createAdmin()];
    const bystander = await createAgent();
    const lastName = `Reg${Date.now().toString(36)}`;
    await registerAgent(
      {
        firstName: "Rene",
        lastName,
        email: uniqueEmail("register"),
        phone: "5555550199",
        licenseNumber: `LIC-${Date.now().toString(36)}`,
        password: "secret123",
      },
      { ip: uniqueIp() },
    );
    for (const admin of [first, second]) {
      const notices = (await noticesOf(admin.id, "agent_registration")).filter((n) => n.message.includes(lastName));
      expect(notices).toHaveLength(1);
      expect(notices[0]).toMatchObject({
        title: "Registration awaiting approval",
        message: `Rene ${lastName} requested agent access.`,
        applicationId: null,
      });
      expect(Boolean(notices[0]!.isRead)).toBe(false);
    }
    expect(await noticesOf(bystander.user.id, "agent_registration")).toHaveLength(0);
  });

  it("a password reset request notifies every admin once; a repeat while it is open adds nothing", async () => {
    const admin = await createAdmin();
    const { user } = await createAgent({ firstName: "Rhoda", lastName: `Reset${Date.now().toString(36)}` });
    const mine = async () =>
      (await noticesOf(admin.id, "password_reset_request")).filter((n) => n.message.includes(user.lastName));

    await requestPasswordReset(user.email, { ip: uniqueIp() });
    expect(await mine()).toEqual([
      expect.objectContaining({
        title: "Password reset requested",
        message: `Rhoda ${user.lastName} asked for a password reset.`,
      }),
    ]);
    await requestPasswordReset(user.email, { ip: uniqueIp() });
    expect(await mine()).toHaveLength(1);
  });

  it("an unknown email notifies no one (the form does not tell who has an account)", async () => {
    const admin = await createAdmin();
    await requestPasswordReset(uniqueEmail("nobody"), { ip: uniqueIp() });
    expect(await noticesOf(admin.id, "password_reset_request")).toHaveLength(0);
  });

  it("opening a queue notice marks it read and takes the admin to the queue that decides it", async () => {
    const admin = await createAdmin();
    const { cookie } = await signInAs(admin);
    for (const [type, page] of [
      ["agent_registration", "/admin/agent-approval"],
      ["password_reset_request", "/admin/password-reset-requests"],
      ["lead_return_request", "/admin/lead-returns"],
    ] as const) {
      const notice = await Notification.create({ userId: admin.id, type, title: "t", message: "m" });
      const res = await callRoute(pageAction, {
        method: "POST",
        path: "/notifications",
        cookie,
        form: { intent: "open", id: notice.id },
      });
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe(page);
      expect((await Notification.findByPk(notice.id))!.isRead).toBe(true);
    }
  });
});
