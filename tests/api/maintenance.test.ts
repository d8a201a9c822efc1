import { describe, expect, it } from "vitest";
import { Application, Session } from "~db";
import { deleteExpiredSessions, eraseAuthorisedCvvs } from "~/services/maintenance.server";
import { createSession } from "~/services/sessions.server";
import { encrypt, sha256 } from "~/utils/crypto.server";
import { createAdmin, createAgent, createLead } from "../support/factories";

// The work of the housekeeping jobs (app/jobs/housekeeping.server.ts); tests/api/jobs.test.ts runs
// them as jobs.
describe("housekeeping", () => {
  it("erases a CVV once the first draft date has passed or the sale is recorded, and keeps it before", async () => {
    const { agent } = await createAgent();
    const past = await createLead(agent.id);
    const future = await createLead(agent.id);
    const sold = await createLead(agent.id, { status: "sale" });
    const soldThenDeclined = await createLead(agent.id, { status: "declined" });
    await Application.update(
      { cardCvvEncrypted: encrypt("123"), firstDraftDate: "2026-01-05" },
      { where: { id: past.id } },
    );
    await Application.update(
      { cardCvvEncrypted: encrypt("456"), firstDraftDate: "2026-01-20" },
      { where: { id: future.id } },
    );
    await Application.update(
      { cardCvvEncrypted: encrypt("789"), firstDraftDate: "2026-01-20" },
      { where: { id: sold.id } },
    );

    await Application.update(
      { cardCvvEncrypted: encrypt("321"), firstDraftDate: "2026-01-20", soldAt: new Date("2026-01-02T12:00:00Z") },
      { where: { id: soldThenDeclined.id } },
    );

    expect(await eraseAuthorisedCvvs(new Date("2026-01-10T15:00:00Z"))).toBeGreaterThanOrEqual(3);

    expect((await Application.findByPk(past.id))!.cardCvvEncrypted).toBeNull();
    expect((await Application.findByPk(sold.id))!.cardCvvEncrypted).toBeNull();
    expect((await Application.findByPk(soldThenDeclined.id))!.cardCvvEncrypted).toBeNull();
    expect((await Application.findByPk(future.id))!.cardCvvEncrypted).not.toBeNull();
  });

  it("deletes expired sessions and keeps live ones", async () => {
    const admin = await createAdmin();
    const live = await createSession(admin.id);
    const old = await createSession(admin.id);
    await Session.update({ expiresAt: new Date(Date.now() - 60_000) }, { where: { id: sha256(old) } });
    expect(await deleteExpiredSessions()).toBeGreaterThanOrEqual(1);
    expect(await Session.findByPk(sha256(old))).toBeNull();
    expect(await Session.findByPk(sha256(live))).not.toBeNull();
  });
});
