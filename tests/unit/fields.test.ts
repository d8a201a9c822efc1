import { describe, expect, it } from "vitest";
import { z } from "zod";
import { optionalText, requiredText } from "~/domain/schemas/fields";

const issues = (schema: z.ZodTypeAny, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe("requiredText", () => {
  const name = requiredText("First name", 5);

  it("trims what it keeps", () => {
    expect(name.parse("  Ann ")).toBe("Ann");
  });

  it("refuses missing, null, blank and non-text values with the label's message", () => {
    for (const value of [undefined, null, "", "   ", 12, true])
      expect(issues(name, value)).toEqual(["First name is required"]);
  });

  it("refuses text longer than the maximum, after trimming", () => {
    expect(name.parse(" Anna ")).toBe("Anna");
    expect(issues(name, "Annabel")).toEqual(["First name must be at most 5 characters"]);
  });

  it("takes the form's own messages", () => {
    const phone = requiredText("Phone", 3, { required: "Phone is required.", tooLong: "Too long." });
    expect(issues(phone, " ")).toEqual(["Phone is required."]);
    expect(issues(phone, "1234")).toEqual(["Too long."]);
  });
});

describe("optionalText", () => {
  const notes = optionalText("Notes", 5);

  it("reads missing, null and blank as not given, and trims text", () => {
    for (const value of [undefined, null, "", "  "]) expect(notes.parse(value)).toBeUndefined();
    expect(notes.parse(" a b ")).toBe("a b");
  });

  it("reads not given as null where an update clears the column", () => {
    const cleared = optionalText("Notes", 5, { notGiven: null });
    for (const value of [undefined, null, "", "  "]) expect(cleared.parse(value)).toBeNull();
    expect(cleared.parse("x")).toBe("x");
  });

  it("refuses non-text and text longer than the maximum", () => {
    expect(issues(notes, 12)).toEqual(["Notes must be text"]);
    expect(issues(notes, "abcdef")).toEqual(["Notes must be at most 5 characters"]);
    expect(issues(optionalText("Company name", 3, { tooLong: "Company name is too long" }), "abcd")).toEqual([
      "Company name is too long",
    ]);
  });
});
