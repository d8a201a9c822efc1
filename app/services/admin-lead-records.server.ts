import { Application } from "~db";
import type { AllLeadsQuery } from "~/domain/schemas/admin-leads";
import type { Page } from "~/utils/list";
import { listAllLeads } from "./admin-leads.server";
import { listSalesWithPayments } from "./admin-retention.server";
import type { LeadBeneficiary, LeadPayment, LeadPhone } from "./lead-reads.server";
import { paymentsOfSales } from "./retention.server";
import type { SessionUser } from "./sessions.server";
import { selectRows } from "./sql.server";

// GET /api/admin/applications: All Leads' rows (the same service and filters) with the rest of
// part 1's Lead fields, for clients that build their own lead view from the list. The sensitive
// numbers stay masked as the lead's own API shows them before a reveal: their last four digits
// (`revealed: false`); the CVV is never read. Four statements a page, whatever its size.

/** Part 1's Lead fields All Leads' row does not carry, as their model attributes. */
const RECORD_COLUMNS = [
  "address",
  "zipCode",
  "dateOfBirth",
  "maritalStatus",
  "height",
  "smoker",
  "ssnLast4",
  "paymentMethod",
  "bankName",
  "routingNumberLast4",
  "accountNumberLast4",
  "cardNumberLast4",
  "cardExpiry",
  "firstDraftDate",
  "futureDraftDate",
  "notes",
] as const;

type RecordRow = { id: string } & { [K in (typeof RECORD_COLUMNS)[number]]: unknown };

/** A DATEONLY as either driver answers it, as YYYY-MM-DD. */
const isoDay = (value: unknown) =>
  value === null || value === undefined
    ? null
    : value instanceof Date
      ? value.toISOString().slice(0, 10)
      : String(value).slice(0, 10);

const text = (value: unknown) => (value === null || value === undefined ? null : String(value));

/** The fields of the leads `ids` beyond the list's, with their phones, beneficiaries and months, by lead id. */
async function leadRecordFields(ids: string[]) {
  const byLead = new Map<string, ReturnType<typeof recordFields>>();
  if (ids.length === 0) return byLead;
  const attributes = Application.getAttributes();
  const columns = RECORD_COLUMNS.map((name) => `a.${attributes[name].field} AS "${name}"`).join(", ");
  const [rows, phones, beneficiaries, payments] = await Promise.all([
    selectRows<RecordRow>(`SELECT a.id, ${columns} FROM applications a WHERE a.id IN (:ids)`, { ids }),
    selectRows<LeadPhone & { applicationId: string; isPrimary: boolean | number }>(
      `SELECT p.application_id AS "applicationId", p.id, p.phone_number AS "phoneNumber", p.phone_type AS "phoneType",
         p.is_primary AS "isPrimary"
       FROM phones p WHERE p.application_id IN (:ids)
       ORDER BY p.application_id, p.is_primary DESC, p.created_at ASC, p.id ASC`,
      { ids },
    ),
    selectRows<{ applicationId: string; id: string; name: string; relationship: string; age: unknown }>(
      `SELECT b.application_id AS "applicationId", b.id, b.name, b.relationship, b.age
       FROM beneficiaries b WHERE b.application_id IN (:ids)
       ORDER BY b.application_id, b.created_at ASC, b.id ASC`,
      { ids },
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
        phones: (phonesOf.get(row.id) ?? []).map((phone) => ({ ...phone, isPrimary: Boolean(phone.isPrimary) })),
        beneficiaries: (beneficiariesOf.get(row.id) ?? []).map((b) => ({
          ...b,
          age: b.age === null || b.age === undefined ? null : Number(b.age),
        })),
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
    address: text(row.address),
    zipCode: text(row.zipCode),
    dateOfBirth: isoDay(row.dateOfBirth),
    maritalStatus: text(row.maritalStatus),
    height: text(row.height),
    smoker: row.smoker === null || row.smoker === undefined ? null : Boolean(row.smoker),
    // Masked: the last four digits only, as GET /api/applications/{id} answers before a reveal.
    ssn: text(row.ssnLast4),
    routingNumber: text(row.routingNumberLast4),
    accountNumber: text(row.accountNumberLast4),
    cardNumber: text(row.cardNumberLast4),
    revealed: false as const,
    paymentMethod: text(row.paymentMethod),
    bankName: text(row.bankName),
    cardExpiry: text(row.cardExpiry),
    firstDraftDate: isoDay(row.firstDraftDate),
    futureDraftDate: isoDay(row.futureDraftDate),
    notes: text(row.notes),
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
