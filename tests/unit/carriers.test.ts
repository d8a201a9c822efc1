import { describe, expect, it } from "vitest";
import { COMBINED_CARRIER, COMBINED_PRODUCTS, isCombined, PRESET_CARRIERS } from "~/domain/carriers";
import { SETUP_MESSAGES, carrierNameProblem, carrierUpdateSchema, setupSchema } from "~/domain/schemas/setup";
import { EMPTY_DRAFT, addCarrier } from "~/domain/setup-draft";

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

describe("custom carrier names", () => {
  it("accepts ordinary names, accents, punctuation and exactly 60 characters", () => {
    for (const name of [
      "Heartland Life",
      "Société Générale Vie",
      "O'Neil & Sons, Inc.",
      "AIG / Corebridge",
      "x".repeat(60),
    ]) {
      expect(carrierNameProblem(name), name).toBeNull();
    }
    // Spaces around the name are trimmed before it is measured.
    expect(carrierNameProblem(`  ${"x".repeat(60)}  `)).toBeNull();
    // Characters as people see them: 60 accented letters are 60, not 120 bytes.
    expect(carrierNameProblem("é".repeat(60))).toBeNull();
  });

  it("refuses an empty name and one longer than 60 characters", () => {
    expect(carrierNameProblem("   ")).toBe(SETUP_MESSAGES.carrierName);
    expect(carrierNameProblem("x".repeat(61))).toBe("Carrier names can be at most 60 characters.");
  });

  it.each([
    ["U+202E right-to-left override", "\u202E"],
    ["U+202A left-to-right embedding", "\u202A"],
    ["U+202C pop directional formatting", "\u202C"],
    ["U+2066 left-to-right isolate", "\u2066"],
    ["U+2069 pop directional isolate", "\u2069"],
    ["U+200E left-to-right mark", "\u200E"],
    ["U+200F right-to-left mark", "\u200F"],
    ["U+061C Arabic letter mark", "\u061C"],
    ["U+200B zero-width space", "\u200B"],
    ["U+FEFF byte order mark", "\uFEFF"],
    ["NUL", "\u0000"],
    ["tab", "\t"],
    ["line feed", "\n"],
    ["DEL", "\u007F"],
    ["U+0085 next line (C1)", "\u0085"],
    ["U+2028 line separator", "\u2028"],
    ["a lone surrogate", "\uD800"],
    ["a private-use character", "\uE000"],
  ])("refuses a name containing %s", (_kind, character) => {
    expect(carrierNameProblem(`Acme${character}Life`)).toBe(SETUP_MESSAGES.carrierNameCharacters);
  });

  it("is the rule of both setup schemas, at the carrier's name field", () => {
    const input = {
      carriers: [{ name: "Acme \u202Eefil", products: [{ name: "Level", commissionRate: 80 }] }],
      licensedStates: ["FL"],
    };
    for (const schema of [setupSchema, carrierUpdateSchema]) {
      const result = schema.safeParse(input);
      expect(result.success).toBe(false);
      expect(result.error?.issues).toEqual([
        expect.objectContaining({ path: ["carriers", 0, "name"], message: SETUP_MESSAGES.carrierNameCharacters }),
      ]);
    }
  });

  it("is the rule of the setup screens' Add carrier button", () => {
    const refused = addCarrier(EMPTY_DRAFT, "Acme\u2066Life", "one-row");
    expect(refused.draft.carriers).toEqual([]);
    expect(refused.notice).toMatchObject({ tone: "error", text: SETUP_MESSAGES.carrierNameCharacters });
    expect(addCarrier(EMPTY_DRAFT, "y".repeat(61), "one-row").notice?.text).toBe(
      "Carrier names can be at most 60 characters.",
    );
    expect(addCarrier(EMPTY_DRAFT, "  Heartland  Life ", "one-row").draft.carriers.map((c) => c.name)).toEqual([
      "Heartland Life",
    ]);
  });
});
