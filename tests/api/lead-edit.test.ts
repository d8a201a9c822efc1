import { describe, expect, it } from "vitest";
import { ActivityLog, Application, Beneficiary, Carrier, Phone } from "~db";
import { action as leadsAction } from "~/routes/agent+/leads";
import { action as putAction } from "~/routes/api+/agent.applications.$id";
import { action as patchAction } from "~/routes/api+/applications.$id";
import { changeLeadStatus } from "~/services/lead-status.server";
import { LEAD_EDIT_ERRORS, leadCarrierChoices, updateLead } from "~/services/lead-edit.server";
import { LEAD_NOT_FOUND } from "~/services/leads.server";
import { HEALTH_MASK } from "~/domain/health-details";
import { decrypt } from "~/utils/crypto.server";
import { NUMBERS_NOT_KEPT } from "~/utils/sealed-fields.server";
import { leadEditPayload } from "../support/application-factories";
import { createLead, giveCarrier, signedInAdmin, signedInAgent } from "../support/factories";
import { callRoute, jsonOf } from "../support/http";

// Issue 10, item 4 and the edit part of 12: one service behind the Edit Application dialog, the
// application page's edit mode, PUT /api/agent/applications/{id} and PATCH /api/applications/{id};
// the rules of part 2 section 5; sensitive numbers kept when left empty; nobody reaches another
// agent's lead.

type ApiError = { error: string; fieldErrors?: Record<string, string[]> };

function put(id: string, json: unknown, cookie?: string) {
  return callRoute(putAction, { method: "PUT", path: `/api/agent/applications/${id}`, params: { id }, json, cookie });
}

function patch(id: string, json: unknown, cookie?: string) {
  return callRoute(patchAction, { method: "PATCH", path: `/api/applications/${id}`, params: { id }, json, cookie });
}

async function stored(id: string) {
  return (await Application.findByPk(id, { raw: true }))!;
}

/** An agent, their lead (Aetna, checking account with numbers, one phone, one beneficiary). */
async function agentWithLead() {
  const me = await signedInAgent();
  const lead = await createLead(me.agent.id);
  const aetna = (await Carrier.findOne({ where: { name: "Aetna" } }))!;
  await updateLead(me.actor, lead.id, {
    carrierId: aetna.id,
    paymentMethod: "checking",
    bankName: "First Bank",
    ssn: "123456789",
    routingNumber: "021000021",
    accountNumber: "000123456789",
    beneficiaries: [{ name: "Old Friend", relationship: "friend" }],
  });
  return { ...me, lead, aetna };
}

describe("updateLead: every field of the application", () => {
  it("saves the whole application through PUT and answers the lead with its numbers masked", async () => {
    const { lead, cookie, aetna } = await agentWithLead();
    const body = leadEditPayload({ carrierId: aetna.id });
    const response = await put(lead.id, body, cookie);
    expect(response.status).toBe(200);
    const answer = await jsonOf<{ success: boolean; application: Record<string, unknown> }>(response);
    expect(answer.success).toBe(true);
    expect(answer.application).toMatchObject({
      id: lead.id,
      firstName: "Edna",
      lastName: body.lastName,
      email: "edna@example.test",
      hasEmail: true,
      gender: "female",
      dateOfBirth: "1950-06-01",
      city: "Miami",
      state: "FL",
      zipCode: "33101",
      weight: 140,
      maritalStatus: "married",
      smoker: true,
      coverageAmount: 15000,
      monthlyPremium: 62.5,
      carrier: { id: aetna.id, name: "Aetna" },
      paymentMethod: "savings",
      bankName: "Second Bank",
      ssn: "4321",
      routingNumber: "0025",
      accountNumber: "3444",
      revealed: false,
      doctorName: HEALTH_MASK,
      doctorPhone: HEALTH_MASK,
      medications: HEALTH_MASK,
      medicalHistory: HEALTH_MASK,
      firstDraftDate: "2026-01-05",
      notes: "Spoke with her daughter",
    });
    const row = await stored(lead.id);
    expect(decrypt(row.ssnEncrypted!)).toBe("987654321");
    expect(decrypt(row.routingNumberEncrypted!)).toBe("111000025");
    expect(decrypt(row.medicalHistoryEncrypted!)).toBe("Hypertension");
    expect(JSON.stringify(answer)).not.toContain("987654321");
    expect(JSON.stringify(answer)).not.toContain("Hypertension");
  });

  it("replaces the phones (the first is primary, rows without a number left out) and the beneficiaries", async () => {
    const { lead, actor } = await agentWithLead();
    await updateLead(actor, lead.id, {
      phones: [
        { phoneNumber: "", phoneType: "work" },
        { phoneNumber: "(727) 555-0101", phoneType: "work" },
        { phoneNumber: "7275550102", phoneType: "home" },
      ],
      beneficiaries: [
        { name: "Ann Heir", relationship: "daughter", percentage: 60 },
        { name: "", relationship: "" },
        { name: "Bo Heir", relationship: "other", otherRelationship: "Godson", percentage: 40 },
      ],
    });
    const phones = await Phone.findAll({ where: { applicationId: lead.id }, raw: true });
    expect(phones.map((p) => [p.phoneNumber, p.phoneType, Boolean(p.isPrimary)]).sort()).toEqual([
      ["(727) 555-0101", "work", true],
      ["7275550102", "home", false],
    ]);
    const heirs = await Beneficiary.findAll({ where: { applicationId: lead.id }, raw: true });
    expect(heirs.map((b) => [b.name, b.relationship, b.otherRelationship]).sort()).toEqual([
      ["Ann Heir", "daughter", null],
      ["Bo Heir", "other", "Godson"],
    ]);
  });

  it("PATCH changes only the fields given, clears blank ones, and leaves phones and beneficiaries alone", async () => {
    const { lead, cookie } = await agentWithLead();
    const before = await stored(lead.id);
    const response = await patch(lead.id, { city: "Orlando", medications: "", weight: "165" }, cookie);
    expect(response.status).toBe(200);
    const after = await stored(lead.id);
    expect(after.city).toBe("Orlando");
    expect(after.medicationsEncrypted).toBeNull();
    expect(after.weight).toBe(165);
    expect(after.firstName).toBe(before.firstName);
    expect(after.bankName).toBe("First Bank");
    expect(await Phone.count({ where: { applicationId: lead.id } })).toBe(1);
    expect(await Beneficiary.count({ where: { applicationId: lead.id } })).toBe(1);
  });
});

describe("updateLead: sensitive numbers", () => {
  it("keeps a stored number when its box is left empty or absent, and when the masked last four come back", async () => {
    const { lead, actor } = await agentWithLead();
    const before = await stored(lead.id);
    await updateLead(actor, lead.id, { ssn: "", routingNumber: "0021", city: "Tampa" });
    const after = await stored(lead.id);
    expect(after.ssnEncrypted).toBe(before.ssnEncrypted);
    expect(after.routingNumberEncrypted).toBe(before.routingNumberEncrypted);
    expect(decrypt(after.accountNumberEncrypted!)).toBe("000123456789");
  });

  it("replaces a number with a new one (spaces and dashes ignored), and JSON null clears it", async () => {
    const { lead, actor } = await agentWithLead();
    await updateLead(actor, lead.id, { ssn: "111-22-3333", accountNumber: null });
    const after = await stored(lead.id);
    expect(decrypt(after.ssnEncrypted!)).toBe("111223333");
    expect(after.ssnLast4).toBe("3333");
    expect(after.accountNumberEncrypted).toBeNull();
    expect(after.accountNumberLast4).toBeNull();
  });

  it("keeps bank details only for checking or savings and card details only for debit or credit", async () => {
    const { lead, actor } = await agentWithLead();
    await updateLead(actor, lead.id, {
      paymentMethod: "credit",
      cardNumber: "4111 1111 1111 1111",
      cardExpiry: "12/30",
    });
    let row = await stored(lead.id);
    expect([row.bankName, row.routingNumberEncrypted, row.accountNumberEncrypted]).toEqual([null, null, null]);
    expect(row.cardNumberLast4).toBe("1111");
    expect(row.cardExpiry).toBe("12/30");
    // A bank field sent with a card method is set aside too.
    await updateLead(actor, lead.id, { paymentMethod: "checking", bankName: "Third Bank", routingNumber: "123" });
    row = await stored(lead.id);
    expect([row.cardNumberEncrypted, row.cardExpiry]).toEqual([null, null]);
    expect(row.bankName).toBe("Third Bank");
    expect(row.routingNumberLast4).toBe("123");
  });

  it("stores part 1's paper check, keeping neither bank nor card details (audit item 11, decision 045)", async () => {
    const { lead } = await agentWithLead();
    const { cookie } = await signedInAdmin();
    const response = await patch(lead.id, { paymentMethod: "check", cardNumber: "4111111111111111" }, cookie);
    expect(response.status).toBe(200);
    const row = await stored(lead.id);
    expect(row.paymentMethod).toBe("check");
    expect([row.bankName, row.routingNumberEncrypted, row.accountNumberEncrypted]).toEqual([null, null, null]);
    expect([row.cardNumberEncrypted, row.cardExpiry]).toEqual([null, null]);
  });

  it("answers part 1's bank and card, which name a kind, with the stored methods to send instead", async () => {
    const { lead } = await agentWithLead();
    const { cookie } = await signedInAdmin();
    for (const [kind, message] of [
      ["bank", "A bank draft is checking or savings: please select one of them"],
      ["card", "A card is debit or credit: please select one of them"],
      ["wire", "Please select a payment method"],
    ]) {
      const response = await patch(lead.id, { paymentMethod: kind }, cookie);
      expect(response.status).toBe(400);
      expect((await jsonOf<ApiError>(response)).fieldErrors?.paymentMethod).toEqual([message]);
    }
    expect((await stored(lead.id)).paymentMethod).toBe("checking");
  });
});

describe("updateLead: the rules of part 2 section 5", () => {
  async function fieldErrors(run: Promise<Response>) {
    const response = await run;
    expect(response.status).toBe(400);
    return (await jsonOf<ApiError>(response)).fieldErrors ?? {};
  }

  it("requires the first and last names", async () => {
    const { lead, cookie } = await agentWithLead();
    const { firstName: _first, lastName: _last, ...nameless } = leadEditPayload();
    expect(await fieldErrors(put(lead.id, nameless, cookie))).toMatchObject({
      firstName: ["First name is required"],
      lastName: ["Last name is required"],
    });
    expect(await fieldErrors(patch(lead.id, { firstName: "  ", lastName: "" }, cookie))).toMatchObject({
      firstName: ["First name is required"],
      lastName: ["Last name is required"],
    });
    expect((await stored(lead.id)).firstName).toBe("Lena");
  });

  it("checks the email's shape, whole numbers for weight and coverage, and digits for SSN and routing (at most 9)", async () => {
    const { lead, cookie } = await agentWithLead();
    const errors = await fieldErrors(
      patch(
        lead.id,
        {
          email: "not-an-email",
          weight: 150.5,
          coverageAmount: "10000.50",
          ssn: "1234567890",
          routingNumber: "12a",
          zipCode: "3360",
          cardExpiry: "13/30",
        },
        cookie,
      ),
    );
    expect(errors).toEqual({
      email: ["Please enter a valid email address"],
      weight: ["Weight must be a whole number"],
      coverageAmount: ["Coverage amount must be a whole number"],
      ssn: ["SSN must be digits only (at most 9)"],
      routingNumber: ["Routing number must be digits only (at most 9)"],
      zipCode: ["Zip code must be 5 digits (or ZIP+4: 12345-6789)"],
      cardExpiry: ["Card expiry must be MM/YY (month 01 to 12)"],
    });
    expect(await fieldErrors(patch(lead.id, { ssn: "12345678" + "9", routingNumber: "1234567890" }, cookie))).toEqual({
      routingNumber: ["Routing number must be digits only (at most 9)"],
    });
  });

  it("asks for a relationship for each named beneficiary and the specification of Other", async () => {
    const { lead, cookie } = await agentWithLead();
    const errors = await fieldErrors(
      patch(lead.id, { beneficiaries: [{ name: "Ann" }, { name: "Bo", relationship: "other" }] }, cookie),
    );
    expect(errors).toEqual({
      "beneficiaries.0.relationship": ["Beneficiary relationship is required"],
      "beneficiaries.1.otherRelationship": ["Please specify the relationship"],
    });
    expect(await Beneficiary.count({ where: { applicationId: lead.id } })).toBe(1);
  });

  it("takes a carrier from the public list or the agent's own, and refuses any other", async () => {
    const { lead, actor, agent } = await agentWithLead();
    const custom = await Carrier.create({ name: `Own Mutual ${lead.id.slice(0, 6)}`, preset: false });
    const stranger = await Carrier.create({ name: `Stranger Life ${lead.id.slice(0, 6)}`, preset: false });
    await expect(updateLead(actor, lead.id, { carrierId: stranger.id })).rejects.toMatchObject({
      status: 400,
      fieldErrors: { carrierId: [LEAD_EDIT_ERRORS.unknownCarrier] },
    });
    await giveCarrier(agent.id, custom.name, "Plan", 50);
    await updateLead(actor, lead.id, { carrierId: custom.id });
    expect((await stored(lead.id)).carrierId).toBe(custom.id);
    const choices = await leadCarrierChoices(await stored(lead.id));
    expect(choices.map((c) => c.id)).toContain(custom.id);
    expect(choices.map((c) => c.id)).not.toContain(stranger.id);
  });

  it("keeps a sold lead's carrier, premium and sale as they were, and takes no CVV after the sale", async () => {
    const { lead, actor, agent, aetna } = await agentWithLead();
    const { product } = await giveCarrier(agent.id, "Aetna", "Final Expense", 100);
    await Application.update({ state: "FL" }, { where: { id: lead.id } });
    await changeLeadStatus(actor, lead.id, { status: "sale", productId: product.id });
    const other = (await Carrier.findOne({ where: { name: "Americo" } }))!;
    await expect(
      updateLead(actor, lead.id, { carrierId: other.id, monthlyPremium: 99, cardCvv: "123" }),
    ).rejects.toMatchObject({
      status: 400,
      fieldErrors: {
        carrierId: [LEAD_EDIT_ERRORS.soldCarrier],
        monthlyPremium: [LEAD_EDIT_ERRORS.soldPremium],
        cardCvv: [LEAD_EDIT_ERRORS.cvvAfterSale],
      },
    });
    // The same values are fine: the form sends them back unchanged with every save.
    await updateLead(actor, lead.id, { carrierId: aetna.id, monthlyPremium: 50, city: "Ocala" });
    expect((await stored(lead.id)).city).toBe("Ocala");
  });
});

describe("updateLead: who may edit which lead", () => {
  it("answers 404 for another agent's lead through PUT and PATCH, and changes nothing", async () => {
    const { lead } = await agentWithLead();
    const before = await stored(lead.id);
    const stranger = await signedInAgent();
    for (const response of [
      await put(lead.id, leadEditPayload(), stranger.cookie),
      await patch(lead.id, { city: "Nowhere" }, stranger.cookie),
      await patch("not-a-uuid", { city: "Nowhere" }, stranger.cookie),
    ]) {
      expect(response.status).toBe(404);
      expect((await jsonOf<ApiError>(response)).error).toBe(LEAD_NOT_FOUND);
    }
    expect(await stored(lead.id)).toEqual(before);
  });

  it("lets an admin edit any lead through PATCH; PUT under /api/agent is the agents' (403), signed out 401", async () => {
    const { lead } = await agentWithLead();
    const { cookie } = await signedInAdmin();
    expect((await patch(lead.id, { notes: "Checked by the office" }, cookie)).status).toBe(200);
    expect((await stored(lead.id)).notes).toBe("Checked by the office");
    expect((await put(lead.id, leadEditPayload(), cookie)).status).toBe(403);
    expect((await patch(lead.id, { notes: "x" })).status).toBe(401);
  });

  it("records who edited which fields in the activity log, never the values", async () => {
    const { lead, actor } = await agentWithLead();
    await updateLead(actor, lead.id, { ssn: "555667777", city: "Destin" });
    const entry = (await ActivityLog.findOne({
      where: { entityId: lead.id, action: "lead_updated" },
      order: [["createdAt", "DESC"]],
      raw: true,
    }))!;
    expect(entry.userId).toBe(actor.id);
    expect(entry.summary).toMatch(/\(city, SSN\)$/);
    expect(entry.summary).not.toContain("555667777");
    expect(entry.summary).not.toContain("Destin");
  });

  it("names only the fields that changed, and logs nothing when the whole form is saved unchanged (audit item 8)", async () => {
    const { lead, actor, aetna } = await agentWithLead();
    const form = leadEditPayload({ carrierId: aetna.id });
    await updateLead(actor, lead.id, form, { replace: true });
    const entries = () =>
      ActivityLog.findAll({
        where: { entityId: lead.id, action: "lead_updated" },
        order: [["createdAt", "ASC"]],
        raw: true,
      });
    const before = await entries();
    const saved = await stored(lead.id);

    // The same form again (the SSN sent in full, the phones and beneficiary as stored): nothing changed.
    await updateLead(actor, lead.id, form, { replace: true });
    expect(await entries()).toHaveLength(before.length);
    expect((await stored(lead.id)).updatedAt).toEqual(saved.updatedAt);

    // One field and one phone differ: the entry names those two, in words.
    const phones = [form.phones[0]!, { phoneNumber: "(305) 555-0199", phoneType: "work" }];
    await updateLead(actor, lead.id, { ...form, monthlyPremium: 70, phones }, { replace: true });
    const after = await entries();
    expect(after).toHaveLength(before.length + 1);
    expect(after.at(-1)!.summary).toMatch(/\(monthly premium, phones\)$/);
    expect(await Phone.count({ where: { applicationId: lead.id } })).toBe(2);
  });

  it("answers 400 with a message, never a 500, for a body that is not an object", async () => {
    const { lead, cookie } = await agentWithLead();
    for (const body of [[1, 2], "text", 42, { phones: "many" }, { beneficiaries: [1] }]) {
      const response = await patch(lead.id, body, cookie);
      expect(response.status).toBeLessThan(500);
    }
  });
});

describe("Edit Application's sealed numbers are for that lead and that user, once (decision 015)", () => {
  const editForm = (id: string, extra: Record<string, string> = {}) => ({
    intent: "edit",
    id,
    firstName: "Lena",
    lastName: "Sealed",
    weight: "160",
    coverageAmount: "20000",
    monthlyPremium: "100.00",
    paymentMethod: "checking",
    "phones[0].phoneNumber": "8135550000",
    "phones[0].phoneType": "mobile",
    ...extra,
  });
  const postEdit = (id: string, form: Record<string, string>, cookie: string) =>
    callRoute(leadsAction, { method: "POST", path: `/agent/leads?dialog=edit&id=${id}`, form, cookie });

  /** A refused edit of `lead` with an SSN typed: the seal its answer carries. */
  async function sealFor(leadId: string, cookie: string) {
    const refused = await postEdit(leadId, editForm(leadId, { firstName: "", ssn: "987654321" }), cookie);
    expect(refused.status).toBe(400);
    return (await jsonOf<{ kept: { sealed: string } }>(refused)).kept.sealed;
  }

  it("keeps nothing when the seal is posted for another lead, even the same agent's", async () => {
    const me = await signedInAgent();
    const lead = await createLead(me.agent.id);
    const other = await createLead(me.agent.id);
    const sealed = await sealFor(lead.id, me.cookie);
    const res = await postEdit(other.id, editForm(other.id, { keptNumbers: sealed }), me.cookie);
    expect(res.status).toBe(302);
    expect((await Application.findByPk(other.id))!.ssnEncrypted ?? null).toBeNull();
  });

  it("keeps nothing when the same seal is posted a second time", async () => {
    const me = await signedInAgent();
    const lead = await createLead(me.agent.id);
    const sealed = await sealFor(lead.id, me.cookie);
    const first = await postEdit(lead.id, editForm(lead.id, { firstName: "", keptNumbers: sealed }), me.cookie);
    expect((await jsonOf<{ formMessage: string | null }>(first)).formMessage).toBeNull();
    const replayed = await postEdit(lead.id, editForm(lead.id, { firstName: "", keptNumbers: sealed }), me.cookie);
    expect((await jsonOf<{ formMessage: string | null }>(replayed)).formMessage).toBe(NUMBERS_NOT_KEPT);
    const saved = await postEdit(lead.id, editForm(lead.id, { keptNumbers: sealed }), me.cookie);
    expect(saved.status).toBe(302);
    expect((await Application.findByPk(lead.id))!.ssnEncrypted ?? null).toBeNull();
  });
});
