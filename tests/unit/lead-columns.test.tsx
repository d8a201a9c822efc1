import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { figureColumns } from "~/components/leads/lead-columns";
import { DataTable } from "~/components/ui/data-table";
import type { AdminLeadRow } from "~/services/admin-leads.server";

// The Commission column All Leads and My Leads share (audit item 7): a cancelled commission reads as cancelled, as the
// lead dialog and Premiums show it, not as an amount still owed.

const lead: AdminLeadRow = {
  id: "3f2504e0-4f89-41d3-9a0c-0305e82c3301",
  firstName: "Lena",
  lastName: "Lead",
  email: null,
  primaryPhone: null,
  city: null,
  state: "FL",
  gender: null,
  weight: null,
  status: "sale",
  agent: null,
  carrierId: null,
  carrier: null,
  productName: "Final Expense",
  coverageAmount: 10_000,
  monthlyPremium: 80.25,
  calculatedCommission: 722.25,
  commissionCancelledAt: null,
  payments: { paid: 2, total: 9 },
  callbackDate: null,
  isUnread: false,
  dnc: false,
  policyStatus: null,
  createdAt: "2031-03-04T15:00:00.000Z",
  updatedAt: "2031-03-04T15:00:00.000Z",
  leadSource: null,
  returnedAt: null,
};

const commissionCell = (row: AdminLeadRow) => {
  const html = renderToStaticMarkup(
    <MemoryRouter>
      <DataTable
        caption="All Leads"
        columns={figureColumns<AdminLeadRow>("UTC")}
        rows={[row]}
        rowKey={(lead) => lead.id}
        empty="No leads"
      />
    </MemoryRouter>,
  );
  const text = html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
  return text.slice(text.indexOf("$80.25/mo"), text.indexOf("Mar 4, 2031"));
};

describe("All Leads' Commission column", () => {
  it("shows a standing commission with its payments", () => {
    const cell = commissionCell(lead);
    expect(cell).toContain("$722.25");
    expect(cell).toContain("2/9 payments");
    expect(cell).not.toContain("Cancelled");
  });

  it("marks a cancelled commission Cancelled", () => {
    const cell = commissionCell({ ...lead, commissionCancelledAt: "2031-04-01T12:00:00.000Z" });
    expect(cell).toContain("$722.25");
    expect(cell).toContain("Cancelled");
  });
});
