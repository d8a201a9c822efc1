import crypto from "node:crypto";
import { Carrier } from "~db";
import { addDaysIso } from "~/domain/periods";
import { draftDateBounds } from "~/domain/schemas/application-fields";

// Builders for the public application: a complete JSON payload as the spec's API takes it, and
// the same application as the page's form fields (conform naming).

export function uniqueName(prefix = "Applicant") {
  return `${prefix}${crypto.randomBytes(4).toString("hex")}`;
}

/** uniqueName of letters alone: a search splits a word's digits off as words of their own. */
export function uniqueLetters(prefix: string) {
  return uniqueName(prefix).replace(/\d/g, (digit) => "ghijklmnop"[Number(digit)]!);
}

export async function carrierId(name = "Aetna") {
  return (await Carrier.findOne({ where: { name } }))!.id;
}

/** Every required field, plus a few optional ones, for a checking-account payment. */
export function applicationPayload(agentId: string, carrier: string, overrides: Record<string, unknown> = {}) {
  const { today } = draftDateBounds();
  return {
    agentId,
    firstName: "Jane",
    lastName: uniqueName("Doe"),
    gender: "female",
    hasEmail: false,
    phones: [{ phoneNumber: "(813) 555-0101", phoneType: "mobile" }],
    address: "12 Oak St",
    city: "Tampa",
    state: "FL",
    zipCode: "33601",
    dateOfBirth: "1952-03-14",
    stateBornIn: "Ohio",
    maritalStatus: "widowed",
    height: "5'5\"",
    weight: 150,
    ssn: "123456789",
    beneficiaries: [{ name: "John Doe", relationship: "son", percentage: 100 }],
    doctorName: "Dr. Smith",
    medications: "Lisinopril",
    smoker: false,
    coverageAmount: 10000,
    monthlyPremium: 45.67,
    carrierId: carrier,
    paymentMethod: "checking",
    bankName: "First Bank",
    routingNumber: "021000021",
    accountNumber: "000123456789",
    firstDraftDate: addDaysIso(today, 3),
    futureDraftDate: addDaysIso(today, 33),
    consent: true,
    ...overrides,
  };
}

/** The payload as the page posts it: strings, `phones[0].phoneNumber`, "on" for ticked boxes. */
export function applicationForm(agentId: string, carrier: string, overrides: Record<string, string> = {}) {
  const p = applicationPayload(agentId, carrier);
  const form: Record<string, string> = {
    agentId: p.agentId,
    firstName: p.firstName,
    lastName: p.lastName,
    gender: p.gender,
    "phones[0].phoneNumber": "8135550101",
    "phones[0].phoneType": "mobile",
    address: p.address,
    city: p.city,
    state: p.state,
    zipCode: p.zipCode,
    dateOfBirth: p.dateOfBirth,
    stateBornIn: p.stateBornIn,
    maritalStatus: p.maritalStatus,
    height: p.height,
    weight: "150",
    ssn: "123-45-6789",
    "beneficiaries[0].name": "John Doe",
    "beneficiaries[0].relationship": "son",
    smoker: "no",
    coverageAmount: "10000",
    monthlyPremium: "45.67",
    carrierId: p.carrierId,
    paymentMethod: "checking",
    routingNumber: "021000021",
    accountNumber: "000123456789",
    firstDraftDate: p.firstDraftDate,
    consent: "on",
    intent: "submit",
  };
  for (const [key, value] of Object.entries(overrides)) {
    if (value === "__delete__") delete form[key];
    else form[key] = value;
  }
  return form;
}

/** A whole application as an edit sends it (PUT /api/agent/applications/{id}, PATCH /api/applications/{id}). */
export function leadEditPayload(overrides: Record<string, unknown> = {}) {
  return {
    firstName: "Edna",
    lastName: uniqueName("Edited"),
    email: "edna@example.test",
    gender: "female",
    dateOfBirth: "1950-06-01",
    stateBornIn: "Georgia",
    address: "9 Elm St",
    city: "Miami",
    state: "FL",
    zipCode: "33101",
    height: "5'4\"",
    weight: 140,
    maritalStatus: "married",
    ssn: "987654321",
    smoker: true,
    doctorName: "Dr. Jones",
    doctorPhone: "(305) 555-0100",
    medications: "None",
    medicalHistory: "Hypertension",
    coverageAmount: 15000,
    monthlyPremium: 62.5,
    productType: "Whole life",
    policyTerm: "Lifetime",
    riders: "Accidental death",
    policyNotes: "Prefers mornings",
    paymentMethod: "savings",
    bankName: "Second Bank",
    routingNumber: "111000025",
    accountNumber: "222333444",
    firstDraftDate: "2026-01-05",
    futureDraftDate: "2026-02-05",
    paymentNotes: "Draft on the 5th",
    notes: "Spoke with her daughter",
    phones: [
      { phoneNumber: "(305) 555-0111", phoneType: "home" },
      { phoneNumber: "(305) 555-0122", phoneType: "mobile" },
    ],
    beneficiaries: [{ name: "Tom Edited", relationship: "spouse", percentage: 100 }],
    ...overrides,
  };
}
