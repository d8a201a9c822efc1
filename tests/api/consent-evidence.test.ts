import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { ActivityLog, Application } from "~db";
import { consentTextFor } from "~/domain/schemas/public-application";
import { action as evidenceApiAction, loader as evidenceApi } from "~/routes/api+/applications.$id.evidence";
import { action as revealAction } from "~/routes/api+/applications.$id.reveal";
import { action as applicationsAction } from "~/routes/api+/public.applications";
import { loader as evidencePage } from "~/routes/_portal+/applications.$id_.evidence";
import type { ConsentEvidence } from "~/services/consent-evidence.server";
import { EVIDENCE_OPENED } from "~/services/consent-evidence.server";
import { placeCall, setCallOutcome } from "~/services/calls.server";
import { addDncNumber, removeDncNumber } from "~/services/dnc.server";
import { applicationPayload, carrierId, uniqueName } from "../support/application-factories";
import { createAgent, signInAs, signedInAdmin, signedInAgent } from "../support/factories";
import { callRoute, jsonOf } from "../support/http";

// Issue 25 item 6: a lead's consent evidence pack, JSON (GET /api/applications/{id}/evidence) and
// the printable page. The consent text exactly as shown with its SHA-256, the time, IP address and
// source; who opened, revealed or copied the record; opening it is recorded; an agent reaches only
// their own leads (404, nothing recorded).

const CONSENT_IP = "198.51.100.23";

/** A public application to a new agent, sent from CONSENT_IP: the lead, its agent's cookie, the consent text shown. */
async function publicLead() {
  const lastName = uniqueName("Agent");
  const agent = await createAgent({ status: "approved", firstName: "Alex", lastName, licensedStates: ["FL"] });
  const payload = applicationPayload(agent.agent.id, await carrierId("Aetna"), { lastName: uniqueName("Lead") });
  const response = await callRoute(applicationsAction, {
    path: "/api/public/applications",
    method: "POST",
    json: { ...payload, consentText: consentTextFor(`Alex ${lastName}`) },
    headers: { "X-Remote-Address": CONSENT_IP },
  });
  expect(response.status).toBe(201);
  const lead = await Application.findOne({ where: { lastName: payload.lastName }, rejectOnEmpty: true });
  const { cookie, actor } = await signInAs(agent.user);
  return { lead, cookie, actor, shown: consentTextFor(`Alex ${lastName}`) };
}

async function openEvidence(id: string, cookie: string) {
  return callRoute(evidenceApi, { path: `/api/applications/${id}/evidence`, params: { id }, cookie });
}

const openings = (leadId: string) => ActivityLog.count({ where: { entityId: leadId, action: EVIDENCE_OPENED } });

describe("consent evidence pack", () => {
  it("shows the public form's consent text exactly, its SHA-256, time, IP address and source", async () => {
    const { lead, cookie, shown } = await publicLead();
    const response = await openEvidence(lead.id, cookie);
    expect(response.status).toBe(200);
    const pack = await jsonOf<ConsentEvidence>(response);
    expect(pack.consent).toMatchObject({ given: true, text: shown, ipAddress: CONSENT_IP });
    expect(pack.consent.sha256).toBe(crypto.createHash("sha256").update(shown, "utf8").digest("hex"));
    expect(Date.parse(pack.consent.at ?? "")).toBe(lead.consentAt!.getTime());
    expect(pack.source).toMatchObject({ kind: "public_form", label: "Public application form", vendor: null });
    expect(pack.lead).toMatchObject({ id: lead.id, state: "FL", zipCode: "33601", phones: ["(813) 555-0101"] });
  });

  it("records each opening and lists it, with reveals of the record, in order", async () => {
    const { lead, cookie } = await publicLead();
    await openEvidence(lead.id, cookie);
    const reveal = await callRoute(revealAction, {
      path: `/api/applications/${lead.id}/reveal`,
      method: "POST",
      params: { id: lead.id },
      json: { parts: ["sensitive"] },
      cookie,
    });
    expect(reveal.status).toBe(200);
    const pack = await jsonOf<ConsentEvidence>(await openEvidence(lead.id, cookie));
    expect(pack.disclosures.map((entry) => entry.action)).toEqual([
      EVIDENCE_OPENED,
      "lead_sensitive_revealed",
      EVIDENCE_OPENED,
    ]);
    expect(pack.disclosures[0]).toMatchObject({
      label: "Consent evidence opened",
      by: expect.stringMatching(/^Alex /),
    });
    expect(await openings(lead.id)).toBe(2);
  });

  it("lists every call with the lead's local time, the rule and the agent's licence, and the list's changes to its numbers", async () => {
    const { lead, cookie, actor } = await publicLead();
    const admin = await signedInAdmin();
    // 10:00 and 20:30 in Tampa (EST, UTC-5): the first inside Florida's 8:00-20:00, the second not.
    const morning = new Date("2026-11-24T15:00:00Z");
    const evening = new Date("2026-11-24T01:30:00Z");
    const refused = await placeCall(actor, lead.id, {}, evening);
    expect(refused.allowed).toBe(false);
    const placed = await placeCall(actor, lead.id, {}, morning);
    expect(placed.allowed).toBe(true);
    await setCallOutcome(actor, lead.id, placed.callId, { outcome: "do_not_call" }, new Date("2026-11-24T15:05:00Z"));
    await removeDncNumber(admin.actor, "+18135550101", { reason: "Listed in error: the lead asked to be called" });
    await addDncNumber(admin.actor, { phone: "813-555-0101", reason: "internal" });

    const pack = await jsonOf<ConsentEvidence>(await openEvidence(lead.id, cookie));
    expect(pack.calls.map((call) => [call.leadLocalTime, call.allowed, call.refusals])).toEqual([
      ["Mon, Nov 23, 8:30 PM EST", false, ["outside_hours"]],
      ["Tue, Nov 24, 10:00 AM EST", true, []],
    ]);
    expect(pack.calls[1]).toMatchObject({
      phone: "+18135550101",
      timeZone: "America/New_York",
      rule: { state: "FL", start: "08:00", end: "20:00", maxCallsPer24h: 3 },
      agentLicensedStates: ["FL"],
      outcome: "do_not_call",
      outcomeLabel: "Asked not to be called",
      by: expect.stringMatching(/^Alex /),
    });
    expect(pack.dncListedNow).toEqual(["+18135550101"]);
    expect(pack.dncChanges.map((change) => [change.change, change.reason])).toEqual([
      ["added", "Customer request"],
      ["removed", "Listed in error: the lead asked to be called"],
      ["added", "Internal"],
    ]);
    expect(pack.dncChanges[0].by).toMatch(/^Alex /);
  });

  it("is 404 for another agent's lead, through the API and the page, and records nothing", async () => {
    const { lead } = await publicLead();
    const other = await signedInAgent();
    expect((await openEvidence(lead.id, other.cookie)).status).toBe(404);
    const page = await callRoute(evidencePage, {
      path: `/applications/${lead.id}/evidence`,
      params: { id: lead.id },
      cookie: other.cookie,
    });
    expect(page.status).toBe(404);
    expect((await openEvidence("not-a-lead-id", other.cookie)).status).toBe(404);
    expect(await openings(lead.id)).toBe(0);
  });

  it("opens for an admin on any lead, and says when no consent was recorded", async () => {
    const { lead } = await publicLead();
    await lead.update({ consentGiven: false, consentText: null, consentAt: null, consentIp: null });
    const admin = await signedInAdmin();
    const pack = await jsonOf<ConsentEvidence>(await openEvidence(lead.id, admin.cookie));
    expect(pack.consent).toMatchObject({ given: false, text: null, sha256: null, ipAddress: null });
    expect(pack.disclosures).toEqual([expect.objectContaining({ action: EVIDENCE_OPENED, by: expect.any(String) })]);
  });

  it("answers 405 to a write and 401 without a session", async () => {
    const { lead } = await publicLead();
    const post = await callRoute(evidenceApiAction, {
      path: `/api/applications/${lead.id}/evidence`,
      method: "POST",
      params: { id: lead.id },
      json: {},
    });
    expect(post.status).toBe(405);
    expect(
      (await callRoute(evidenceApi, { path: `/api/applications/${lead.id}/evidence`, params: { id: lead.id } })).status,
    ).toBe(401);
  });
});
