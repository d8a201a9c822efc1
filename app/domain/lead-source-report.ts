// Cost per sale by lead source (issue 24 item 7): the Lead Sources tab of the admin's Reports, its
// CSV, GET /api/admin/reports/lead-sources, and the agent's own figures per source. The figures a
// source's row derives from its counts and sums, its columns, the sort the URL carries and the
// CSV's header. No schema code here, so the page's JavaScript stays small. What each figure means
// is docs/decisions/065.

/** What the database counts and sums for one source (or for the leads with none, or all of them). */
export type LeadSourceCounts = {
  /** Leads received in the range (a duplicate is not a lead, decision 061). */
  leads: number;
  /** Posts and rows found to be duplicates in the range; null where they are not the reader's (an agent). */
  duplicates: number | null;
  /** Leads billed to their source as received. */
  billable: number;
  /** Billable leads returned with the return approved: each one a credit of the source's cost. */
  returns: number;
  /** Leads whose status is past Pending, the status every lead is received with. */
  contacted: number;
  /** Leads with at least one call attempt whose outcome is Contacted (the call log, decision 072). */
  reached: number;
  /** Leads with a sale recorded (sold_at), whatever their status now (decision 027). */
  sales: number;
  /** The sales' first-year commissions, cancelled ones included (the advance, decision 027). */
  commissionCents: number;
  /** What the sales' lapsed advances charge back (app/domain/ledger.ts's rule). */
  chargebackCents: number;
  /** Billable leads x cost per lead, less approved returns x cost per lead (decision 064). */
  spendCents: number;
};

export type LeadSourceFigures = LeadSourceCounts & {
  /** Returns / billable leads, percent with 1 decimal; null without a billable lead. */
  returnRate: number | null;
  /** Sales / leads received, percent with 1 decimal; null without a lead. */
  closeRate: number | null;
  /** Leads reached on a call (a call attempt's outcome Contacted) / leads received, percent with 1 decimal; null without a lead. */
  contactRate: number | null;
  /** Spend / leads received, whole cents; null without a lead. */
  costPerLeadCents: number | null;
  /** Spend / sales, whole cents; null without a sale. */
  costPerSaleCents: number | null;
  /** Spend / first-year commission (= cost per sale / commission per sale), percent with 1 decimal; null without commission. */
  costPerSalePercent: number | null;
};

/** A row of the report: a source, the leads with no source, or the totals. */
export type LeadSourceRow = LeadSourceFigures & {
  /** The source's id; "none" for the leads without a source, "total" for the totals row. */
  key: string;
  name: string;
  /** The source's price per lead today (null for the no-source and totals rows). */
  listedCostPerLeadCents: number | null;
  /** active or paused; null for the no-source and totals rows. */
  status: string | null;
};

/** The row of leads that came from no source: the public application form and leads added by hand. */
export const NO_SOURCE_NAME = "Direct / web form";
export const TOTAL_ROW_NAME = "Total";

const oneDecimalPercent = (part: number, whole: number) =>
  whole === 0 ? null : Math.round((part / whole) * 1000) / 10;
const wholeCents = (cents: number, whole: number) => (whole === 0 ? null : Math.round(cents / whole));

/** The rates and costs of a row from its counts: division by zero gives null, never NaN or Infinity. */
export function leadSourceFigures(counts: LeadSourceCounts): LeadSourceFigures {
  return {
    ...counts,
    returnRate: oneDecimalPercent(counts.returns, counts.billable),
    closeRate: oneDecimalPercent(counts.sales, counts.leads),
    contactRate: oneDecimalPercent(counts.reached, counts.leads),
    costPerLeadCents: wholeCents(counts.spendCents, counts.leads),
    costPerSaleCents: wholeCents(counts.spendCents, counts.sales),
    costPerSalePercent: oneDecimalPercent(counts.spendCents, counts.commissionCents),
  };
}

/** The sum of rows' counts (the totals row's counts). */
export function addCounts(rows: readonly LeadSourceCounts[], withDuplicates: boolean): LeadSourceCounts {
  const sum = (pick: (row: LeadSourceCounts) => number) => rows.reduce((total, row) => total + pick(row), 0);
  return {
    leads: sum((r) => r.leads),
    duplicates: withDuplicates ? sum((r) => r.duplicates ?? 0) : null,
    billable: sum((r) => r.billable),
    returns: sum((r) => r.returns),
    contacted: sum((r) => r.contacted),
    reached: sum((r) => r.reached),
    sales: sum((r) => r.sales),
    commissionCents: sum((r) => r.commissionCents),
    chargebackCents: sum((r) => r.chargebackCents),
    spendCents: sum((r) => r.spendCents),
  };
}

/** The columns a reader can sort by (?sort=), in the table's order. */
export const LEAD_SOURCE_SORTS = [
  "name",
  "leads",
  "duplicates",
  "returns",
  "returnRate",
  "contacted",
  "contactRate",
  "sales",
  "closeRate",
  "commission",
  "chargebacks",
  "spend",
  "costPerLead",
  "costPerSale",
  "costPerSalePercent",
] as const;
export type LeadSourceSort = (typeof LEAD_SOURCE_SORTS)[number];
export type SortDirection = "asc" | "desc";

export const LEAD_SOURCE_SORT_LABELS: Record<LeadSourceSort, string> = {
  name: "Source",
  leads: "Leads Received",
  duplicates: "Duplicates",
  returns: "Returns",
  returnRate: "Return Rate",
  contacted: "Leads Contacted",
  contactRate: "Contact Rate",
  sales: "Sales",
  closeRate: "Close Rate",
  commission: "First-Year Commission",
  chargebacks: "Chargebacks",
  spend: "Spend",
  costPerLead: "Cost Per Lead",
  costPerSale: "Cost Per Sale",
  costPerSalePercent: "Cost Per Sale (% of Commission)",
};

/** Without ?sort= the biggest spend comes first: where the money goes. */
export const DEFAULT_LEAD_SOURCE_SORT: LeadSourceSort = "spend";

/** A column's first direction when its header is chosen: names A to Z, figures largest first. */
export const firstDirection = (sort: LeadSourceSort): SortDirection => (sort === "name" ? "asc" : "desc");

const SORT_VALUE: Record<LeadSourceSort, (row: LeadSourceRow) => number | string | null> = {
  name: (r) => r.name.toLowerCase(),
  leads: (r) => r.leads,
  duplicates: (r) => r.duplicates,
  returns: (r) => r.returns,
  returnRate: (r) => r.returnRate,
  contacted: (r) => r.contacted,
  contactRate: (r) => r.contactRate,
  sales: (r) => r.sales,
  closeRate: (r) => r.closeRate,
  commission: (r) => r.commissionCents,
  chargebacks: (r) => r.chargebackCents,
  spend: (r) => r.spendCents,
  costPerLead: (r) => r.costPerLeadCents,
  costPerSale: (r) => r.costPerSaleCents,
  costPerSalePercent: (r) => r.costPerSalePercent,
};

/**
 * The rows in the chosen order. A figure that cannot be worked out (null, shown "—") goes last
 * whichever the direction, since it is neither cheap nor dear; ties go by name.
 */
export function sortLeadSourceRows(rows: readonly LeadSourceRow[], sort: LeadSourceSort, direction: SortDirection) {
  const value = SORT_VALUE[sort];
  const sign = direction === "asc" ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = value(a);
    const y = value(b);
    if (x === null || y === null) {
      if (x !== y) return x === null ? 1 : -1;
    } else if (x !== y) {
      return (x < y ? -1 : 1) * sign;
    }
    return a.name.localeCompare(b.name) || a.key.localeCompare(b.key);
  });
}

/** The CSV's header row (the export's Lead Sources tab), in this order. */
export const LEAD_SOURCE_CSV_COLUMNS = [
  "Source",
  "Listed Cost Per Lead",
  "Leads Received",
  "Duplicates",
  "Returns",
  "Return Rate (%)",
  "Leads Contacted",
  "Contact Rate (%)",
  "Sales",
  "Close Rate (%)",
  "First-Year Commission",
  "Chargebacks",
  "Spend",
  "Cost Per Lead",
  "Cost Per Sale",
  "Cost Per Sale (% of Commission)",
] as const;
