import type { LeadSourceRow } from "~/domain/lead-source-report";
import { centsAsDollars } from "~/domain/format";
import type { LeadSourceReport } from "~/services/lead-source-report.server";

const dollars = (cents: number | null) => (cents === null ? null : centsAsDollars(cents));

function sourceJson(row: LeadSourceRow) {
  return {
    id: row.key === "none" || row.key === "total" ? null : row.key,
    name: row.name,
    status: row.status,
    listedCostPerLead: dollars(row.listedCostPerLeadCents),
    leadsReceived: row.leads,
    duplicates: row.duplicates,
    billableLeads: row.billable,
    returns: row.returns,
    returnRate: row.returnRate,
    leadsContacted: row.contacted,
    contactRate: row.contactRate,
    sales: row.sales,
    closeRate: row.closeRate,
    firstYearCommission: dollars(row.commissionCents),
    chargebacks: dollars(row.chargebackCents),
    spend: dollars(row.spendCents),
    costPerLead: dollars(row.costPerLeadCents),
    costPerSale: dollars(row.costPerSaleCents),
    costPerSalePercentOfCommission: row.costPerSalePercent,
  };
}

/** The admin's and the agent's /api answer of the Lead Sources report: money in dollars, null where a figure divides by zero. */
export function leadSourceReportJson(report: LeadSourceReport) {
  return {
    sources: report.rows.map(sourceJson),
    total: sourceJson(report.total),
    months: report.months.map((m) => ({
      month: m.month,
      spend: dollars(m.spendCents),
      firstYearCommission: dollars(m.commissionCents),
    })),
    range: report.range,
    sort: report.sort,
    dir: report.dir,
  };
}
