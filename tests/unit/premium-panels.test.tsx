import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { PremiumCards, PremiumTable, PremiumsFetchError } from "~/components/premiums/premium-panels";
import type { PremiumFigures, PremiumRow } from "~/services/premiums.server";

// Premiums Management's pieces as the server renders them: the four cards with the period's
// caption and the cancelled commissions named apart, the table's row and its empty text, and the
// spec's fetch failure (part 2, sections 2 and 8).

const render = (node: JSX.Element) => renderToStaticMarkup(<MemoryRouter>{node}</MemoryRouter>);

const figures: PremiumFigures = {
  totalSales: 3,
  totalPremiumCents: 6_001,
  averagePremiumCents: 2_000,
  totalCommissionCents: 27_009,
  cancelledSales: 1,
  cancelledCommissionCents: 27_000,
  issuedSales: 1,
  issuedPremiumCents: 2_500,
  issuedCommissionCents: 22_500,
  decidedSales: 2,
  placementRate: 50,
};

const row: PremiumRow = {
  id: "3f2504e0-4f89-41d3-9a0c-0305e82c3301",
  leadName: "Lena Lead",
  agentId: null,
  agentName: "Andy Agent",
  carrier: "Aetna",
  product: "Final Expense",
  premiumCents: 10_001,
  compPercentage: 87.5,
  commissionCents: 78_758,
  commissionCancelled: true,
  saleDate: "2031-03-04T15:00:00.000Z",
  policyStatus: "issued",
};

describe("Premiums Management's pieces", () => {
  it("shows the four cards with the period's caption and the cancelled commissions apart", () => {
    const html = render(<PremiumCards figures={figures} periodCaption="Last 3 days" />);
    for (const label of ["Total Monthly Premiums", "Total Commissions", "Average Premium", "Total Sales"]) {
      expect(html).toContain(label);
    }
    expect(html).toContain("$60.01");
    expect(html).toContain("$270.09");
    expect(html).toContain("$20.00");
    expect(html).toContain("Last 3 days");
    expect(html).toContain("$270.00 cancelled (1) not counted");
  });

  it("tells submitted from issued premiums, commissions and sales, with the placement rate and the exposure", () => {
    const html = render(
      <PremiumCards figures={figures} exposure={{ totalCents: 40_000, policies: 2 }} periodCaption="Today" />,
    );
    expect(html.match(/Submitted/g)).toHaveLength(3);
    expect(html.match(/Issued/g)?.length).toBeGreaterThanOrEqual(3);
    for (const text of ["$25.00", "$225.00", "Placement Rate", "50.0%", "1 issued of 2 decided", "$400.00"]) {
      expect(html).toContain(text);
    }
    expect(html).toContain("Chargeback Exposure");
    expect(html).toContain("2 policies in their 9 months");
    // Nothing decided yet: the rate is a dash, not 0%.
    const undecided = render(
      <PremiumCards figures={{ ...figures, decidedSales: 0, placementRate: null }} periodCaption="Today" />,
    );
    expect(undecided).toContain("—");
    expect(undecided).not.toContain("Chargeback Exposure");
  });

  it("shows a sale's row in the admin's time zone, a cancelled commission marked", () => {
    const html = render(<PremiumTable rows={[row]} timezone="America/New_York" />);
    for (const text of ["Lena Lead", "Andy Agent", "Aetna", "Final Expense", "$100.01/mo", "87.5%", "$787.58"]) {
      expect(html).toContain(text);
    }
    expect(html).toContain("Mar 4, 2031");
    expect(html).toContain("Cancelled");
    expect(html).toContain("Issued");
  });

  it("reads TBD, not $0.00, for a sale without a product (no commission yet)", () => {
    const html = render(
      <PremiumTable
        rows={[{ ...row, product: null, compPercentage: null, commissionCents: null, commissionCancelled: false }]}
        timezone="UTC"
      />,
    );
    expect(html).toContain("TBD");
    expect(html).not.toContain("$0.00");
  });

  it("says No premium data found. without rows, and Failed to fetch premium data when the read failed", () => {
    expect(render(<PremiumTable rows={[]} timezone="UTC" />)).toContain("No premium data found.");
    const failed = render(<PremiumsFetchError />);
    expect(failed).toContain("Failed to fetch premium data");
    expect(failed).toContain('href="/admin/premiums"');
  });
});
