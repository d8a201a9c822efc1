export type PricingPlan = {
  id: string;
  name: string;
  priceLabel: string;
  period: string;
  /** null when the price is negotiated. */
  monthlyPriceCents: number | null;
  /** null when the lead volume is negotiated. */
  includedLeads: number | null;
  perLeadLabel: string | null;
  features: string[];
  mostPopular: boolean;
};

const PER_AGENT_MONTHLY = "per month per agent";

export const PRICING_PLANS: readonly PricingPlan[] = [
  {
    id: "crm-only",
    name: "CRM Only",
    priceLabel: "$99",
    period: PER_AGENT_MONTHLY,
    monthlyPriceCents: 9_900,
    includedLeads: 0,
    perLeadLabel: null,
    features: ["Full CRM access", "Lead management", "Commission tracking", "No leads included"],
    mostPopular: false,
  },
  {
    id: "starter",
    name: "CRM + Leads (Starter)",
    priceLabel: "$1,199",
    period: PER_AGENT_MONTHLY,
    monthlyPriceCents: 119_900,
    includedLeads: 6,
    perLeadLabel: "About $190 per lead",
    features: ["Full CRM access", "6 leads included", "About $190 per lead", "Extra leads $190 each"],
    mostPopular: false,
  },
  {
    id: "growth",
    name: "CRM + Leads (Growth)",
    priceLabel: "$2,159",
    period: PER_AGENT_MONTHLY,
    monthlyPriceCents: 215_900,
    includedLeads: 12,
    perLeadLabel: "About $180 per lead",
    features: ["Full CRM access", "12 leads included", "About $180 per lead", "Extra leads $180 each"],
    mostPopular: true,
  },
  {
    id: "enterprise",
    name: "Enterprise",
    priceLabel: "Custom",
    period: "",
    monthlyPriceCents: null,
    includedLeads: null,
    perLeadLabel: "As low as $160 per lead",
    features: [
      "Custom pricing",
      "High-volume lead packages",
      "As low as $160 per lead",
      "Dedicated account manager",
      "Priority support",
    ],
    mostPopular: false,
  },
];
