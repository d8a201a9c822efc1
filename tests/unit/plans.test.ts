import { describe, expect, it } from "vitest";
import { PRICING_PLANS } from "~/domain/plans";

const plan = (name: string) => {
  const found = PRICING_PLANS.find((p) => p.name === name);
  if (!found) throw new Error(`No plan named ${name}`);
  return found;
};

describe("pricing plans", () => {
  it("has four plans in order with unique ids", () => {
    expect(PRICING_PLANS.map((p) => p.name)).toEqual([
      "CRM Only",
      "CRM + Leads (Starter)",
      "CRM + Leads (Growth)",
      "Enterprise",
    ]);
    expect(new Set(PRICING_PLANS.map((p) => p.id)).size).toBe(4);
  });

  it("prices CRM Only at $99 per month per agent with no leads", () => {
    const p = plan("CRM Only");
    expect(p).toMatchObject({
      priceLabel: "$99",
      period: "per month per agent",
      monthlyPriceCents: 9900,
      includedLeads: 0,
    });
    expect(p.features).toEqual(expect.arrayContaining(["Full CRM access", "Lead management", "Commission tracking"]));
  });

  it("prices Starter at $1,199 with 6 leads at about $190, extras $190", () => {
    const p = plan("CRM + Leads (Starter)");
    expect(p).toMatchObject({
      priceLabel: "$1,199",
      period: "per month per agent",
      monthlyPriceCents: 119_900,
      includedLeads: 6,
    });
    expect(p.perLeadLabel).toContain("$190");
    expect(p.features).toContain("Extra leads $190 each");
  });

  it("prices Growth at $2,159 with 12 leads at about $180, extras $180, and marks it Most Popular", () => {
    const p = plan("CRM + Leads (Growth)");
    expect(p).toMatchObject({
      priceLabel: "$2,159",
      period: "per month per agent",
      monthlyPriceCents: 215_900,
      includedLeads: 12,
    });
    expect(p.perLeadLabel).toContain("$180");
    expect(p.features).toContain("Extra leads $180 each");
    expect(PRICING_PLANS.filter((x) => x.mostPopular)).toEqual([p]);
  });

  it("leaves Enterprise pricing custom, from $160 per lead", () => {
    const p = plan("Enterprise");
    expect(p).toMatchObject({ priceLabel: "Custom", period: "", monthlyPriceCents: null, includedLeads: null });
    expect(p.perLeadLabel).toBe("As low as $160 per lead");
    expect(p.features).toEqual(
      expect.arrayContaining(["High-volume lead packages", "Dedicated account manager", "Priority support"]),
    );
  });

  it("keeps the price label consistent with the price in cents", () => {
    for (const p of PRICING_PLANS) {
      if (p.monthlyPriceCents === null) continue;
      const dollars = (p.monthlyPriceCents / 100).toLocaleString("en-US");
      expect(p.priceLabel).toBe(`$${dollars}`);
    }
  });
});
