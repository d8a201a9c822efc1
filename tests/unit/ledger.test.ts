import { describe, expect, it } from "vitest";
import {
  CALCULATOR_MESSAGES,
  commissionQuote,
  earnedCents,
  ledgerLine,
  ledgerTotals,
  readCalculatorInput,
  saleLedger,
} from "~/domain/ledger";

// Issue 11, item 5: the advance and chargeback ledger, one pure function, every case.

const paid = (n: number, rest = "not_paid") => [...Array(n).fill("paid"), ...Array(9 - n).fill(rest)];

describe("saleLedger", () => {
  it("earns the whole advance once all nine months are paid", () => {
    expect(saleLedger({ commissionCents: 90_000, commissionCancelled: false, paymentStatuses: paid(9) })).toEqual({
      advancedCents: 90_000,
      earnedCents: 90_000,
      unearnedCents: 0,
      chargedBackCents: 0,
      monthsPaid: 9,
    });
  });

  it("keeps the unearned part while payments are still coming", () => {
    expect(saleLedger({ commissionCents: 90_000, commissionCancelled: false, paymentStatuses: paid(4) })).toEqual({
      advancedCents: 90_000,
      earnedCents: 40_000,
      unearnedCents: 50_000,
      chargedBackCents: 0,
      monthsPaid: 4,
    });
  });

  it("charges back what was not earned when the policy lapses in month 3", () => {
    const statuses = ["paid", "paid", "cancelled", ...Array(6).fill("not_paid")];
    expect(saleLedger({ commissionCents: 90_000, commissionCancelled: false, paymentStatuses: statuses })).toEqual({
      advancedCents: 90_000,
      earnedCents: 20_000,
      unearnedCents: 0,
      chargedBackCents: 70_000,
      monthsPaid: 2,
    });
  });

  it("charges back nothing for a commission cancelled after all nine months were paid", () => {
    expect(saleLedger({ commissionCents: 90_000, commissionCancelled: true, paymentStatuses: paid(9) })).toMatchObject({
      earnedCents: 90_000,
      unearnedCents: 0,
      chargedBackCents: 0,
    });
  });

  it("charges back the whole advance of a commission cancelled before any payment", () => {
    expect(saleLedger({ commissionCents: 45_000, commissionCancelled: true, paymentStatuses: paid(0) })).toMatchObject({
      earnedCents: 0,
      chargedBackCents: 45_000,
      unearnedCents: 0,
    });
  });

  it("lifts the chargeback when a cancelled payment is set back (a reinstated policy)", () => {
    const lapsed = ["paid", "paid", "cancelled", ...Array(6).fill("not_paid")];
    const reinstated = ["paid", "paid", "paid", ...Array(6).fill("not_paid")];
    expect(
      saleLedger({ commissionCents: 90_000, commissionCancelled: false, paymentStatuses: lapsed }).chargedBackCents,
    ).toBe(70_000);
    expect(
      saleLedger({ commissionCents: 90_000, commissionCancelled: false, paymentStatuses: reinstated }),
    ).toMatchObject({
      earnedCents: 30_000,
      unearnedCents: 60_000,
      chargedBackCents: 0,
    });
  });

  it("earns whole cents, rounded half up, and never more than the advance", () => {
    expect(earnedCents(100, 1)).toBe(11);
    expect(earnedCents(100, 5)).toBe(56);
    expect(earnedCents(100, 12)).toBe(100);
    expect(earnedCents(100, -1)).toBe(0);
  });
});

describe("ledgerLine (the rule from payment counts, as SQL counts them)", () => {
  it("gives saleLedger's line for every count of paid months, with and without a cancellation", () => {
    for (let paidMonths = 0; paidMonths <= 9; paidMonths++) {
      for (const [commissionCancelled, cancelledMonth] of [
        [false, false],
        [false, true],
        [true, false],
      ] as const) {
        const statuses = paid(paidMonths);
        if (cancelledMonth && paidMonths < 9) statuses[paidMonths] = "cancelled";
        expect(
          ledgerLine({
            commissionCents: 97_217,
            commissionCancelled,
            monthsPaid: paidMonths,
            anyPaymentCancelled: cancelledMonth && paidMonths < 9,
          }),
        ).toEqual(saleLedger({ commissionCents: 97_217, commissionCancelled, paymentStatuses: statuses }));
      }
    }
  });

  it("never counts more than nine months or a negative advance", () => {
    expect(
      ledgerLine({ commissionCents: 900, commissionCancelled: false, monthsPaid: 12, anyPaymentCancelled: false }),
    ).toEqual({ advancedCents: 900, earnedCents: 900, unearnedCents: 0, chargedBackCents: 0, monthsPaid: 9 });
    expect(
      ledgerLine({ commissionCents: -5, commissionCancelled: true, monthsPaid: 1, anyPaymentCancelled: false }),
    ).toMatchObject({ advancedCents: 0, earnedCents: 0, chargedBackCents: 0 });
  });
});

describe("ledgerTotals", () => {
  it("sums the lines and gives the balance: advanced less charged back", () => {
    const lines = [
      saleLedger({ commissionCents: 90_000, commissionCancelled: false, paymentStatuses: paid(4) }),
      saleLedger({ commissionCents: 45_000, commissionCancelled: true, paymentStatuses: paid(3) }),
    ];
    expect(ledgerTotals(lines)).toEqual({
      advancedCents: 135_000,
      earnedCents: 55_000,
      unearnedCents: 50_000,
      chargedBackCents: 30_000,
      balanceCents: 105_000,
    });
    expect(ledgerTotals([])).toEqual({
      advancedCents: 0,
      earnedCents: 0,
      unearnedCents: 0,
      chargedBackCents: 0,
      balanceCents: 0,
    });
  });
});

describe("commissionQuote", () => {
  it("prices as a sale does: monthly, first-year (x 9) and annual premium, and a schedule adding up to the advance", () => {
    // $123.45 a month at 87.5 %: $108.02 a month, $972.17 over nine months.
    const quote = commissionQuote(12_345, 87.5);
    expect(quote.monthlyCommissionCents).toBe(10_802);
    expect(quote.firstYearCommissionCents).toBe(97_217);
    expect(quote.annualPremiumCents).toBe(148_140);
    expect(quote.schedule).toHaveLength(9);
    expect(quote.schedule.reduce((sum, month) => sum + month.earnedCents, 0)).toBe(97_217);
    expect(quote.schedule[0]).toEqual({
      month: 1,
      earnedCents: 10_802,
      earnedToDateCents: 10_802,
      unearnedCents: 86_415,
    });
    expect(quote.schedule[8]).toMatchObject({ month: 9, earnedToDateCents: 97_217, unearnedCents: 0 });
  });

  it("allows comp % above 100", () => {
    expect(commissionQuote(10_000, 120).firstYearCommissionCents).toBe(108_000);
  });
});

describe("readCalculatorInput (part 2, section 5: the calculator's messages)", () => {
  it("asks for both boxes", () => {
    expect(readCalculatorInput({ monthlyPremium: "", compPercentage: " " }).errors).toEqual({
      monthlyPremium: CALCULATOR_MESSAGES.premiumRequired,
      compPercentage: CALCULATOR_MESSAGES.compRequired,
    });
    expect(CALCULATOR_MESSAGES).toEqual({
      premiumRequired: "Monthly Premium is required",
      premiumInvalid: "Please enter a valid positive number",
      compRequired: "Comp % is required",
      compInvalid: "Please enter a valid positive percentage",
    });
  });

  it("takes a positive amount of dollars and cents and a positive comp %, above 100 included", () => {
    for (const bad of ["abc", "0", "-5", "12.345", "1e3"]) {
      expect(readCalculatorInput({ monthlyPremium: bad, compPercentage: "50" }).errors, bad).toEqual({
        monthlyPremium: CALCULATOR_MESSAGES.premiumInvalid,
      });
    }
    // 999 is the products' ceiling too (one rule for a rate, decision 041).
    for (const bad of ["abc", "0", "-1", "1.234", "999.01", "1000"]) {
      expect(readCalculatorInput({ monthlyPremium: "50", compPercentage: bad }).errors, bad).toEqual({
        compPercentage: CALCULATOR_MESSAGES.compInvalid,
      });
    }
    expect(readCalculatorInput({ monthlyPremium: "50", compPercentage: "999" }).errors).toEqual({});
    const { quote, errors } = readCalculatorInput({ monthlyPremium: "$1,234.50", compPercentage: "120%" });
    expect(errors).toEqual({});
    expect(quote!.firstYearCommissionCents).toBe(1_333_260);
  });
});
