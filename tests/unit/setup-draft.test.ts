import { describe, expect, it } from "vitest";
import { COMBINED_PRODUCTS } from "~/domain/carriers";
import {
  canonicalCarrierName,
  carrierUpdateSchema,
  commissionRateProblem,
  isRateStep,
  normalizeCombinedProducts,
  setupSchema,
  wizardStepSchemas,
} from "~/domain/schemas/setup";
import {
  EMPTY_DRAFT,
  addCarrier,
  addProductRow,
  addStateEntry,
  appendProduct,
  applyBulkStates,
  applyDraftIntent,
  clearStates,
  draftFromPayload,
  draftFromSetup,
  firstIncompleteStep,
  newDraftCarrier,
  parseIntent,
  removeCarrier,
  removeProduct,
  selectAllStates,
  selectCarriers,
  sideInputsAfter,
  type SetupDraft,
} from "~/domain/setup-draft";

const draft = (carriers: SetupDraft["carriers"], licensedStates: string[] = []): SetupDraft => ({
  carriers,
  licensedStates,
});
const aetna = { name: "Aetna", products: [{ name: "Level", commissionRate: "80" }] };

describe("setup schema helpers", () => {
  it("isRateStep accepts tenths only, despite floating point", () => {
    expect([0.1, 0.3, 12.7, 999, 100].every(isRateStep)).toBe(true);
    expect([0.05, 12.34, 99.99].some(isRateStep)).toBe(false);
  });

  it("canonicalCarrierName trims, collapses spaces and spells presets the catalogue's way", () => {
    expect(canonicalCarrierName("  mutual   of omaha ")).toBe("Mutual of Omaha");
    expect(canonicalCarrierName("aig / corebridge")).toBe("AIG / Corebridge");
    expect(canonicalCarrierName("  Heartland  Life ")).toBe("Heartland Life");
  });

  it("normalizeCombinedProducts needs exactly the four fixed names, in any case and order", () => {
    const reversed = [...COMBINED_PRODUCTS].reverse().map((name) => ({ name: name.toUpperCase(), rate: 1 }));
    expect(normalizeCombinedProducts(reversed)?.map((p) => p.name)).toEqual([...COMBINED_PRODUCTS]);
    expect(normalizeCombinedProducts(reversed.slice(1))).toBeNull();
    expect(normalizeCombinedProducts([...reversed, { name: "GL Extra", rate: 1 }])).toBeNull();
    expect(normalizeCombinedProducts(reversed.map((p) => ({ ...p, name: "GL Standard" })))).toBeNull();
  });

  it("setupSchema turns states into codes and rates into numbers", () => {
    const result = setupSchema.safeParse({
      carriers: [{ name: "aetna", products: [{ name: " Level ", compPercentage: "80.5" }] }],
      licensedStates: "fl, Texas\nny",
    });
    expect(result.success && result.data).toEqual({
      carriers: [{ id: undefined, name: "Aetna", products: [{ name: "Level", commissionRate: 80.5 }] }],
      licensedStates: ["FL", "TX", "NY"],
    });
  });

  it("setup and the profile take the same rates: above 0 to 999 in tenths (a saved 0 is the service's to judge)", () => {
    const one = (rate: number) => ({
      carriers: [{ name: "Aetna", products: [{ name: "P", compPercentage: rate }] }],
      licensedStates: ["FL"],
    });
    for (const schema of [setupSchema, carrierUpdateSchema]) {
      for (const rate of [0.1, 100, 105, 150, 999]) expect(schema.safeParse(one(rate)).success, `${rate}`).toBe(true);
      for (const rate of [-1, 0.05, 999.1, 1000]) expect(schema.safeParse(one(rate)).success, `${rate}`).toBe(false);
    }
    expect(setupSchema.safeParse(one(0)).success).toBe(false);
    expect(carrierUpdateSchema.safeParse(one(0)).success).toBe(true);
    expect([0, -1, 999.1, 10.05].map(commissionRateProblem)).toEqual([
      "All products must have a commission percentage greater than 0%.",
      "All products must have a commission percentage greater than 0%.",
      "Commission percentage cannot be more than 999%.",
      "Commission percentage must be in steps of 0.1.",
    ]);
    expect(commissionRateProblem(105)).toBeNull();
  });

  it("a carrier whose only rows are empty has no product yet; a row half filled in keeps its own messages", () => {
    const step2 = (products: unknown[]) =>
      wizardStepSchemas[2].safeParse({ carriers: [{ name: "Aetna", products }] }).error?.issues ?? [];
    for (const empty of [[{ name: "", commissionRate: "" }], [{}], [{ name: " ", compPercentage: null }, {}]]) {
      expect(step2(empty).map((i) => [i.path.join("."), i.message])).toEqual([
        ["carriers.0.products", "Aetna must have at least one product."],
      ]);
    }
    expect(step2([{ name: "", commissionRate: "70" }]).map((i) => [i.path.join("."), i.message])).toEqual([
      ["carriers.0.products.0.name", "Please enter a product name."],
    ]);
  });

  it("refuses a product listed twice under one carrier", () => {
    const result = setupSchema.safeParse({
      carriers: [
        {
          name: "Aetna",
          products: [
            { name: "Level", commissionRate: 1 },
            { name: "level", commissionRate: 2 },
          ],
        },
      ],
      licensedStates: ["FL"],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("level is listed twice for this carrier.");
  });

  it("the wizard's step 1 needs a ticked carrier", () => {
    expect(wizardStepSchemas[1].safeParse({ selectedCarriers: [] }).error?.issues[0]?.message).toBe(
      "Please select at least one carrier.",
    );
    expect(wizardStepSchemas[1].safeParse({ selectedCarriers: ["Aetna"] }).success).toBe(true);
  });
});

describe("setup draft", () => {
  it("a new Combined starts with its four products and empty rates; others with one empty row or none", () => {
    expect(newDraftCarrier("combined", "one-row")).toEqual({
      name: "Combined",
      products: COMBINED_PRODUCTS.map((name) => ({ name, commissionRate: "" })),
    });
    expect(newDraftCarrier("Aetna", "one-row").products).toEqual([{ name: "", commissionRate: "" }]);
    expect(newDraftCarrier("Aetna", "no-rows").products).toEqual([]);
  });

  it("draftFromPayload reads form fields, drops repeated carriers and unknown states, and pins Combined's names", () => {
    const result = draftFromPayload({
      carriers: [
        { name: "Aetna", products: [{ name: "Level", commissionRate: " 80 " }] },
        { name: "aetna", products: [] },
        {
          name: "Combined",
          products: [
            { name: "Hacked", commissionRate: "5" },
            { name: "gl standard", commissionRate: "45" },
          ],
        },
        "junk",
      ],
      licensedStates: ["FL", "tx", "ZZ", "FL"],
    });
    expect(result.carriers.map((c) => c.name)).toEqual(["Aetna", "Combined"]);
    expect(result.carriers[0]!.products).toEqual([{ name: "Level", commissionRate: "80" }]);
    expect(result.carriers[1]!.products.map((p) => `${p.name}=${p.commissionRate}`)).toEqual([
      "GL Preferred=",
      "GL Standard=45",
      "GL Sub Standard=",
      "GL Graded Benefit=",
    ]);
    expect(result.licensedStates).toEqual(["FL", "TX"]);
    expect(draftFromPayload({})).toEqual(EMPTY_DRAFT);
  });

  it("draftFromSetup shows the saved setup with rates as text", () => {
    const result = draftFromSetup({
      carriers: [{ name: "Aetna", products: [{ name: "Level", commissionRate: 80.5 }] }],
      licensedStateCodes: ["FL"],
    });
    expect(result).toEqual({
      carriers: [{ name: "Aetna", products: [{ name: "Level", commissionRate: "80.5" }] }],
      licensedStates: ["FL"],
    });
  });

  it("selectCarriers keeps products of carriers still ticked and adds new ones after them", () => {
    const start = draft([aetna, { name: "Ethos", products: [{ name: "Term", commissionRate: "30" }] }]);
    const next = selectCarriers(start, ["Americo", "aetna"], "one-row");
    expect(next.carriers.map((c) => c.name)).toEqual(["Aetna", "Americo"]);
    expect(next.carriers[0]!.products).toEqual(aetna.products);
  });

  it("addCarrier refuses an empty name and a carrier added twice", () => {
    expect(addCarrier(EMPTY_DRAFT, "  ", "one-row").notice?.text).toBe("Please enter a carrier name.");
    expect(addCarrier(draft([aetna]), "AETNA", "one-row").notice?.text).toBe("A carrier cannot be added twice.");
    expect(addCarrier(draft([aetna]), "Heartland", "one-row").draft.carriers.map((c) => c.name)).toEqual([
      "Aetna",
      "Heartland",
    ]);
  });

  it("removeCarrier keeps at least one carrier", () => {
    expect(removeCarrier(draft([aetna]), 0).notice).toMatchObject({
      title: "Cannot Remove Carrier",
      text: "At least one carrier is required.",
    });
    expect(
      removeCarrier(draft([aetna, newDraftCarrier("Ethos", "one-row")]), 0).draft.carriers.map((c) => c.name),
    ).toEqual(["Ethos"]);
  });

  it("product rows: add an empty row, never on Combined; remove keeps one", () => {
    const withRow = addProductRow(draft([aetna]), 0).draft;
    expect(withRow.carriers[0]!.products).toHaveLength(2);
    expect(addProductRow(draft([newDraftCarrier("Combined", "one-row")]), 0).notice?.text).toMatch(/fixed products/);
    expect(removeProduct(draft([aetna]), 0, 0).notice).toMatchObject({
      title: "Cannot Remove Product",
      text: "Each carrier must have at least one product.",
    });
    expect(removeProduct(withRow, 0, 1).draft.carriers[0]!.products).toEqual(aetna.products);
    expect(removeProduct(draft([newDraftCarrier("Combined", "one-row")]), 0, 0).notice?.text).toMatch(/fixed products/);
  });

  it("appendProduct checks Missing Information and Invalid Commission before adding", () => {
    const start = draft([newDraftCarrier("Ethos", "no-rows")]);
    expect(appendProduct(start, 0, "", "10").notice).toMatchObject({
      title: "Missing Information",
      text: "Please enter product name and commission percentage.",
    });
    expect(appendProduct(start, 0, "Term", "").notice?.title).toBe("Missing Information");
    expect(appendProduct(start, 0, "Term", "0").notice).toMatchObject({
      title: "Invalid Commission",
      text: "Commission percentage must be greater than 0%.",
    });
    expect(appendProduct(start, 0, "Term", "-3").notice?.title).toBe("Invalid Commission");
    expect(appendProduct(start, 0, "Term", "1000").notice?.text).toBe(
      "Commission percentage cannot be more than 999%.",
    );
    expect(appendProduct(start, 0, "Term", "10.25").notice?.text).toBe(
      "Commission percentage must be in steps of 0.1.",
    );
    const added = appendProduct(start, 0, " Term ", "42.5").draft;
    expect(added.carriers[0]!.products).toEqual([{ name: "Term", commissionRate: "42.5" }]);
    expect(appendProduct(added, 0, "term", "5").notice?.text).toBe("term is listed twice for this carrier.");
  });

  it("a typed state is added if not empty, known and not already there", () => {
    expect(addStateEntry(EMPTY_DRAFT, " ").notice?.tone).toBe("error");
    expect(addStateEntry(EMPTY_DRAFT, "Atlantis").notice?.text).toBe("Invalid entries: Atlantis");
    const added = addStateEntry(draft([], ["TX"]), "florida");
    expect(added.draft.licensedStates).toEqual(["FL", "TX"]);
    expect(addStateEntry(added.draft, "FL").notice?.text).toBe("Florida is already in your list.");
  });

  it("select all and clear all", () => {
    expect(selectAllStates(EMPTY_DRAFT).licensedStates).toHaveLength(50);
    expect(clearStates(draft([], ["FL"])).licensedStates).toEqual([]);
  });

  it("bulk entry adds or replaces, reports counts, and applies nothing when an entry is unknown", () => {
    const start = draft([], ["FL"]);
    const bad = applyBulkStates(start, "Texas, Atlantis\nzz", "add");
    expect(bad.notice?.text).toBe("Invalid entries: Atlantis, zz");
    expect(bad.draft).toBe(start);
    const added = applyBulkStates(start, "texas, FL\nga, Georgia", "add");
    expect(added.draft.licensedStates).toEqual(["FL", "GA", "TX"]);
    expect(added.notice).toMatchObject({
      title: "States Added",
      text: "2 states added (1 already selected); 3 states selected in total.",
    });
    const replaced = applyBulkStates(start, "ohio", "replace");
    expect(replaced.draft.licensedStates).toEqual(["OH"]);
    expect(replaced.notice).toMatchObject({ title: "States Replaced", text: "Licensed states replaced with 1 state." });
  });

  it("firstIncompleteStep points at the first step still to do", () => {
    expect(firstIncompleteStep(EMPTY_DRAFT)).toBe(1);
    expect(firstIncompleteStep(draft([newDraftCarrier("Aetna", "one-row")]))).toBe(2);
    expect(firstIncompleteStep(draft([aetna]))).toBe(3);
    expect(firstIncompleteStep(draft([aetna], ["FL"]))).toBe(4);
  });

  it("intents are parsed and dispatched; unknown ones are left to the screen", () => {
    expect(parseIntent("add-carrier:Odd: Name")).toEqual({ kind: "add-carrier", args: ["Odd", " Name"] });
    expect(applyDraftIntent(EMPTY_DRAFT, "add-carrier:Odd: Name", {}, "no-rows")?.draft.carriers[0]?.name).toBe(
      "Odd: Name",
    );
    expect(applyDraftIntent(draft([aetna]), "remove-product:0:0", {}, "one-row")?.notice?.title).toBe(
      "Cannot Remove Product",
    );
    const typed = { newProducts: [{ name: "Term", commissionRate: "12" }] };
    expect(
      applyDraftIntent(draft([newDraftCarrier("Ethos", "no-rows")]), "add-product:0", typed, "no-rows")?.draft
        .carriers[0]?.products,
    ).toHaveLength(1);
    expect(
      applyDraftIntent(EMPTY_DRAFT, "bulk-replace", { bulkStates: "FL" }, "one-row")?.draft.licensedStates,
    ).toEqual(["FL"]);
    expect(applyDraftIntent(EMPTY_DRAFT, "next", {}, "one-row")).toBeNull();
  });

  it("side fields keep what was typed only when their own action failed", () => {
    const payload = { carrierSearch: "om", newCarrier: "Aetna", stateEntry: "Atlantis", bulkStates: "x" };
    const kept = sideInputsAfter(payload, { tone: "error", text: "bad", field: "stateEntry" });
    expect(kept).toMatchObject({ carrierSearch: "om", newCarrier: "", stateEntry: "Atlantis", bulkStates: "" });
  });
});
