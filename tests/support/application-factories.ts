import crypto from "node:crypto";
import { Carrier } from "~db";
import { addDaysIso } from "~/domain/periods";
import { draftDateBounds } from "~/domain/schemas/application-fields";

// Builders for the public application: a complete JSON payload as the spec's API takes it, and
// the same application as the page's form fields (conform naming).

export function uniqueName(prefix = "Applicant") {
  return `${prefix}${crypto.randomBytes(4).toString("hex")}`;
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
