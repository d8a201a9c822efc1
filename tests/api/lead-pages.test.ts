import { describe, expect, it } from "vitest";
import { ActivityLog, Application, Beneficiary, Carrier, LeadRead, PaymentTracking, StatusChange } from "~db";
import { action as pageAction, loader as pageLoader } from "~/routes/_portal+/applications.$id";
import { action as leadsAction, loader as leadsLoader } from "~/routes/agent+/leads";
import { LEAD_STATUS_MESSAGES } from "~/domain/schemas/lead-status";
import { LEAD_NOT_FOUND } from "~/services/leads.server";
import { SENSITIVE_REVEALED } from "~/services/lead-reads.server";
import { updateLead } from "~/services/lead-edit.server";
import { decrypt } from "~/utils/crypto.server";
import { readToast } from "~/utils/toast.server";
import { createLead, giveCarrier, signedInAdmin, signedInAgent } from "../support/factories";
import { callRoute, jsonOf } from "../support/http";

// Issue 10 through the pages, with and without JavaScript alike (the loaders and actions are what
// a plain form post and a link reach): My Leads (/agent/leads) and a lead's page
// (/applications/{id}). The services behind them are tested in lead-status, lead-edit and
// lead-reads; here: the URL state, marking read on opening, the toasts, the field errors with
// everything typed kept, and 404 for a lead that is not the caller's, through every route.

type LoaderData = Record<string, unknown> & { list?: { rows: { id: string; isUnread: boolean }[]; total: number } };

async function toastOf(response: Response) {
  const cookie = response.headers.get("Set-Cookie") ?? "";
  const request = new Request("http://localhost/", { headers: { Cookie: cookie.split(";")[0]! } });
  return (await readToast(request)).toast;
}

/** An agent with Aetna's "Final Expense" (100 %), licensed in FL, and a lead of theirs in FL on Aetna. */
async function agentWithLead(timezone = "America/New_York") {
  const me = await signedInAgent();
  const { carrier, product } = await giveCarrier(me.agent.id, "Aetna", "Final Expense", 100);
  const lead = await createLead(me.agent.id, { monthlyPremiumCents: 10_000 });
  await lead.update({ carrierId: carrier.id, state: "FL" });
  await me.user.update({ timezone });
  return { ...me, actor: { ...me.actor, timezone }, carrier, product, lead };
}

const leads = (query: string, cookie: string) => callRoute(leadsLoader, { path: `/agent/leads${query}`, cookie });
const postLeads = (query: string, form: Record<string, string>, cookie: string) =>
  callRoute(leadsAction, { method: "POST", path: `/agent/leads${query}`, form, cookie });
const leadPage = (id: string, query: string, cookie: string) =>
  callRoute(pageLoader, { path: `/applications/${id}${query}`, params: { id }, cookie });
const postLeadPage = (id: string, form: Record<string, string>, cookie: string) =>
  callRoute(pageAction, { method: "POST", path: `/applications/${id}`, params: { id }, form, cookie });

describe("My Leads: the list and its URL", () => {
  it("lists only the agent's leads, newest first, with the status counts and New Lead for unread ones", async () => {
    const { lead, cookie, agent } = await agentWithLead();
    const older = await createLead(agent.id, { status: "callback", createdAt: new Date(Date.now() - 86_400_000) });
    const stranger = await signedInAgent();
    await createLead(stranger.agent.id);
    const data = await jsonOf<LoaderData & { counts: Record<string, number> }>(await leads("", cookie));
    expect(data.list!.rows.map((row) => row.id)).toEqual([lead.id, older.id]);
    expect(data.list!.rows.every((row) => row.isUnread)).toBe(true);
    expect(data.counts).toMatchObject({ all: 2, pending: 1, callback: 1, sale: 0 });
    const filtered = await jsonOf<LoaderData>(await leads("?status=callback", cookie));
    expect(filtered.list!.rows.map((row) => row.id)).toEqual([older.id]);
  });

  it("a GET of a lead's dialog, even with ?reveal=1, writes nothing: no read mark, no audit row (decision 046)", async () => {
    const { lead, cookie, user, actor } = await agentWithLead();
    await updateLead(actor, lead.id, { ssn: "123456789" });
    const before = await ActivityLog.count({ where: { entityId: lead.id } });
    for (const search of [`?dialog=details&id=${lead.id}`, `?dialog=details&id=${lead.id}&reveal=1`]) {
      const res = await leads(search, cookie);
      expect(res.status).toBe(200);
      const data = await jsonOf<LoaderData & { lead: { ssn: string }; unread: boolean }>(res);
      expect(data.lead.ssn).toBe("6789");
      expect(data.unread).toBe(true);
      expect(data.list!.rows.find((row) => row.id === lead.id)!.isUnread).toBe(true);
    }
    expect(await LeadRead.count({ where: { applicationId: lead.id, userId: user.id } })).toBe(0);
    expect(await ActivityLog.count({ where: { entityId: lead.id } })).toBe(before);
  });

  it("the row's Details posts: the lead is read for that agent only, then its details dialog opens", async () => {
    const { lead, cookie, user } = await agentWithLead();
    const res = await postLeads("?status=pending", { intent: "open", id: lead.id }, cookie);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/agent/leads?status=pending&dialog=details&id=${lead.id}`);
    expect(await LeadRead.count({ where: { applicationId: lead.id } })).toBe(1);
    expect(await LeadRead.count({ where: { applicationId: lead.id, userId: user.id } })).toBe(1);
    const data = await jsonOf<LoaderData & { unread: boolean }>(
      await leads(`?status=pending&dialog=details&id=${lead.id}`, cookie),
    );
    expect(data.unread).toBe(false);
    expect(data.list!.rows.find((row) => row.id === lead.id)!.isUnread).toBe(false);
  });

  it("Show Sensitive is a post that records the reveal, then ?reveal=1 shows the numbers", async () => {
    const { lead, cookie, actor } = await agentWithLead();
    await updateLead(actor, lead.id, { ssn: "123456789" });
    const res = await postLeads(
      `?dialog=details&id=${lead.id}`,
      { intent: "reveal", id: lead.id, part: "all" },
      cookie,
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/agent/leads?dialog=details&id=${lead.id}&reveal=1`);
    expect(await ActivityLog.count({ where: { action: SENSITIVE_REVEALED, entityId: lead.id } })).toBe(1);
    const shown = await jsonOf<{ lead: { ssn: string } }>(
      await leads(`?dialog=details&id=${lead.id}&reveal=1`, cookie),
    );
    expect(shown.lead.ssn).toBe("123456789");
    // Reloading shows them again without a second entry.
    await leads(`?dialog=details&id=${lead.id}&reveal=1`, cookie);
    expect(await ActivityLog.count({ where: { action: SENSITIVE_REVEALED, entityId: lead.id } })).toBe(1);
    // The edit dialog never carries the full numbers, whatever the URL says.
    const editing = await jsonOf<{ lead: { ssn: string } }>(await leads(`?dialog=edit&id=${lead.id}&reveal=1`, cookie));
    expect(editing.lead.ssn).toBe("6789");
    // Another agent's lead: 404, nothing recorded.
    const other = await agentWithLead();
    const refused = await postLeads(
      `?dialog=details&id=${lead.id}`,
      { intent: "reveal", id: lead.id, part: "all" },
      other.cookie,
    );
    expect(refused.status).toBe(404);
    expect(await ActivityLog.count({ where: { action: SENSITIVE_REVEALED, entityId: lead.id } })).toBe(1);
  });

  it("?highlight= goes to the page that holds the lead and marks its row", async () => {
    const { cookie, agent } = await agentWithLead();
    const target = await createLead(agent.id, { createdAt: new Date(Date.now() - 10 * 86_400_000) });
    for (let i = 0; i < 21; i++) await createLead(agent.id, { createdAt: new Date(Date.now() - i * 60_000) });
    const moved = await leads(`?highlight=${target.id}&status=pending`, cookie);
    expect(moved.status).toBe(302);
    expect(moved.headers.get("Location")).toBe(`/agent/leads?highlight=${target.id}&page=2#lead-${target.id}`);
    const shown = await jsonOf<LoaderData & { highlight: string }>(
      await leads(`?highlight=${target.id}&page=2`, cookie),
    );
    expect(shown.highlight).toBe(target.id);
  });

  it("says which empty text applies: none assigned, or none matching the filters", async () => {
    const me = await signedInAgent();
    const none = await jsonOf<{ counts: { all: number } }>(await leads("", me.cookie));
    expect(none.counts.all).toBe(0);
    const { cookie } = await agentWithLead();
    const unmatched = await jsonOf<LoaderData & { counts: { all: number } }>(await leads("?search=zzzz", cookie));
    expect(unmatched.list!.total).toBe(0);
    expect(unmatched.counts.all).toBe(1);
  });
});

describe("My Leads: dispositions and sales through the page", () => {
  it("sets a callback from the user's own wall-clock time, stored as UTC, with the spec's toast", async () => {
    const { lead, cookie } = await agentWithLead("America/Chicago");
    const res = await postLeads(
      `?dialog=status&id=${lead.id}`,
      {
        intent: "status",
        id: lead.id,
        status: "callback",
        callbackDate: "2026-12-01T10:30",
        notes: "  Call after lunch ",
      },
      cookie,
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/agent/leads");
    expect(await toastOf(res)).toMatchObject({
      title: "Status updated successfully",
      description: "The lead status has been updated",
    });
    const stored = (await Application.findByPk(lead.id))!;
    expect(stored.status).toBe("callback");
    // 10:30 in Chicago in December (CST, UTC-6) is 16:30 UTC.
    expect(stored.callbackDate!.toISOString()).toBe("2026-12-01T16:30:00.000Z");
    const history = await StatusChange.findAll({ where: { applicationId: lead.id }, raw: true });
    expect(history.map((h) => [h.fromStatus, h.toStatus, h.notes])).toEqual([
      ["pending", "callback", "Call after lunch"],
    ]);
  });

  it("a status set from the details dialog keeps the dialog open", async () => {
    const { lead, cookie } = await agentWithLead();
    const res = await postLeads(
      `?dialog=details&id=${lead.id}&reveal=1`,
      { intent: "status", id: lead.id, status: "contacted" },
      cookie,
    );
    expect(res.headers.get("Location")).toBe(`/agent/leads?dialog=details&id=${lead.id}`);
  });

  it("records a sale: Sale Recorded with the commission for 6 s, and nine payments", async () => {
    const { lead, cookie, product } = await agentWithLead();
    const res = await postLeads(
      `?dialog=status&id=${lead.id}`,
      { intent: "status", id: lead.id, status: "sale", productId: product.id },
      cookie,
    );
    expect(res.status).toBe(302);
    // $100.00 a month x 9 x 100 % = $900.00.
    expect(await toastOf(res)).toMatchObject({
      title: "Sale Recorded",
      description: "Commission: $900.00. The 9-month payment schedule is ready.",
      durationMs: 6000,
    });
    expect(await PaymentTracking.count({ where: { applicationId: lead.id } })).toBe(9);
  });

  it("answers a sale without a product with Product Required at the field, the dialog staying open", async () => {
    const { lead, cookie } = await agentWithLead();
    const res = await postLeads(
      `?dialog=status&id=${lead.id}`,
      { intent: "status", id: lead.id, status: "sale", productId: "", notes: "Kept note" },
      cookie,
    );
    expect(res.status).toBe(400);
    const body = await jsonOf<{
      intent: string;
      result: { error: Record<string, string[]>; initialValue: Record<string, string> };
    }>(res);
    expect(body.intent).toBe("status");
    expect(body.result.error.productId).toEqual([LEAD_STATUS_MESSAGES.productRequired]);
    expect(body.result.initialValue.notes).toBe("Kept note");
    expect((await Application.findByPk(lead.id))!.status).toBe("pending");
  });

  it("refuses a sale outside the agent's licensed states with the state's name at the status field", async () => {
    const { lead, cookie, product } = await agentWithLead();
    await lead.update({ state: "TX" });
    const res = await postLeads(
      `?dialog=status&id=${lead.id}`,
      { intent: "status", id: lead.id, status: "sale", productId: product.id },
      cookie,
    );
    expect(res.status).toBe(400);
    const body = await jsonOf<{ result: { error: Record<string, string[]> } }>(res);
    expect(body.result.error.status?.[0]).toContain("Texas");
    expect(await PaymentTracking.count({ where: { applicationId: lead.id } })).toBe(0);
    // A refusal, not a field to fix: the catalogue's toast too, with the reason.
    const toast = await toastOf(res);
    expect(toast).toMatchObject({ type: "error", title: "Update failed" });
    expect(toast?.description).toMatch(/^Failed to update lead status: .*Texas/);
  });

  it("refuses a disposition the service turns down with Disposition Failed and the reason, the form kept", async () => {
    const { lead, cookie, product } = await agentWithLead();
    await lead.update({ state: "TX" });
    const res = await postLeads(
      `?dialog=disposition&id=${lead.id}`,
      { intent: "disposition", id: lead.id, status: "sale", productId: product.id, notes: "Kept note" },
      cookie,
    );
    expect(res.status).toBe(400);
    const body = await jsonOf<{ intent: string; result: { initialValue: Record<string, string> } }>(res);
    expect(body.intent).toBe("disposition");
    expect(body.result.initialValue.notes).toBe("Kept note");
    const toast = await toastOf(res);
    expect(toast).toMatchObject({ type: "error", title: "Disposition Failed" });
    expect(toast?.description).toMatch(/^Failed to update disposition: .*Texas/);
  });

  it("answers the form's own bad input at the field only, with no failure toast", async () => {
    const { lead, cookie } = await agentWithLead();
    const res = await postLeads(
      `?dialog=status&id=${lead.id}`,
      { intent: "status", id: lead.id, status: "sale", productId: "" },
      cookie,
    );
    expect(res.status).toBe(400);
    expect(await toastOf(res)).toBeNull();
  });

  it("answers the Update Disposition prompt with Disposition Updated", async () => {
    const { lead, cookie } = await agentWithLead();
    const res = await postLeads(
      `?dialog=disposition&id=${lead.id}`,
      { intent: "disposition", id: lead.id, status: "declined", notes: "Not interested" },
      cookie,
    );
    expect(await toastOf(res)).toMatchObject({ title: "Disposition Updated" });
    expect((await Application.findByPk(lead.id))!.status).toBe("declined");
  });
});

describe("My Leads: Edit Application", () => {
  const editForm = (id: string, extra: Record<string, string> = {}) => ({
    intent: "edit",
    id,
    firstName: "Lena",
    lastName: "Changed",
    email: "lena@example.test",
    weight: "160",
    coverageAmount: "20000",
    monthlyPremium: "100.00",
    paymentMethod: "checking",
    "phones[0].phoneNumber": "8135550000",
    "phones[0].phoneType": "mobile",
    "beneficiaries[0].name": "Sam Heir",
    "beneficiaries[0].relationship": "son",
    ...extra,
  });

  it("saves and goes to the Update Disposition prompt with the spec's toast", async () => {
    const { lead, cookie } = await agentWithLead();
    const res = await postLeads(`?dialog=edit&id=${lead.id}&page=1`, editForm(lead.id, { ssn: "111-22-3333" }), cookie);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/agent/leads?dialog=disposition&id=${lead.id}&page=1`);
    expect(await toastOf(res)).toMatchObject({
      title: "Application updated successfully",
      description: "Would you like to update the disposition?",
    });
    const stored = (await Application.findByPk(lead.id))!;
    expect([stored.lastName, stored.weight, stored.coverageAmountCents]).toEqual(["Changed", 160, 2_000_000]);
    expect(decrypt(stored.ssnEncrypted!)).toBe("111223333");
    expect(await Beneficiary.count({ where: { applicationId: lead.id } })).toBe(1);
  });

  it("keeps everything typed on bad input, with each message at its field and no sensitive number sent back", async () => {
    const { lead, cookie } = await agentWithLead();
    const res = await postLeads(
      `?dialog=edit&id=${lead.id}`,
      editForm(lead.id, { firstName: "", email: "nope", weight: "160.5", ssn: "987654321", city: "Typed City" }),
      cookie,
    );
    expect(res.status).toBe(400);
    const body = await jsonOf<{
      result: { error: Record<string, string[]>; initialValue: Record<string, unknown> };
      kept: { sealed: string; endings: Record<string, string> };
    }>(res);
    expect(body.result.error).toMatchObject({
      firstName: ["First name is required"],
      email: ["Please enter a valid email address"],
      weight: ["Weight must be a whole number"],
    });
    expect(body.result.initialValue.city).toBe("Typed City");
    expect(body.result.initialValue.ssn).toBeUndefined();
    expect(JSON.stringify(body)).not.toContain("987654321");
    expect(body.kept.endings.ssn).toBe("4321");
    // The next post leaves the box empty: the sealed SSN is the one saved.
    const again = await postLeads(
      `?dialog=edit&id=${lead.id}`,
      { ...editForm(lead.id), keptNumbers: body.kept.sealed },
      cookie,
    );
    expect(again.status).toBe(302);
    expect(decrypt((await Application.findByPk(lead.id))!.ssnEncrypted!)).toBe("987654321");
  });

  it("adds a beneficiary row without JavaScript: the form comes back with the new row and nothing saved", async () => {
    const { lead, cookie } = await agentWithLead();
    const res = await postLeads(
      `?dialog=edit&id=${lead.id}`,
      { ...editForm(lead.id), __intent__: JSON.stringify({ type: "insert", payload: { name: "beneficiaries" } }) },
      cookie,
    );
    expect(res.status).toBe(200);
    const body = await jsonOf<{ result: { initialValue: { beneficiaries: unknown[] } } }>(res);
    expect(body.result.initialValue.beneficiaries).toHaveLength(2);
    expect((await Application.findByPk(lead.id))!.lastName).not.toBe("Changed");
  });
});

describe("a lead's page, /applications/{id}", () => {
  it("opens the agent's own lead and an admin's any lead; the GET, even with ?reveal=1, writes nothing", async () => {
    const { lead, cookie, actor } = await agentWithLead();
    await updateLead(actor, lead.id, { ssn: "123456789" });
    const audit = await ActivityLog.count({ where: { entityId: lead.id } });
    const shown = await jsonOf<{ lead: { id: string; ssn: string }; editing: boolean; unread: boolean }>(
      await leadPage(lead.id, "?reveal=1", cookie),
    );
    expect(shown.lead).toMatchObject({ id: lead.id, ssn: "6789" });
    expect(shown.unread).toBe(true);
    expect((await jsonOf<{ editing: boolean }>(await leadPage(lead.id, "?edit=1", cookie))).editing).toBe(true);
    const admin = await signedInAdmin();
    expect((await leadPage(lead.id, "?reveal=1", admin.cookie)).status).toBe(200);
    expect(await LeadRead.count({ where: { applicationId: lead.id } })).toBe(0);
    expect(await ActivityLog.count({ where: { entityId: lead.id } })).toBe(audit);
  });

  it("Mark as read and Show Sensitive are posts: read for that user only; the reveal recorded, then shown", async () => {
    const { lead, cookie, user, actor } = await agentWithLead();
    await updateLead(actor, lead.id, { ssn: "123456789" });
    const read = await postLeadPage(lead.id, { intent: "open", id: lead.id }, cookie);
    expect(read.status).toBe(302);
    expect(read.headers.get("Location")).toBe(`/applications/${lead.id}`);
    expect(await LeadRead.count({ where: { applicationId: lead.id } })).toBe(1);
    expect(await LeadRead.count({ where: { applicationId: lead.id, userId: user.id } })).toBe(1);
    expect((await jsonOf<{ unread: boolean }>(await leadPage(lead.id, "", cookie))).unread).toBe(false);

    const shown = await postLeadPage(lead.id, { intent: "reveal", id: lead.id, part: "all" }, cookie);
    expect(shown.headers.get("Location")).toBe(`/applications/${lead.id}?reveal=1`);
    expect(await ActivityLog.count({ where: { action: SENSITIVE_REVEALED, entityId: lead.id } })).toBe(1);
    const page = await jsonOf<{ lead: { ssn: string } }>(await leadPage(lead.id, "?reveal=1", cookie));
    expect(page.lead.ssn).toBe("123456789");
    // The admin's own URL shows nothing in full: the reveal was the agent's.
    const admin = await signedInAdmin();
    expect((await jsonOf<{ lead: { ssn: string } }>(await leadPage(lead.id, "?reveal=1", admin.cookie))).lead.ssn).toBe(
      "6789",
    );
    // A part the form does not offer is refused.
    expect((await postLeadPage(lead.id, { intent: "reveal", id: lead.id, part: "evil" }, cookie)).status).toBe(400);
  });

  it("sets a disposition and saves an edit, which goes to the Update Disposition prompt", async () => {
    const { lead, cookie } = await agentWithLead();
    const set = await postLeadPage(lead.id, { intent: "disposition", id: lead.id, status: "contacted" }, cookie);
    expect(set.headers.get("Location")).toBe(`/applications/${lead.id}`);
    expect(await toastOf(set)).toMatchObject({ title: "Disposition Updated" });
    const edit = await postLeadPage(
      lead.id,
      { intent: "edit", id: lead.id, firstName: "Lena", lastName: "Paged", "beneficiaries[0].name": "" },
      cookie,
    );
    expect(edit.headers.get("Location")).toBe(`/applications/${lead.id}?dialog=disposition`);
    expect((await Application.findByPk(lead.id))!.lastName).toBe("Paged");
  });
});

describe("nobody reaches another agent's lead through a page (404, nothing changed)", () => {
  it("answers 404 Application Not Found on every loader and action that takes a lead id", async () => {
    const { lead } = await agentWithLead();
    const before = (await Application.findByPk(lead.id, { raw: true }))!;
    const stranger = await signedInAgent();
    const aetna = (await Carrier.findOne({ where: { name: "Aetna" } }))!;
    const responses = [
      await leads(`?dialog=details&id=${lead.id}`, stranger.cookie),
      await leads(`?dialog=edit&id=${lead.id}`, stranger.cookie),
      await leads(`?dialog=status&id=${lead.id}`, stranger.cookie),
      await leads(`?dialog=disposition&id=${lead.id}`, stranger.cookie),
      await leads(`?dialog=details&id=not-a-uuid`, stranger.cookie),
      await leadPage(lead.id, "", stranger.cookie),
      await leadPage("00000000-0000-4000-8000-000000000000", "", stranger.cookie),
      await postLeads("", { intent: "status", id: lead.id, status: "declined" }, stranger.cookie),
      await postLeads("", { intent: "disposition", id: lead.id, status: "declined" }, stranger.cookie),
      await postLeads(
        "",
        { intent: "edit", id: lead.id, firstName: "X", lastName: "Y", carrierId: aetna.id },
        stranger.cookie,
      ),
      await postLeadPage(lead.id, { intent: "disposition", id: lead.id, status: "declined" }, stranger.cookie),
      await postLeadPage(lead.id, { intent: "edit", id: lead.id, firstName: "X", lastName: "Y" }, stranger.cookie),
      await postLeads("", { intent: "open", id: lead.id }, stranger.cookie),
      await postLeads("", { intent: "reveal", id: lead.id, part: "all" }, stranger.cookie),
      await postLeadPage(lead.id, { intent: "open", id: lead.id }, stranger.cookie),
      await postLeadPage(lead.id, { intent: "reveal", id: lead.id, part: "all" }, stranger.cookie),
    ];
    for (const response of responses) {
      expect(response.status).toBe(404);
      expect(await response.text()).toContain(LEAD_NOT_FOUND);
    }
    expect((await Application.findByPk(lead.id, { raw: true }))!).toEqual(before);
    expect(await LeadRead.count({ where: { applicationId: lead.id } })).toBe(0);
    expect(await StatusChange.count({ where: { applicationId: lead.id } })).toBe(0);
    expect(await ActivityLog.count({ where: { entityId: lead.id, userId: stranger.user.id } })).toBe(0);
  });

  it("sends a signed-out visitor to /login and an admin away from My Leads", async () => {
    const { lead } = await agentWithLead();
    const signedOut = await leadPage(lead.id, "", "");
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
    const admin = await signedInAdmin();
    const res = await leads("", admin.cookie);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/");
  });
});
