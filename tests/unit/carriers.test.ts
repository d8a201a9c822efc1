import { describe, expect, it } from "vitest";
import { COMBINED_CARRIER, COMBINED_PRODUCTS, isCombined, PRESET_CARRIERS } from "~/domain/carriers";

describe("preset carriers", () => {
  it("lists the 18 carriers in catalogue order", () => {
    expect(PRESET_CARRIERS).toHaveLength(18);
    expect(PRESET_CARRIERS).toEqual([
      "Aetna",
      "AIG / Corebridge",
      "Americo",
      "American Amicable",
      "American Home Life",
      "Baltimore Life",
      "Combined",
      "Ethos",
      "Foresters",
      "GPM Life Insurance",
      "Kansas City Life",
      "Liberty Bankers",
      "Mutual of Omaha",
      "Occidental",
      "Royal Neighbors of America",
      "SBLI",
      "Transamerica",
      "United Home Life",
    ]);
    expect(new Set(PRESET_CARRIERS).size).toBe(18);
  });

  it("includes Combined with its four fixed products", () => {
    expect(PRESET_CARRIERS).toContain(COMBINED_CARRIER);
    expect(COMBINED_CARRIER).toBe("Combined");
    expect(COMBINED_PRODUCTS).toEqual(["GL Preferred", "GL Standard", "GL Sub Standard", "GL Graded Benefit"]);
  });
});

describe("isCombined", () => {
  it("matches Combined regardless of case and surrounding spaces", () => {
    expect(isCombined("Combined")).toBe(true);
    expect(isCombined("  combined ")).toBe(true);
    expect(isCombined("COMBINED")).toBe(true);
  });

  it("does not match other carriers or partial names", () => {
    expect(isCombined("Aetna")).toBe(false);
    expect(isCombined("Combined Insurance")).toBe(false);
    expect(isCombined("")).toBe(false);
  });
});
