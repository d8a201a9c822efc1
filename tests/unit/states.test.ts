import { describe, expect, it } from "vitest";
import { findState, parseBulkStates, stateName, STATES_WITH_DC, US_STATES } from "~/domain/states";

const byName = (list: readonly { name: string }[]) =>
  [...list].map((s) => s.name).sort((a, b) => a.localeCompare(b, "en-US"));

describe("state lists", () => {
  it("has the 50 states in alphabetical order, without DC", () => {
    expect(US_STATES).toHaveLength(50);
    expect(US_STATES.map((s) => s.name)).toEqual(byName(US_STATES));
    expect(US_STATES.some((s) => s.code === "DC")).toBe(false);
    expect(new Set(US_STATES.map((s) => s.code)).size).toBe(50);
    for (const s of US_STATES) expect(s.code).toMatch(/^[A-Z]{2}$/);
  });

  it("adds DC for the application form, still alphabetical", () => {
    expect(STATES_WITH_DC).toHaveLength(51);
    expect(STATES_WITH_DC.map((s) => s.name)).toEqual(byName(STATES_WITH_DC));
    const dcIndex = STATES_WITH_DC.findIndex((s) => s.code === "DC");
    expect(STATES_WITH_DC[dcIndex]).toEqual({ code: "DC", name: "District of Columbia" });
    expect(STATES_WITH_DC[dcIndex - 1].name).toBe("Delaware");
    expect(STATES_WITH_DC[dcIndex + 1].name).toBe("Florida");
  });
});

describe("findState", () => {
  it("matches full names and codes case-insensitively after trimming", () => {
    expect(findState("Texas")).toEqual({ code: "TX", name: "Texas" });
    expect(findState("  new york ")).toEqual({ code: "NY", name: "New York" });
    expect(findState("ca")).toEqual({ code: "CA", name: "California" });
    expect(findState("WV")?.name).toBe("West Virginia");
  });

  it("knows DC only when asked to", () => {
    expect(findState("DC")).toBeUndefined();
    expect(findState("District of Columbia")).toBeUndefined();
    expect(findState("dc", { includeDC: true })?.name).toBe("District of Columbia");
  });

  it("returns undefined for unknown or empty input", () => {
    expect(findState("Texass")).toBeUndefined();
    expect(findState("XX")).toBeUndefined();
    expect(findState("   ")).toBeUndefined();
  });
});

describe("stateName", () => {
  it("names a code, DC included, and leaves unknown codes as they are", () => {
    expect(stateName("FL")).toBe("Florida");
    expect(stateName("dc")).toBe("District of Columbia");
    expect(stateName("ZZ")).toBe("ZZ");
  });
});

describe("parseBulkStates", () => {
  it("accepts entries separated by commas and new lines, ignoring blanks", () => {
    const result = parseBulkStates("Texas, CA\nnew york\r\n\n , ,fl,");
    expect(result.states.map((s) => s.code)).toEqual(["TX", "CA", "NY", "FL"]);
    expect(result.invalid).toEqual([]);
  });

  it("drops duplicates, whether typed as a name or a code, keeping first order", () => {
    const result = parseBulkStates("ohio, TX, OH, Texas, Ohio");
    expect(result.states.map((s) => s.code)).toEqual(["OH", "TX"]);
  });

  it("lists unknown entries trimmed but as typed", () => {
    const result = parseBulkStates("Texas,  Narnia ,XX\nDC\nCalifornia");
    expect(result.states.map((s) => s.code)).toEqual(["TX", "CA"]);
    expect(result.invalid).toEqual(["Narnia", "XX", "DC"]);
  });

  it("returns nothing for empty input", () => {
    expect(parseBulkStates("")).toEqual({ states: [], invalid: [] });
    expect(parseBulkStates(" \n , ")).toEqual({ states: [], invalid: [] });
  });

  it("accepts all 50 states at once", () => {
    const text = US_STATES.map((s, i) => (i % 2 ? s.code.toLowerCase() : s.name.toUpperCase())).join("\n");
    expect(parseBulkStates(text).states).toHaveLength(50);
  });
});
