import { describe, expect, it } from "vitest";
import { LEAD_PAYMENT_METHODS, PAYMENT_METHODS, PAYMENT_METHOD_GROUPS } from "~/domain/application-options";
import { leadEditSchema } from "~/domain/schemas/lead-edit";
import { publicApplicationSchema } from "~/domain/schemas/public-application";

// Part 1's "bank, checking, card, check" against part 2's stored methods (decision 045).

const methodOf = (paymentMethod: unknown) => leadEditSchema.safeParse({ paymentMethod });
/** The messages at paymentMethod of a refused parse. */
const messagesOf = (parsed: { error?: { issues: { path: (string | number)[]; message: string }[] } }) =>
  parsed.error?.issues.filter((issue) => issue.path[0] === "paymentMethod").map((issue) => issue.message);

describe("payment methods of a lead", () => {
  it("groups every stored method, once, under part 1's bank, card and check", () => {
    const grouped = PAYMENT_METHOD_GROUPS.flatMap((group) => group.values);
    expect([...grouped].sort()).toEqual(LEAD_PAYMENT_METHODS.map((m) => m.value).sort());
    expect(PAYMENT_METHOD_GROUPS.map((group) => group.label.split(" ")[0])).toEqual(["Bank", "Card", "Check"]);
  });

  it("takes a paper check in an edit, and answers part 1's kinds with the methods to choose", () => {
    expect(methodOf("check").data?.paymentMethod).toBe("check");
    expect(methodOf("checking").data?.paymentMethod).toBe("checking");
    expect(messagesOf(methodOf("bank"))).toEqual(["A bank draft is checking or savings: please select one of them"]);
    expect(messagesOf(methodOf("Card"))).toEqual(["A card is debit or credit: please select one of them"]);
    expect(messagesOf(methodOf("constructor"))).toEqual(["Please select a payment method"]);
  });

  it("keeps the public application to part 2's four", () => {
    expect(PAYMENT_METHODS.map((m) => m.value)).toEqual(["checking", "savings", "debit", "credit"]);
    const parsed = publicApplicationSchema.safeParse({ paymentMethod: "check" });
    expect(messagesOf(parsed)).toEqual(["Please select a payment method"]);
  });
});
