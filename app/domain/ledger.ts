import { COMMISSION_RATE_LIMITS } from "./commission-rate-limits";
import { PAYMENT_MONTHS, firstYearCommissionCents } from "./commission";

// The advance and chargeback ledger final-expense agents keep by hand (issue 11, beyond the spec).
// The first-year commission of a sale is paid as an advance and earned one ninth a month as the
// customer's payments are marked paid; once the commission is cancelled, or any of its payments
// is, inside the nine months, the part not yet earned is charged back. Pure functions of a sale
// and its payments, in integer cents: every figure is worked out again from what is stored, so a
// payment set back from cancelled lifts the chargeback.

/** What the ledger needs of one sale: its commission, whether it was cancelled, its months' statuses. */
type LedgerSale = {
  commissionCents: number;
  commissionCancelled: boolean;
  /** The statuses of its payment months (paid, not_paid or cancelled). */
  paymentStatuses: readonly string[];
};

export type LedgerLine = {
  advancedCents: number;
  earnedCents: number;
  unearnedCents: number;
  chargedBackCents: number;
  monthsPaid: number;
};

export type LedgerTotals = Omit<LedgerLine, "monthsPaid"> & { balanceCents: number };

/**
 * The part of an advance earned after `monthsPaid` of the nine months (whole cents, rounded half up).
 * @internal Exported for its unit test.
 */
export function earnedCents(advancedCents: number, monthsPaid: number): number {
  const months = Math.min(Math.max(monthsPaid, 0), PAYMENT_MONTHS);
  return Math.round((advancedCents * months) / PAYMENT_MONTHS);
}

/**
 * One sale's line: advanced = the first-year commission; earned = advanced x months paid / 9; if
 * the commission or any payment is cancelled, charged back = advanced - earned and nothing is
 * unearned; otherwise unearned = advanced - earned and nothing is charged back.
 * @internal The rule over a sale's list of payments, which tests check the services' SQL counts against.
 */
export function saleLedger(sale: LedgerSale): LedgerLine {
  return ledgerLine({
    commissionCents: sale.commissionCents,
    commissionCancelled: sale.commissionCancelled,
    monthsPaid: sale.paymentStatuses.filter((status) => status === "paid").length,
    anyPaymentCancelled: sale.paymentStatuses.includes("cancelled"),
  });
}

/** What the ledger needs of a sale's payments, as SQL counts them (app/services/commissions.server.ts). */
export type LedgerCounts = {
  commissionCents: number;
  commissionCancelled: boolean;
  monthsPaid: number;
  anyPaymentCancelled: boolean;
};

/** saleLedger's rule from the counts of a sale's payments rather than their list. */
export function ledgerLine(sale: LedgerCounts): LedgerLine {
  const advancedCents = Math.max(sale.commissionCents, 0);
  const monthsPaid = Math.min(Math.max(sale.monthsPaid, 0), PAYMENT_MONTHS);
  const earned = earnedCents(advancedCents, monthsPaid);
  const lapsed = sale.commissionCancelled || sale.anyPaymentCancelled;
  return {
    advancedCents,
    earnedCents: earned,
    unearnedCents: lapsed ? 0 : advancedCents - earned,
    chargedBackCents: lapsed ? advancedCents - earned : 0,
    monthsPaid,
  };
}

/**
 * The sum of the lines, and the agent's balance: everything advanced less everything charged back.
 * @internal The sum tests check the services' SQL totals against.
 */
export function ledgerTotals(lines: readonly LedgerLine[]): LedgerTotals {
  const totals = { advancedCents: 0, earnedCents: 0, unearnedCents: 0, chargedBackCents: 0, balanceCents: 0 };
  for (const line of lines) {
    totals.advancedCents += line.advancedCents;
    totals.earnedCents += line.earnedCents;
    totals.unearnedCents += line.unearnedCents;
    totals.chargedBackCents += line.chargedBackCents;
  }
  totals.balanceCents = totals.advancedCents - totals.chargedBackCents;
  return totals;
}

/** One month of a quote's schedule: what that month earns, and the running totals after it. */
export type QuoteMonth = { month: number; earnedCents: number; earnedToDateCents: number; unearnedCents: number };

/**
 * The commission calculator's figures for a monthly premium and a comp %, from the same function
 * that prices a sale: the commission of one month's premium, the first-year (nine-month)
 * commission paid as the advance, the annual premium, and how the advance is earned month by month
 * (the months' parts add up to the advance exactly).
 * @internal Exported for its unit test; the calculator reads it through readCalculatorInput.
 */
export function commissionQuote(monthlyPremiumCents: number, compPercent: number) {
  const advanceCents = firstYearCommissionCents(monthlyPremiumCents, compPercent);
  const schedule: QuoteMonth[] = [];
  for (let month = 1; month <= PAYMENT_MONTHS; month++) {
    const earnedToDateCents = earnedCents(advanceCents, month);
    schedule.push({
      month,
      earnedCents: earnedToDateCents - earnedCents(advanceCents, month - 1),
      earnedToDateCents,
      unearnedCents: advanceCents - earnedToDateCents,
    });
  }
  return {
    monthlyCommissionCents: Math.round((monthlyPremiumCents * Math.round(compPercent * 100)) / 10_000),
    firstYearCommissionCents: advanceCents,
    annualPremiumCents: monthlyPremiumCents * 12,
    schedule,
  };
}

/**
 * The calculator's messages (part 2, section 5).
 * @internal Exported for its unit test.
 */
export const CALCULATOR_MESSAGES = {
  premiumRequired: "Monthly Premium is required",
  premiumInvalid: "Please enter a valid positive number",
  compRequired: "Comp % is required",
  compInvalid: "Please enter a valid positive percentage",
} as const;

const AMOUNT = /^\$?\s*(\d{1,9}(?:,\d{3})*|\d+)?(\.\d{0,2})?$/;

/**
 * The calculator's two boxes as typed: the quote, or a message for each box that cannot be read.
 * A premium is dollars and cents above 0; a comp % is a number above 0 with at most two decimals
 * (above 100 is allowed: some carriers pay more than the premium in the first year), up to the
 * products' 999.
 */
export function readCalculatorInput(input: { monthlyPremium?: string | null; compPercentage?: string | null }) {
  const premiumText = (input.monthlyPremium ?? "").trim();
  const compText = (input.compPercentage ?? "").trim().replace(/%$/, "");
  const errors: { monthlyPremium?: string; compPercentage?: string } = {};
  let premiumCents: number | null = null;
  if (!premiumText) errors.monthlyPremium = CALCULATOR_MESSAGES.premiumRequired;
  else {
    const match = AMOUNT.exec(premiumText);
    const dollars =
      match && (match[1] || match[2]) ? Number(`${(match[1] ?? "0").replace(/,/g, "")}${match[2] ?? ""}`) : NaN;
    if (!Number.isFinite(dollars) || dollars <= 0 || dollars > 1_000_000)
      errors.monthlyPremium = CALCULATOR_MESSAGES.premiumInvalid;
    else premiumCents = Math.round(dollars * 100);
  }
  let comp: number | null = null;
  if (!compText) errors.compPercentage = CALCULATOR_MESSAGES.compRequired;
  else {
    const value = /^\d+(\.\d{1,2})?$|^\.\d{1,2}$/.test(compText) ? Number(compText) : NaN;
    // The products' ceiling (decision 041): the calculator quotes no rate a product could not hold.
    if (!Number.isFinite(value) || value <= 0 || value > COMMISSION_RATE_LIMITS.max)
      errors.compPercentage = CALCULATOR_MESSAGES.compInvalid;
    else comp = value;
  }
  const quote = premiumCents !== null && comp !== null ? commissionQuote(premiumCents, comp) : null;
  return { quote, errors };
}
