import { z } from "zod";
import type { AllLeadsQuery } from "~/domain/schemas/admin-leads";
import type { Page } from "~/utils/list";
import { listAllLeads } from "./admin-leads.server";
import { listSalesWithPayments } from "./admin-retention.server";
import type { LeadBeneficiary, LeadPayment, LeadPhone } from "./lead-reads.server";
import { paymentsOfSales } from "./retention.server";
import type { SessionUser } from "./sessions.server";
import { column, selectRows, sql } from "./sql/reads.server";

// GET /api/admin/applications: All Leads' rows (the same service and filters) with the rest of
// part 1's Lead fields, for clients that build their own lead view from the list. The sensitive
// numbers stay masked as the lead's own API shows them before a reveal: their last four digits
// (`revealed: false`); the CVV is never read. Four statements a page, whatever its size.

/** Part 1's Lead fields All Leads' row does not carry. */
const RecordRow = z.object({
  id: column.text,
  address: column.text.nullable(),
  zipCode: column.text.nullable(),
  dateOfBirth: column.day.nullable(),
  maritalStatus: column.text.nullable(),
  height: column.text.nullable(),
  smoker: column.boolean.nullable(),
  ssnLast4: column.text.nullable(),
  paymentMethod: column.text.nullable(),
  bankName: column.text.nullable(),
  routingNumberLast4: column.text.nullable(),
  accountNumberLast4: column.text.nullable(),
  cardNumberLast4: column.text.nullable(),
  cardExpiry: column.text.nullable(),
  firstDraftDate: column.day.nullable(),
  futureDraftDate: column.day.nullable(),
  notes: column.text.nullable(),
});
type RecordRow = z.output<typeof RecordRow>;

const PhoneRow = z.object({
  applicationId: column.text,
  id: column.text,
  phoneNumber: column.text,
  phoneType: column.text,
  isPrimary: column.boolean,
});

const BeneficiaryRow = z.object({
  applicationId: column.text,
  id: column.text,
  name: column.text,
  relationship: column.text,
  age: column.integer.nullable(),
});

/** The fields of the leads `ids` beyond the list's, with their phones, beneficiaries and months, by lead id. */
async function leadRecordFields(ids: string[]) {
  const byLead = new Map<string, ReturnType<typeof recordFields>>();
  if (ids.length === 0) return byLead;
  const [rows, phones, beneficiaries, payments] = await Promise.all([
    selectRows(
      sql`SELECT a.id, a.address, a.zip_code AS "zipCode", a.date_of_birth AS "dateOfBirth",
         a.marital_status AS "maritalStatus", a.height, a.smoker, a.ssn_last4 AS "ssnLast4",
         a.payment_method AS "paymentMethod", a.bank_name AS "bankName",
         a.routing_number_last4 AS "routingNumberLast4", a.account_number_last4 AS "accountNumberLast4",
         a.card_number_last4 AS "cardNumberLast4", a.card_expiry AS "cardExpiry",
         a.first_draft_date AS "firstDraftDate", a.future_draft_date AS "futureDraftDate", a.notes
       FROM applications a WHERE a.id IN ${ids}`,
      RecordRow,
    ),
    selectRows(
      sql`SELECT p.application_id AS "applicationId", p.id, p.phone_number AS "phoneNumber", p.phone_type AS "phoneType",
         p.is_primary AS "isPrimary"
       FROM phones p WHERE p.application_id IN ${ids}
       ORDER BY p.application_id, p.is_primary DESC, p.created_at ASC, p.id ASC`,
      PhoneRow,
    ),
    selectRows(
      sql`SELECT b.application_id AS "applicationId", b.id, b.name, b.relationship, b.age
       FROM beneficiaries b WHERE b.application_id IN ${ids}
       ORDER BY b.application_id, b.created_at ASC, b.id ASC`,
      BeneficiaryRow,
    ),
    paymentsOfSales(ids),
  ]);
  const group = <T extends { applicationId: string }>(items: T[]) => {
    const grouped = new Map<string, Omit<T, "applicationId">[]>();
    for (const { applicationId, ...item } of items) {
      const list = grouped.get(applicationId);
      if (list) list.push(item);
      else grouped.set(applicationId, [item]);
    }
    return grouped;
  };
  const phonesOf = group(phones);
  const beneficiariesOf = group(beneficiaries);
  for (const row of rows) {
    byLead.set(
      row.id,
      recordFields(row, {
        phones: phonesOf.get(row.id) ?? [],
        beneficiaries: beneficiariesOf.get(row.id) ?? [],
        paymentTracking: payments.get(row.id) ?? [],
      }),
    );
  }
  return byLead;
}

function recordFields(
  row: RecordRow,
  children: {
    phones: LeadPhone[];
    beneficiaries: Pick<LeadBeneficiary, "id" | "name" | "relationship" | "age">[];
    paymentTracking: LeadPayment[];
  },
) {
  return {
    address: row.address,
    zipCode: row.zipCode,
    dateOfBirth: row.dateOfBirth,
    maritalStatus: row.maritalStatus,
    height: row.height,
    smoker: row.smoker,
    // Masked: the last four digits only, as GET /api/applications/{id} answers before a reveal.
    ssn: row.ssnLast4,
    routingNumber: row.routingNumberLast4,
    accountNumber: row.accountNumberLast4,
    cardNumber: row.cardNumberLast4,
    revealed: false as const,
    paymentMethod: row.paymentMethod,
    bankName: row.bankName,
    cardExpiry: row.cardExpiry,
    firstDraftDate: row.firstDraftDate,
    futureDraftDate: row.futureDraftDate,
    notes: row.notes,
    ...children,
  };
}

/**
 * GET /api/admin/applications' rows: listAllLeads' page (listSalesWithPayments' for ?status=sale,
 * whose months carry their due flags) with every Lead field of part 1, sensitive numbers masked.
 */
export async function listLeadRecords(actor: SessionUser, query: AllLeadsQuery) {
  const page: Page<Awaited<ReturnType<typeof listAllLeads>>["rows"][number] & { paymentTracking?: unknown }> =
    query.status === "sale" ? await listSalesWithPayments(actor, query) : await listAllLeads(actor, query);
  const fields = await leadRecordFields(page.rows.map((row) => row.id));
  return {
    ...page,
    rows: page.rows.map((row) => {
      const record = fields.get(row.id);
      // A sale's months as retention by sale sends them (with their due flags) win over the plain ones.
      return { ...record, ...row, paymentTracking: row.paymentTracking ?? record?.paymentTracking ?? [] };
    }),
  };
}
