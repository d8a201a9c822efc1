import { describe, expect, it } from "vitest";
import { calculatorInputFromUrl } from "~/components/calculator/commission-calculator";

// The calculator's GET form: an empty form sent is still a form sent, so its required messages show.
describe("calculatorInputFromUrl", () => {
  it("knows Calculate was pressed on an empty form", () => {
    expect(calculatorInputFromUrl("http://x/agent/commission-calculator?monthlyPremium=&compPercentage=")).toEqual({
      monthlyPremium: "",
      compPercentage: "",
      sent: true,
    });
  });

  it("a first visit is not a form sent; typed values come back as typed", () => {
    expect(calculatorInputFromUrl("http://x/agent/commission-calculator").sent).toBe(false);
    expect(calculatorInputFromUrl("http://x/a?monthlyPremium=%2485.50&compPercentage=120")).toEqual({
      monthlyPremium: "$85.50",
      compPercentage: "120",
      sent: true,
    });
  });
});
