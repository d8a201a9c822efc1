import crypto from "node:crypto";
import { Op } from "sequelize";
import { describe, expect, it, vi } from "vitest";
import { ActivityLog, Application, Attempt, Beneficiary, LeadRead, Notification, Phone, User } from "~db";
import { addDaysIso } from "~/domain/periods";
import { draftDateBounds } from "~/domain/schemas/application-fields";
import { consentTextFor } from "~/domain/schemas/public-application";
import { action as applicationsAction, loader as applicationsLoader } from "~/routes/api+/public.applications";
import { loader as agentsLoader } from "~/routes/api+/public.agents";
import { action as pageAction, loader as pageLoader } from "~/routes/_public+/submitapplication";
import { PUBLIC_SUBMISSIONS } from "~/services/rate-limits.server";
import { decrypt, encrypt } from "~/utils/crypto.server";
import {
  NUMBERS_FORGOTTEN,
  NUMBERS_NOT_KEPT,
  SEAL_LIFETIME_MS,
  publicApplicationBinding,
  sealFields,
} from "~/utils/sealed-fields.server";
import { createAdmin, createAgent } from "../support/factories";
import { applicationForm, applicationPayload, carrierId, uniqueName } from "../support/application-factories";
import { callRoute, jsonOf, setCookieOf } from "../support/http";

type ApiError = { error: string; fieldErrors?: Record<string, string[]> };
type PageReply = {
  result: { status?: string; initialValue?: Record<string, unknown>; error?: Record<string, string[] | null> };
  formMessage: string | null;
  kept: { sealed: string; endings: Record<string, string> } | null;
};

function uniqueIp() {
  return `10.${crypto.randomInt(1, 255)}.${crypto.randomInt(0, 255)}.${crypto.randomInt(1, 255)}`;
}

async function submit(json: unknown, headers: Record<string, string> = {}) {
  return callRoute(applicationsAction, { path: "/api/public/applications", method: "POST", json, headers });
}

async function approvedAgent(firstName = "Alex", lastName = uniqueName("Agent")) {
  return createAgent({ status: "approved", firstName, lastName, licensedStates: ["FL"] });
}

async function setup() {
  const { user, agent } = await approvedAgent();
  return { user, agent, carrier: await carrierId() };
}

async function expectFieldError(json: unknown, field: string, message?: string) {
  const res = await submit(json);
  expect(res.status).toBe(400);
  const body = await jsonOf<ApiError>(res);
  expect(body.fieldErrors?.[field], `fieldErrors for ${field}: ${JSON.stringify(body.fieldErrors)}`).toBeTruthy();
  if (message) expect(body.fieldErrors![field]).toContain(message);
  return body;
}

describe("GET /api/public/agents", () => {
  it("lists approved agents only, as { id, name, licenseNumber }, sorted by name", async () => {
    const tag = uniqueName("Zz");
    const approvedB = await createAgent({ status: "approved", firstName: "Bea", lastName: tag });
    const approvedA = await createAgent({ status: "approved", firstName: "Abe", lastName: tag });
    const paused = await createAgent({ status: "paused", firstName: "Pat", lastName: tag });
    const pending = await createAgent({ status: "pending", firstName: "Pen", lastName: tag });
    const rejected = await createAgent({ status: "rejected", firstName: "Rex", lastName: tag });

    // The whole list in one page: the run's database holds more agents than the default 100.
    const res = await callRoute(agentsLoader, { path: "/api/public/agents?pageSize=500" });
    expect(res.status).toBe(200);
    const agents = await jsonOf<{ id: string; name: string; licenseNumber: string }[]>(res);
    const ids = agents.map((a) => a.id);
    expect(ids).toContain(approvedA.agent.id);
    expect(ids).toContain(approvedB.agent.id);
    for (const hidden of [paused, pending, rejected]) expect(ids).not.toContain(hidden.agent.id);
    expect(agents.find((a) => a.id === approvedA.agent.id)).toEqual({
      id: approvedA.agent.id,
      name: `Abe ${tag}`,
      licenseNumber: "LIC-TEST",
    });
    const names = agents.map((a) => a.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en-US")));
    expect(Number(res.headers.get("X-Total-Count"))).toBe(agents.length);
  });

  it("pages the list with page and pageSize", async () => {
    await approvedAgent();
    await approvedAgent();
    const all = await jsonOf<{ id: string }[]>(
      await callRoute(agentsLoader, { path: "/api/public/agents?pageSize=500" }),
    );
    const res = await callRoute(agentsLoader, { path: "/api/public/agents?page=2&pageSize=1" });
    expect(res.headers.get("X-Total-Count")).toBe(String(all.length));
    expect(await jsonOf(res)).toEqual([all[1]]);
    const bad = await callRoute(agentsLoader, { path: "/api/public/agents?pageSize=501" });
    expect(bad.status).toBe(400);
  });
});

describe("POST /api/public/applications: success", () => {
  it("creates a pending lead for the agent with encrypted numbers, cents, phones, beneficiaries and consent", async () => {
    const { user, agent, carrier } = await setup();
    const ip = uniqueIp();
    const payload = applicationPayload(agent.id, carrier, {
      phones: [
        { phoneNumber: "(813) 555-0101", phoneType: "mobile" },
        { phoneNumber: "", phoneType: "home" },
        { phoneNumber: "727-555-0102", phoneType: "work" },
      ],
      beneficiaries: [
        {
          name: "John Doe",
          relationship: "son",
          percentage: 60,
          dateOfBirth: "1980-01-02",
          age: 45,
          phone: "8135550199",
        },
        { name: "", relationship: "daughter" },
        { name: "Cousin Vinny", relationship: "other", otherRelationship: "Godson", percentage: 40 },
      ],
      coverageAmount: "10,000",
      monthlyPremium: 45.67,
      // Card fields are dropped for a checking account.
      cardNumber: "4111111111111111",
      cardCvv: "123",
    });
    const before = new Date();
    const res = await submit(payload, { "X-Remote-Address": ip });
    expect(res.status).toBe(201);
    const body = await jsonOf<{ id: string; message: string }>(res);
    expect(body.message).toBe("Your application has been sent to the selected agent");

    const lead = (await Application.findByPk(body.id))!;
    expect(lead.agentId).toBe(agent.id);
    expect(lead.carrierId).toBe(carrier);
    expect(lead.status).toBe("pending");
    expect(lead.source).toBe("public_form");
    expect(lead.lastName).toBe(payload.lastName);
    expect(lead.smoker).toBe(false);
    expect(lead.weight).toBe(150);
    expect(lead.state).toBe("FL");

    expect(lead.ssnEncrypted).toBeTruthy();
    expect(lead.ssnEncrypted).not.toContain("123456789");
    expect(decrypt(lead.ssnEncrypted!)).toBe("123456789");
    expect(lead.ssnLast4).toBe("6789");
    expect(decrypt(lead.routingNumberEncrypted!)).toBe("021000021");
    expect(lead.routingNumberEncrypted).not.toContain("021000021");
    expect(lead.routingNumberLast4).toBe("0021");
    expect(decrypt(lead.accountNumberEncrypted!)).toBe("000123456789");
    expect(lead.accountNumberLast4).toBe("6789");
    expect(lead.cardNumberEncrypted).toBeNull();
    expect(lead.cardCvvEncrypted).toBeNull();

    expect(lead.coverageAmountCents).toBe(1_000_000);
    expect(lead.monthlyPremiumCents).toBe(4567);

    const phones = await Phone.findAll({
      where: { applicationId: lead.id },
      order: [
        ["isPrimary", "DESC"],
        ["phoneNumber", "ASC"],
      ],
    });
    expect(phones.map((p) => [p.phoneNumber, p.phoneType, p.isPrimary])).toEqual([
      ["(813) 555-0101", "mobile", true],
      ["727-555-0102", "work", false],
    ]);
    const beneficiaries = await Beneficiary.findAll({ where: { applicationId: lead.id }, order: [["name", "ASC"]] });
    expect(beneficiaries.map((b) => [b.name, b.relationship, b.otherRelationship, b.percentage])).toEqual([
      ["Cousin Vinny", "other", "Godson", 40],
      ["John Doe", "son", null, 60],
    ]);

    // The agent's own; every admin's is checked in "who is told" below.
    const notifications = await Notification.findAll({ where: { applicationId: lead.id, userId: user.id } });
    expect(notifications).toHaveLength(1);
    expect(notifications[0]!.type).toBe("new_lead");
    expect(notifications[0]!.title).toBe("New lead");
    expect(notifications[0]!.message).toBe(`Jane ${payload.lastName} submitted an application.`);
    expect(notifications[0]!.isRead).toBe(false);
    expect(await LeadRead.count({ where: { applicationId: lead.id } })).toBe(0);

    expect(lead.consentGiven).toBe(true);
    expect(lead.consentText).toBe(consentTextFor(`Alex ${user.lastName}`));
    expect(lead.consentIp).toBe(ip);
    expect(lead.consentAt!.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);

    const log = await ActivityLog.findOne({ where: { entityId: lead.id } });
    expect(log!.summary).toContain(`Jane ${payload.lastName}`);
    expect(log!.summary).not.toMatch(/123456789|6789|021000021/);
  });

  it("keeps the card fields (encrypted, last four) and drops bank fields for a card payment", async () => {
    const { agent, carrier } = await setup();
    const expiry = `12/${String(Number(draftDateBounds().today.slice(2, 4)) + 2).padStart(2, "0")}`;
    const payload = applicationPayload(agent.id, carrier, {
      paymentMethod: "credit",
      cardNumber: "4111 1111 1111 1111",
      cardExpiry: expiry,
      cardCvv: "123",
    });
    const res = await submit(payload);
    expect(res.status).toBe(201);
    const lead = (await Application.findByPk((await jsonOf<{ id: string }>(res)).id))!;
    expect(decrypt(lead.cardNumberEncrypted!)).toBe("4111111111111111");
    expect(lead.cardNumberLast4).toBe("1111");
    expect(lead.cardExpiry).toBe(expiry);
    // Stored as the cipher's envelope, never the digits (random base64 could hold "123" by chance).
    expect(lead.cardCvvEncrypted).toMatch(/^v1:[^:]+:[^:]+:[^:]+$/);
    expect(decrypt(lead.cardCvvEncrypted!)).toBe("123");
    expect(lead.bankName).toBeNull();
    expect(lead.routingNumberEncrypted).toBeNull();
    expect(lead.accountNumberEncrypted).toBeNull();
  });

  it("accepts an older client's payload without consent and records consentGiven false", async () => {
    const { agent, carrier } = await setup();
    const payload: Record<string, unknown> = applicationPayload(agent.id, carrier);
    delete payload.consent;
    const res = await submit(payload, { "X-Remote-Address": uniqueIp() });
    expect(res.status).toBe(201);
    const lead = (await Application.findByPk((await jsonOf<{ id: string }>(res)).id))!;
    expect(lead.consentGiven).toBe(false);
    expect(lead.consentText).toBeNull();
    expect(lead.consentAt).toBeNull();
    expect(lead.consentIp).toBeNull();
  });

  it("records the consent wording the page showed, and never a wording the client made up", async () => {
    const { agent, carrier } = await setup();
    const generic = await submit(applicationPayload(agent.id, carrier, { consentText: consentTextFor(null) }));
    const lead1 = (await Application.findByPk((await jsonOf<{ id: string }>(generic)).id))!;
    expect(lead1.consentText).toBe(consentTextFor(null));
    const forged = await submit(applicationPayload(agent.id, carrier, { consentText: "I agree to anything" }));
    const lead2 = (await Application.findByPk((await jsonOf<{ id: string }>(forged)).id))!;
    expect(lead2.consentText).toContain("Agency CRM");
    expect(lead2.consentText).not.toBe("I agree to anything");
  });

  it("defaults a blank first draft date to tomorrow (New York) and accepts numbers as strings", async () => {
    const { agent, carrier } = await setup();
    const res = await submit(
      applicationPayload(agent.id, carrier, {
        firstDraftDate: "",
        weight: "180",
        monthlyPremium: "19.5",
        coverageAmount: "5000.25",
        smoker: true,
      }),
    );
    expect(res.status).toBe(201);
    const lead = (await Application.findByPk((await jsonOf<{ id: string }>(res)).id))!;
    expect(lead.firstDraftDate).toBe(draftDateBounds().tomorrow);
    expect(lead.weight).toBe(180);
    expect(lead.monthlyPremiumCents).toBe(1950);
    expect(lead.coverageAmountCents).toBe(500025);
    expect(lead.smoker).toBe(true);
  });

  it("accepts a plain HTML form post in the page's field names", async () => {
    const { agent, carrier } = await setup();
    const res = await callRoute(applicationsAction, {
      path: "/api/public/applications",
      method: "POST",
      form: applicationForm(agent.id, carrier),
    });
    expect(res.status).toBe(201);
    const lead = (await Application.findByPk((await jsonOf<{ id: string }>(res)).id))!;
    expect(decrypt(lead.ssnEncrypted!)).toBe("123456789");
  });
});

describe("POST /api/public/applications: who is told", () => {
  it("gives the chosen agent and every administrator an unread new_lead notification of it, and no one else", async () => {
    const { user, agent, carrier } = await setup();
    await createAdmin();
    await createAdmin();
    const bystander = await approvedAgent();
    const payload = applicationPayload(agent.id, carrier);
    const res = await submit(payload);
    expect(res.status).toBe(201);
    const { id } = await jsonOf<{ id: string }>(res);

    const admins = await User.findAll({ where: { role: "admin" }, attributes: ["id"], raw: true });
    expect(admins.length).toBeGreaterThanOrEqual(2);
    const rows = await Notification.findAll({ where: { applicationId: id }, raw: true });
    expect(rows.map((r) => r.userId).sort()).toEqual([user.id, ...admins.map((a) => a.id)].sort());
    expect(rows.some((r) => r.userId === bystander.user.id)).toBe(false);
    const agentName = `Alex ${user.lastName}`;
    for (const row of rows) {
      expect(row).toMatchObject({ type: "new_lead", title: "New lead", applicationId: id });
      expect(Boolean(row.isRead)).toBe(false);
      expect(row.message).toBe(
        row.userId === user.id
          ? `Jane ${payload.lastName} submitted an application.`
          : `Jane ${payload.lastName} submitted an application for ${agentName}.`,
      );
    }
  });

  it("writes them in one insert inside the lead's transaction: when it fails, nothing is saved", async () => {
    const { agent, carrier } = await setup();
    await createAdmin();
    const bulkCreate = vi.spyOn(Notification, "bulkCreate");
    try {
      const ok = await submit(applicationPayload(agent.id, carrier));
      expect(ok.status).toBe(201);
      expect(bulkCreate).toHaveBeenCalledTimes(1);
      expect(bulkCreate.mock.calls[0]![1]?.transaction).toBeTruthy();

      bulkCreate.mockRejectedValueOnce(new Error("disk full"));
      const payload = applicationPayload(agent.id, carrier);
      const logged = vi.spyOn(console, "error").mockImplementation(() => {});
      try {
        expect((await submit(payload)).status).toBe(500);
      } finally {
        logged.mockRestore();
      }
      expect(await Application.count({ where: { lastName: payload.lastName } })).toBe(0);
      expect(await ActivityLog.count({ where: { summary: { [Op.like]: `%${payload.lastName}%` } } })).toBe(0);
    } finally {
      bulkCreate.mockRestore();
    }
  });
});

describe("POST /api/public/applications: validation", () => {
  const required: [string, string, string][] = [
    ["agentId", "agentId", "Please select an agent"],
    ["firstName", "firstName", "First name is required"],
    ["lastName", "lastName", "Last name is required"],
    ["gender", "gender", "Please select a gender"],
    ["address", "address", "Address is required"],
    ["city", "city", "City is required"],
    ["state", "state", "Please select a state"],
    ["zipCode", "zipCode", "Zip code is required"],
    ["dateOfBirth", "dateOfBirth", "Date of birth is required"],
    ["stateBornIn", "stateBornIn", "State born in is required"],
    ["maritalStatus", "maritalStatus", "Please select a marital status"],
    ["height", "height", "Height is required"],
    ["weight", "weight", "Weight is required"],
    ["ssn", "ssn", "SSN is required"],
    ["smoker", "smoker", "Please answer whether the applicant smokes"],
    ["coverageAmount", "coverageAmount", "Coverage amount is required"],
    ["monthlyPremium", "monthlyPremium", "Monthly premium is required"],
    ["carrierId", "carrierId", "Please select a carrier"],
    ["paymentMethod", "paymentMethod", "Please select a payment method"],
  ];
  it.each(required)("refuses a missing %s", async (field, errorKey, message) => {
    const { agent, carrier } = await setup();
    const payload: Record<string, unknown> = applicationPayload(agent.id, carrier);
    delete payload[field];
    await expectFieldError(payload, errorKey, message);
    const blank = { ...applicationPayload(agent.id, carrier), [field]: "" };
    await expectFieldError(blank, errorKey, message);
  });

  it("requires the first phone and the first beneficiary's name and relationship", async () => {
    const { agent, carrier } = await setup();
    await expectFieldError(
      applicationPayload(agent.id, carrier, { phones: [] }),
      "phones.0.phoneNumber",
      "Phone number is required",
    );
    await expectFieldError(
      applicationPayload(agent.id, carrier, {
        phones: [{ phoneNumber: "", phoneType: "mobile" }, { phoneNumber: "8135550101" }],
      }),
      "phones.0.phoneNumber",
    );
    const none = await expectFieldError(
      applicationPayload(agent.id, carrier, { beneficiaries: [] }),
      "beneficiaries.0.name",
      "Beneficiary name is required",
    );
    expect(none.fieldErrors!["beneficiaries.0.relationship"]).toContain("Beneficiary relationship is required");
    await expectFieldError(
      applicationPayload(agent.id, carrier, { beneficiaries: [{ name: "", relationship: "son" }] }),
      "beneficiaries.0.name",
    );
    await expectFieldError(
      applicationPayload(agent.id, carrier, { beneficiaries: [{ name: "John", relationship: "" }] }),
      "beneficiaries.0.relationship",
    );
    await expectFieldError(
      applicationPayload(agent.id, carrier, { beneficiaries: [{ name: "John", relationship: "uncle" }] }),
      "beneficiaries.0.relationship",
      "Choose a relationship from the list",
    );
  });

  it("ignores later beneficiary rows without a name, whatever else they hold", async () => {
    const { agent, carrier } = await setup();
    const res = await submit(
      applicationPayload(agent.id, carrier, {
        beneficiaries: [
          { name: "A", relationship: "son" },
          { name: " ", relationship: "other", percentage: "abc" },
        ],
      }),
    );
    expect(res.status).toBe(201);
    expect(await Beneficiary.count({ where: { applicationId: (await jsonOf<{ id: string }>(res)).id } })).toBe(1);
  });

  it("needs a relationship for every named beneficiary and a specification for Other", async () => {
    const { agent, carrier } = await setup();
    await expectFieldError(
      applicationPayload(agent.id, carrier, { beneficiaries: [{ name: "A", relationship: "son" }, { name: "B" }] }),
      "beneficiaries.1.relationship",
      "Beneficiary relationship is required",
    );
    await expectFieldError(
      applicationPayload(agent.id, carrier, {
        beneficiaries: [{ name: "A", relationship: "other", otherRelationship: " " }],
      }),
      "beneficiaries.0.otherRelationship",
      "Please specify the relationship",
    );
  });

  it("checks that phone numbers are phone numbers", async () => {
    const { agent, carrier } = await setup();
    await expectFieldError(
      applicationPayload(agent.id, carrier, { phones: [{ phoneNumber: "12345" }] }),
      "phones.0.phoneNumber",
      "Phone number must be a valid phone number (at least 10 digits)",
    );
    await expectFieldError(
      applicationPayload(agent.id, carrier, { phones: [{ phoneNumber: "8135550101" }, { phoneNumber: "abc" }] }),
      "phones.1.phoneNumber",
    );
  });

  it("takes SSN as digits only, at most 9 (dashes and spaces typed are ignored)", async () => {
    const { agent, carrier } = await setup();
    for (const ssn of ["12345678a", "1234567890", "123.45.6789"]) {
      await expectFieldError(
        applicationPayload(agent.id, carrier, { ssn }),
        "ssn",
        "SSN must be digits only (at most 9)",
      );
    }
    const ok = await submit(applicationPayload(agent.id, carrier, { ssn: "123-45-6789" }));
    expect(ok.status).toBe(201);
  });

  it("takes the routing number as digits only, at most 9", async () => {
    const { agent, carrier } = await setup();
    for (const routingNumber of ["02100002x", "0210000210"]) {
      await expectFieldError(
        applicationPayload(agent.id, carrier, { routingNumber }),
        "routingNumber",
        "Routing number must be digits only (at most 9)",
      );
    }
    await expectFieldError(applicationPayload(agent.id, carrier, { accountNumber: "12ab" }), "accountNumber");
  });

  it("allows a monthly premium with at most two decimals, above 0", async () => {
    const { agent, carrier } = await setup();
    await expectFieldError(
      applicationPayload(agent.id, carrier, { monthlyPremium: 12.345 }),
      "monthlyPremium",
      "Monthly premium can have at most two decimals",
    );
    await expectFieldError(
      applicationPayload(agent.id, carrier, { monthlyPremium: "12.345" }),
      "monthlyPremium",
      "Monthly premium can have at most two decimals",
    );
    await expectFieldError(
      applicationPayload(agent.id, carrier, { monthlyPremium: 0 }),
      "monthlyPremium",
      "Monthly premium must be greater than 0",
    );
    await expectFieldError(
      applicationPayload(agent.id, carrier, { monthlyPremium: "abc" }),
      "monthlyPremium",
      "Monthly premium must be a number",
    );
    await expectFieldError(
      applicationPayload(agent.id, carrier, { coverageAmount: -5 }),
      "coverageAmount",
      "Coverage amount must be greater than 0",
    );
    await expectFieldError(
      applicationPayload(agent.id, carrier, { weight: "heavy" }),
      "weight",
      "Weight must be a number (lbs)",
    );
    const ok = await submit(applicationPayload(agent.id, carrier, { monthlyPremium: 12.34 }));
    expect(ok.status).toBe(201);
  });

  it("uses the email only when I have an email address is ticked", async () => {
    const { agent, carrier } = await setup();
    const ignored = await submit(applicationPayload(agent.id, carrier, { hasEmail: false, email: "not an email" }));
    expect(ignored.status).toBe(201);
    const lead = (await Application.findByPk((await jsonOf<{ id: string }>(ignored)).id))!;
    expect(lead.hasEmail).toBe(false);
    expect(lead.email).toBeNull();

    await expectFieldError(applicationPayload(agent.id, carrier, { hasEmail: true }), "email", "Email is required");
    await expectFieldError(
      applicationPayload(agent.id, carrier, { hasEmail: true, email: "nope@" }),
      "email",
      "Please enter a valid email address",
    );

    const kept = await submit(applicationPayload(agent.id, carrier, { hasEmail: true, email: "Jane.Doe@Example.com" }));
    expect(kept.status).toBe(201);
    const withEmail = (await Application.findByPk((await jsonOf<{ id: string }>(kept)).id))!;
    expect(withEmail.hasEmail).toBe(true);
    expect(withEmail.email).toBe("jane.doe@example.com");
  });

  it("refuses draft dates before today", async () => {
    const { agent, carrier } = await setup();
    const { today } = draftDateBounds();
    const yesterday = addDaysIso(today, -1);
    await expectFieldError(
      applicationPayload(agent.id, carrier, { futureDraftDate: yesterday }),
      "futureDraftDate",
      "Future draft date cannot be before today",
    );
    await expectFieldError(
      applicationPayload(agent.id, carrier, { firstDraftDate: yesterday }),
      "firstDraftDate",
      "First draft date cannot be before today",
    );
    await expectFieldError(
      applicationPayload(agent.id, carrier, { futureDraftDate: "2026-02-30" }),
      "futureDraftDate",
      "Future draft date must be a valid date (YYYY-MM-DD)",
    );
    const ok = await submit(applicationPayload(agent.id, carrier, { futureDraftDate: today }));
    expect(ok.status).toBe(201);
  });

  it("wants a real date of birth in the past and a 5-digit or ZIP+4 zip code", async () => {
    const { agent, carrier } = await setup();
    await expectFieldError(
      applicationPayload(agent.id, carrier, { dateOfBirth: draftDateBounds().today }),
      "dateOfBirth",
      "Date of birth must be in the past",
    );
    await expectFieldError(
      applicationPayload(agent.id, carrier, { dateOfBirth: "1950-13-01" }),
      "dateOfBirth",
      "Date of birth must be a valid date (YYYY-MM-DD)",
    );
    await expectFieldError(
      applicationPayload(agent.id, carrier, { zipCode: "3360" }),
      "zipCode",
      "Zip code must be 5 digits (or ZIP+4: 12345-6789)",
    );
    await expectFieldError(applicationPayload(agent.id, carrier, { state: "XX" }), "state", "Please select a state");
    const dc = await submit(applicationPayload(agent.id, carrier, { state: "DC", zipCode: "20001-1234" }));
    expect(dc.status).toBe(201);
  });

  it("checks the card expiry (MM/YY, a real month, not expired) and the CVV", async () => {
    const { agent, carrier } = await setup();
    const card = (overrides: Record<string, unknown>) =>
      applicationPayload(agent.id, carrier, { paymentMethod: "debit", cardNumber: "4111111111111111", ...overrides });
    for (const cardExpiry of ["1/30", "2030-01", "01/2030"]) {
      await expectFieldError(card({ cardExpiry }), "cardExpiry", "Card expiry must be MM/YY");
    }
    await expectFieldError(card({ cardExpiry: "13/30" }), "cardExpiry", "Card expiry month must be 01 to 12");
    await expectFieldError(card({ cardExpiry: "01/20" }), "cardExpiry", "This card has expired");
    await expectFieldError(card({ cardCvv: "12" }), "cardCvv", "CVV must be 3 or 4 digits");
    await expectFieldError(card({ cardNumber: "4111" }), "cardNumber", "Card number must be 12 to 19 digits");
    // For a bank payment the card fields are not looked at.
    const bank = await submit(applicationPayload(agent.id, carrier, { cardExpiry: "99/99", cardCvv: "x" }));
    expect(bank.status).toBe(201);
  });

  it("refuses an agent that is paused, pending, rejected or unknown", async () => {
    const carrier = await carrierId();
    for (const status of ["paused", "pending", "rejected"] as const) {
      const { agent } = await createAgent({ status });
      const body = await expectFieldError(
        applicationPayload(agent.id, carrier),
        "agentId",
        "The selected agent is not accepting applications.",
      );
      expect(body.error).toBe("The selected agent is not accepting applications.");
    }
    await expectFieldError(
      applicationPayload(crypto.randomUUID(), carrier),
      "agentId",
      "The selected agent is not accepting applications.",
    );
    await expectFieldError(
      applicationPayload("not-a-uuid", carrier),
      "agentId",
      "Please select an agent from the list",
    );
  });

  it("refuses an unknown carrier", async () => {
    const { agent } = await setup();
    await expectFieldError(
      applicationPayload(agent.id, crypto.randomUUID()),
      "carrierId",
      "Please select a carrier from the list.",
    );
  });

  it("saves nothing when a check fails", async () => {
    const { agent, carrier } = await setup();
    const payload = applicationPayload(agent.id, carrier, { ssn: "abc" });
    await submit(payload);
    expect(await Application.count({ where: { lastName: payload.lastName } })).toBe(0);
  });

  it("answers 400 for malformed JSON, 405 for other methods", async () => {
    const bad = await callRoute(applicationsAction, {
      path: "/api/public/applications",
      method: "POST",
      rawBody: "{oops",
    });
    expect(bad.status).toBe(400);
    const get = await callRoute(applicationsLoader, { path: "/api/public/applications" });
    expect(get.status).toBe(405);
    const put = await callRoute(applicationsAction, { path: "/api/public/applications", method: "PUT", json: {} });
    expect(put.status).toBe(405);
  });
});

describe("POST /api/public/applications: abuse", () => {
  it("pretends success for a filled honeypot and saves nothing", async () => {
    const { agent, carrier } = await setup();
    const payload = applicationPayload(agent.id, carrier, { website: "http://spam.example" });
    const res = await submit(payload);
    expect(res.status).toBe(201);
    expect((await jsonOf<{ id: string }>(res)).id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await Application.count({ where: { lastName: payload.lastName } })).toBe(0);
    expect(await Notification.count({ where: { userId: (await agent.reload()).userId } })).toBe(0);
  });

  it("limits submissions per address (429 after 10 an hour) and counts only accepted ones", async () => {
    const { agent, carrier } = await setup();
    const ip = uniqueIp();
    const first = await submit(applicationPayload(agent.id, carrier), { "X-Remote-Address": ip });
    expect(first.status).toBe(201);
    await submit(applicationPayload(agent.id, carrier, { ssn: "bad" }), { "X-Remote-Address": ip });
    expect(await Attempt.count({ where: { kind: PUBLIC_SUBMISSIONS.kind, key: `ip:${ip}` } })).toBe(1);

    await Attempt.bulkCreate(Array.from({ length: 9 }, () => ({ kind: PUBLIC_SUBMISSIONS.kind, key: `ip:${ip}` })));
    const payload = applicationPayload(agent.id, carrier);
    const limited = await submit(payload, { "X-Remote-Address": ip });
    expect(limited.status).toBe(429);
    expect((await jsonOf<ApiError>(limited)).error).toBe(PUBLIC_SUBMISSIONS.message);
    expect(await Application.count({ where: { lastName: payload.lastName } })).toBe(0);
    // Another address is not affected.
    expect((await submit(applicationPayload(agent.id, carrier), { "X-Remote-Address": uniqueIp() })).status).toBe(201);
  });
});

describe("/submitapplication page", () => {
  it("loads approved agents, the carriers and the draft-date bounds", async () => {
    const { agent } = await setup();
    const paused = await createAgent({ status: "paused" });
    const res = await callRoute(pageLoader, { path: "/submitapplication" });
    const data = await jsonOf<{
      agents: { id: string }[];
      carriers: { name: string }[];
      today: string;
      tomorrow: string;
    }>(res);
    expect(data.agents.map((a) => a.id)).toContain(agent.id);
    expect(data.agents.map((a) => a.id)).not.toContain(paused.agent.id);
    expect(data.carriers.map((c) => c.name)).toContain("Aetna");
    expect(data.tomorrow).toBe(addDaysIso(data.today, 1));
  });

  it("saves a complete form post and redirects back with the success toast", async () => {
    const { agent, carrier } = await setup();
    const form = applicationForm(agent.id, carrier, {
      "phones[1].phoneNumber": "7275550102",
      "phones[1].phoneType": "home",
    });
    const res = await callRoute(pageAction, {
      path: "/submitapplication",
      method: "POST",
      form,
      headers: { "X-Remote-Address": uniqueIp() },
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/submitapplication");
    expect(setCookieOf(res)).toMatch(/__toast=/);
    const lead = (await Application.findOne({ where: { lastName: form.lastName! } }))!;
    expect(lead.consentGiven).toBe(true);
    expect(lead.smoker).toBe(false);
    expect(await Phone.count({ where: { applicationId: lead.id } })).toBe(2);
  });

  it("answers bad input with field errors, keeping what was typed except the sensitive numbers", async () => {
    const { agent, carrier } = await setup();
    const form = applicationForm(agent.id, carrier, { firstName: "", cardNumber: "4111111111111111", cardCvv: "123" });
    const res = await callRoute(pageAction, { path: "/submitapplication", method: "POST", form });
    expect(res.status).toBe(400);
    const { result } = await jsonOf<PageReply>(res);
    expect(result.error?.firstName).toEqual(["First name is required"]);
    expect(result.initialValue?.lastName).toBe(form.lastName);
    expect(result.initialValue?.city).toBe("Tampa");
    expect((result.initialValue?.phones as { phoneNumber: string }[])[0]!.phoneNumber).toBe("8135550101");
    for (const hidden of ["ssn", "routingNumber", "accountNumber", "cardNumber", "cardCvv"]) {
      expect(result.initialValue?.[hidden], hidden).toBeUndefined();
    }
    expect(JSON.stringify(result)).not.toMatch(/123-45-6789|021000021|000123456789|4111111111111111/);
    expect(await Application.count({ where: { lastName: form.lastName! } })).toBe(0);
  });

  it("shows the service's refusal for an agent who stopped taking applications", async () => {
    const { agent } = await createAgent({ status: "paused" });
    const form = applicationForm(agent.id, await carrierId());
    const res = await callRoute(pageAction, { path: "/submitapplication", method: "POST", form });
    expect(res.status).toBe(400);
    const reply = await jsonOf<PageReply>(res);
    expect(reply.formMessage).toBe("The selected agent is not accepting applications.");
    expect(reply.result.error?.agentId).toEqual(["The selected agent is not accepting applications."]);
  });

  it("adds a phone row without JavaScript (a conform intent), validating nothing", async () => {
    const { agent, carrier } = await setup();
    const form = applicationForm(agent.id, carrier, {
      firstName: "",
      __intent__: JSON.stringify({
        type: "insert",
        payload: { name: "phones", defaultValue: { phoneType: "mobile" } },
      }),
      intent: "__delete__",
    });
    const res = await callRoute(pageAction, { path: "/submitapplication", method: "POST", form });
    expect(res.status).toBe(200);
    const { result } = await jsonOf<PageReply>(res);
    expect(result.initialValue?.phones).toHaveLength(2);
    // Errors are computed but not shown: the reply marks no field as validated.
    expect(result.status).toBeUndefined();
    expect((result as { state?: { validated?: Record<string, boolean> } }).state?.validated?.firstName).toBeFalsy();
    expect(result.initialValue?.ssn).toBeUndefined();
    expect(await Application.count({ where: { lastName: form.lastName! } })).toBe(0);
  });

  it("pretends success for a filled honeypot and saves nothing", async () => {
    const { agent, carrier } = await setup();
    const form = applicationForm(agent.id, carrier, { website: "spam" });
    const res = await callRoute(pageAction, { path: "/submitapplication", method: "POST", form });
    expect(res.status).toBe(302);
    expect(await Application.count({ where: { lastName: form.lastName! } })).toBe(0);
  });
});

describe("/submitapplication without JavaScript keeps the sensitive numbers across round trips", () => {
  const NUMBERS = {
    ssn: "123-45-6789",
    routingNumber: "021000021",
    accountNumber: "000123456789",
    cardNumber: "4111111111111111",
    cardCvv: "9876",
  };
  const PLAIN = ["123-45-6789", "123456789", "021000021", "000123456789", "4111111111111111", "9876"];
  const ADD_PHONE = JSON.stringify({
    type: "insert",
    payload: { name: "phones", defaultValue: { phoneType: "mobile" } },
  });

  async function post(form: Record<string, string>) {
    return callRoute(pageAction, {
      path: "/submitapplication",
      method: "POST",
      form,
      headers: { "X-Remote-Address": uniqueIp() },
    });
  }

  /** The reply as the page would render it, minus the one sealed value. */
  function withoutSeal(reply: PageReply) {
    return JSON.stringify({ ...reply, kept: { ...reply.kept, sealed: undefined } });
  }

  const EMPTY_NUMBERS = { ssn: "", routingNumber: "", accountNumber: "", cardNumber: "", cardCvv: "" };

  it("Add phone keeps every number sealed, shows only their last four, and the final submit uses them", async () => {
    const { agent, carrier } = await setup();
    const form = applicationForm(agent.id, carrier, { ...NUMBERS, __intent__: ADD_PHONE, intent: "__delete__" });
    const added = await post(form);
    expect(added.status).toBe(200);
    const reply = await jsonOf<PageReply>(added);
    expect(reply.result.initialValue?.phones).toHaveLength(2);
    expect(reply.kept?.endings).toEqual({
      ssn: "6789",
      routingNumber: "0021",
      accountNumber: "6789",
      cardNumber: "1111",
      // The CVV's last four digits are all of it: the page only says one is kept.
      cardCvv: "",
    });
    const page = withoutSeal(reply);
    for (const plain of PLAIN) expect(page, plain).not.toContain(plain);
    for (const plain of PLAIN) expect(reply.kept!.sealed, plain).not.toContain(plain);

    // Remove the added phone: the numbers stay kept through a second round trip.
    const removed = await post({
      ...form,
      ...EMPTY_NUMBERS,
      keptNumbers: reply.kept!.sealed,
      __intent__: JSON.stringify({ type: "remove", payload: { name: "phones", index: 1 } }),
    });
    const again = await jsonOf<PageReply>(removed);
    expect(again.result.initialValue?.phones).toHaveLength(1);
    expect(again.kept?.endings.ssn).toBe("6789");

    // The boxes left empty: the submit uses the kept numbers.
    const { __intent__: _ignored, ...rest } = form;
    const submitted = await post({ ...rest, ...EMPTY_NUMBERS, intent: "submit", keptNumbers: again.kept!.sealed });
    expect(submitted.status).toBe(302);
    const lead = (await Application.findOne({ where: { lastName: form.lastName! } }))!;
    expect(decrypt(lead.ssnEncrypted!)).toBe("123456789");
    expect(decrypt(lead.routingNumberEncrypted!)).toBe("021000021");
    expect(decrypt(lead.accountNumberEncrypted!)).toBe("000123456789");
    // A checking account: the card numbers kept along the way are not stored.
    expect(lead.cardNumberEncrypted).toBeNull();
    expect(lead.cardCvvEncrypted).toBeNull();
  });

  it("a number typed again replaces the kept one", async () => {
    const { agent, carrier } = await setup();
    const form = applicationForm(agent.id, carrier, { ...NUMBERS, __intent__: ADD_PHONE, intent: "__delete__" });
    const { kept } = await jsonOf<PageReply>(await post(form));
    const { __intent__: _ignored, ...rest } = form;
    const res = await post({
      ...rest,
      ...EMPTY_NUMBERS,
      ssn: "987654321",
      intent: "submit",
      keptNumbers: kept!.sealed,
    });
    expect(res.status).toBe(302);
    const lead = (await Application.findOne({ where: { lastName: form.lastName! } }))!;
    expect(decrypt(lead.ssnEncrypted!)).toBe("987654321");
    expect(decrypt(lead.accountNumberEncrypted!)).toBe("000123456789");
  });

  it("a refused submission keeps the numbers too, and says so at the field instead of asking for them again", async () => {
    const { agent, carrier } = await setup();
    const res = await post(applicationForm(agent.id, carrier, { ...NUMBERS, firstName: "" }));
    expect(res.status).toBe(400);
    const reply = await jsonOf<PageReply>(res);
    expect(reply.result.error?.firstName).toEqual(["First name is required"]);
    expect(reply.result.error?.ssn).toBeUndefined();
    expect(reply.kept?.endings.ssn).toBe("6789");
    for (const plain of PLAIN) expect(withoutSeal(reply), plain).not.toContain(plain);
  });

  it("keeps nothing from a seal that is out of date, altered or any other encrypted value, and says why", async () => {
    const { agent, carrier } = await setup();
    const sealedForm = new FormData();
    sealedForm.set("ssn", "123456789");
    sealedForm.set("agentId", agent.id);
    const binding = publicApplicationBinding(sealedForm);
    const old = sealFields(sealedForm, ["ssn"], binding, Date.now() - SEAL_LIFETIME_MS - 1000)!.sealed;
    const fresh = sealFields(sealedForm, ["ssn"], binding)!.sealed;
    const [version, iv, tag, body] = fresh.split(":");
    const altered = [version, iv, tag, `${body!.slice(0, -2)}AA`].join(":");
    const cases = [
      [old, NUMBERS_FORGOTTEN],
      [altered, NUMBERS_NOT_KEPT],
      [encrypt("123456789"), NUMBERS_NOT_KEPT],
      ["not a seal", NUMBERS_NOT_KEPT],
    ] as const;
    for (const [keptNumbers, message] of cases) {
      const form = applicationForm(agent.id, carrier, { ssn: "", keptNumbers });
      const res = await post(form);
      expect(res.status, keptNumbers).toBe(400);
      const reply = await jsonOf<PageReply>(res);
      expect(reply.result.error?.ssn).toEqual(["SSN is required"]);
      expect(reply.formMessage).toBe(message);
      expect(await Application.count({ where: { lastName: form.lastName! } })).toBe(0);
    }
    expect(NUMBERS_FORGOTTEN).toMatch(/forgotten after 30 minutes; please enter them again/);
  });

  it("keeps nothing when the sealed numbers are posted with another agent's id (decision 015)", async () => {
    const { agent, carrier } = await setup();
    const { agent: other } = await approvedAgent("Olive", uniqueName("Other"));
    const refused = await jsonOf<PageReply>(
      await post(applicationForm(agent.id, carrier, { ...NUMBERS, firstName: "" })),
    );
    expect(refused.kept?.endings.ssn).toBe("6789");

    const res = await post(applicationForm(other.id, carrier, { ...EMPTY_NUMBERS, keptNumbers: refused.kept!.sealed }));
    expect(res.status).toBe(400);
    const reply = await jsonOf<PageReply>(res);
    expect(reply.result.error?.ssn).toEqual(["SSN is required"]);
    expect(reply.formMessage).toBe(NUMBERS_NOT_KEPT);
    expect(reply.kept ?? null).toBeNull();
    expect(await Application.count({ where: { agentId: other.id } })).toBe(0);
  });

  it("takes a seal made before any agent was chosen into the first agent's submission, and that agent's only", async () => {
    const { agent, carrier } = await setup();
    const { agent: other } = await approvedAgent("Olive", uniqueName("Other"));
    const form = applicationForm("", carrier, { ...NUMBERS, __intent__: ADD_PHONE, intent: "__delete__" });
    const { kept } = await jsonOf<PageReply>(await post(form));
    const { __intent__: _ignored, ...rest } = form;
    const refused = await jsonOf<PageReply>(
      await post({ ...rest, ...EMPTY_NUMBERS, agentId: agent.id, firstName: "", keptNumbers: kept!.sealed }),
    );
    expect(refused.kept?.endings.ssn).toBe("6789");
    const elsewhere = await jsonOf<PageReply>(
      await post({ ...rest, ...EMPTY_NUMBERS, agentId: other.id, intent: "submit", keptNumbers: refused.kept!.sealed }),
    );
    expect(elsewhere.formMessage).toBe(NUMBERS_NOT_KEPT);
    const submitted = await post({
      ...rest,
      ...EMPTY_NUMBERS,
      agentId: agent.id,
      intent: "submit",
      keptNumbers: refused.kept!.sealed,
    });
    // Refused for the other agent, the seal was not used up: the chosen agent's submission has them.
    expect(submitted.status).toBe(302);
    expect(await Application.count({ where: { agentId: other.id } })).toBe(0);
    const lead = (await Application.findOne({ where: { agentId: agent.id } }))!;
    expect(decrypt(lead.ssnEncrypted!)).toBe("123456789");
  });

  it("takes a seal once: the same hidden field posted again keeps nothing", async () => {
    const { agent, carrier } = await setup();
    const form = applicationForm(agent.id, carrier, { ...NUMBERS, __intent__: ADD_PHONE, intent: "__delete__" });
    const { kept } = await jsonOf<PageReply>(await post(form));
    const { __intent__: _ignored, ...rest } = form;
    const again = { ...rest, ...EMPTY_NUMBERS, firstName: "", intent: "submit", keptNumbers: kept!.sealed };
    const first = await jsonOf<PageReply>(await post(again));
    expect(first.formMessage).toBeNull();
    expect(first.kept?.endings.ssn).toBe("6789");
    const replayed = await post(again);
    expect(replayed.status).toBe(400);
    const reply = await jsonOf<PageReply>(replayed);
    expect(reply.result.error?.ssn).toEqual(["SSN is required"]);
    expect(reply.formMessage).toBe(NUMBERS_NOT_KEPT);
    // The fresh seal of the first answer still works, once.
    const submitted = await post({ ...rest, ...EMPTY_NUMBERS, intent: "submit", keptNumbers: first.kept!.sealed });
    expect(submitted.status).toBe(302);
    const lead = (await Application.findOne({ where: { lastName: form.lastName! } }))!;
    expect(decrypt(lead.ssnEncrypted!)).toBe("123456789");
  });
});

describe("the public form takes an agent whose setup is complete, licensed in the prospect's state", () => {
  const NOT_LICENSED_IN_AL = "The selected agent is not licensed in Alabama. Please choose an agent licensed there.";

  async function postPage(form: Record<string, string>) {
    return callRoute(pageAction, {
      path: "/submitapplication",
      method: "POST",
      form,
      headers: { "X-Remote-Address": uniqueIp() },
    });
  }

  it("lists an agent still in setup nowhere: not on the page, not in GET /api/public/agents", async () => {
    const { agent: ready } = await createAgent({ licensedStates: ["FL", "AL"] });
    const { agent: inSetup } = await createAgent({ setupComplete: false });
    const page = await jsonOf<{ agents: { id: string; licensedStates: string[] }[] }>(
      await callRoute(pageLoader, { path: "/submitapplication" }),
    );
    expect(page.agents.find((a) => a.id === ready.id)?.licensedStates).toEqual(["AL", "FL"]);
    expect(page.agents.map((a) => a.id)).not.toContain(inSetup.id);
    const api = await jsonOf<{ id: string }[]>(
      await callRoute(agentsLoader, { path: "/api/public/agents?pageSize=500" }),
    );
    expect(api.map((a) => a.id)).toContain(ready.id);
    expect(api.map((a) => a.id)).not.toContain(inSetup.id);
    // The API keeps the spec's fields: the licensed states ride only in the page's own data.
    expect(Object.keys(api.find((a) => a.id === ready.id)!).sort()).toEqual(["id", "licenseNumber", "name"]);
  });

  it("refuses an agent still in setup, on the API and the page, at the agent field", async () => {
    const { agent } = await createAgent({ setupComplete: false, licensedStates: ["FL"] });
    const carrier = await carrierId();
    await expectFieldError(
      applicationPayload(agent.id, carrier),
      "agentId",
      "The selected agent is not accepting applications.",
    );
    const reply = await jsonOf<PageReply>(await postPage(applicationForm(agent.id, carrier)));
    expect(reply.result.error?.agentId).toEqual(["The selected agent is not accepting applications."]);
    expect(await Application.count({ where: { agentId: agent.id } })).toBe(0);
  });

  it("refuses a prospect in a state the agent is not licensed in, with the state named, and saves nothing", async () => {
    const { agent, carrier } = await setup();
    const payload = applicationPayload(agent.id, carrier, { state: "AL" });
    const body = await expectFieldError(payload, "agentId", NOT_LICENSED_IN_AL);
    expect(body.error).toBe(NOT_LICENSED_IN_AL);
    expect(await Application.count({ where: { lastName: payload.lastName } })).toBe(0);
  });

  it("accepts a prospect in a state the agent is licensed in, and one in DC (no agent records a DC licence)", async () => {
    const { agent } = await createAgent({ licensedStates: ["AL"] });
    const carrier = await carrierId();
    const inAlabama = await submit(applicationPayload(agent.id, carrier, { state: "AL" }), {
      "X-Remote-Address": uniqueIp(),
    });
    expect(inAlabama.status).toBe(201);
    const inDc = await submit(applicationPayload(agent.id, carrier, { state: "DC" }), {
      "X-Remote-Address": uniqueIp(),
    });
    expect(inDc.status).toBe(201);
    expect(await Application.count({ where: { agentId: agent.id } })).toBe(2);
  });

  it("without JavaScript says it at the agent field, keeps what was typed, and keeps the numbers for the agent chosen next", async () => {
    const { agent, carrier } = await setup();
    const { agent: alabama } = await createAgent({ licensedStates: ["AL"] });
    const form = applicationForm(agent.id, carrier, { state: "AL", ssn: "123-45-6789" });
    const res = await postPage(form);
    expect(res.status).toBe(400);
    const refused = await jsonOf<PageReply>(res);
    expect(refused.result.error?.agentId).toEqual([NOT_LICENSED_IN_AL]);
    expect(refused.formMessage).toBe(NOT_LICENSED_IN_AL);
    expect(refused.result.initialValue?.lastName).toBe(form.lastName);
    expect(refused.result.initialValue?.state).toBe("AL");
    expect(refused.kept?.endings).toMatchObject({ ssn: "6789", routingNumber: "0021", accountNumber: "6789" });
    expect(JSON.stringify(refused.result)).not.toMatch(/123-45-6789|021000021|000123456789/);

    // The corrected post names another agent and leaves the number boxes empty.
    const corrected = await postPage({
      ...form,
      agentId: alabama.id,
      ssn: "",
      routingNumber: "",
      accountNumber: "",
      keptNumbers: refused.kept!.sealed,
    });
    expect(corrected.status).toBe(302);
    const lead = (await Application.findOne({ where: { lastName: form.lastName! } }))!;
    expect(lead.agentId).toBe(alabama.id);
    expect(lead.state).toBe("AL");
    expect(decrypt(lead.ssnEncrypted!)).toBe("123456789");
  });
});
