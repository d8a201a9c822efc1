import { COMBINED_PRODUCTS, isCombined } from "./carriers";
import { US_STATES, findState, parseBulkStates, stateName } from "./states";
import {
  SETUP_MESSAGES,
  SETUP_NOTICES,
  canonicalCarrierName,
  carrierNameProblem,
  commissionRateProblem,
  wizardStepSchemas,
  type WizardStep,
} from "./schemas/setup";

// The setup screens keep the agent's unsaved choices in the form itself (hidden inputs carried
// from step to step), so they work without JavaScript and without a server-side draft. These
// pure functions are the edits the screens' buttons make to that draft.

type DraftProduct = { name: string; commissionRate: string };
export type DraftCarrier = { name: string; products: DraftProduct[] };
/** Rates stay text so whatever the agent typed survives a failed step; states are codes. */
export type SetupDraft = { carriers: DraftCarrier[]; licensedStates: string[] };

export type DraftNotice = { tone: "error" | "success"; title?: string; text: string; field?: string };
export type DraftEdit = { draft: SetupDraft; notice?: DraftNotice };

/** @internal Exported for tests. */
export const EMPTY_DRAFT: SetupDraft = { carriers: [], licensedStates: [] };

/** How a newly picked carrier starts: the wizard shows one empty product row, the setup screen none. */
export type NewCarrierStyle = "one-row" | "no-rows";

function text(value: unknown) {
  return typeof value === "string" ? value : typeof value === "number" ? String(value) : "";
}

function list(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  return value === undefined || value === null || value === "" ? [] : [value];
}

/** Combined always shows its four fixed names; rates typed against them are kept by name. */
function fixCombined(products: DraftProduct[]): DraftProduct[] {
  return COMBINED_PRODUCTS.map((name) => {
    const typed = products.find((p) => p.name.trim().toLowerCase() === name.toLowerCase());
    return { name, commissionRate: typed?.commissionRate ?? "" };
  });
}

/** @internal A draft edit exported for its unit test; the screens apply it through applyDraftIntent. */
export function newDraftCarrier(rawName: string, style: NewCarrierStyle): DraftCarrier {
  const name = canonicalCarrierName(rawName);
  if (isCombined(name)) return { name, products: fixCombined([]) };
  return { name, products: style === "one-row" ? [{ name: "", commissionRate: "" }] : [] };
}

/** Reads the draft back from a submitted form (conform's parsed payload), tolerating anything. */
export function draftFromPayload(payload: Record<string, unknown>): SetupDraft {
  const carriers: DraftCarrier[] = [];
  for (const raw of list(payload.carriers)) {
    if (!raw || typeof raw !== "object") continue;
    const entry = raw as Record<string, unknown>;
    const name = canonicalCarrierName(text(entry.name));
    if (!name || carriers.some((c) => c.name.toLowerCase() === name.toLowerCase())) continue;
    const products = list(entry.products).map((p) => {
      const product = (p && typeof p === "object" ? p : {}) as Record<string, unknown>;
      return { name: text(product.name), commissionRate: text(product.commissionRate).trim() };
    });
    carriers.push({ name, products: isCombined(name) ? fixCombined(products) : products });
  }
  const licensedStates: string[] = [];
  for (const raw of list(payload.licensedStates)) {
    const state = findState(text(raw));
    if (state && !licensedStates.includes(state.code)) licensedStates.push(state.code);
  }
  return { carriers, licensedStates };
}

/** The saved setup as a draft, so the screens can revise it. */
export function draftFromSetup(setup: {
  carriers: { name: string; products: { name: string; commissionRate: number }[] }[];
  licensedStateCodes: string[];
}): SetupDraft {
  return {
    carriers: setup.carriers.map((c) => {
      const products = c.products.map((p) => ({ name: p.name, commissionRate: String(p.commissionRate) }));
      return { name: c.name, products: isCombined(c.name) ? fixCombined(products) : products };
    }),
    licensedStates: [...setup.licensedStateCodes],
  };
}

/**
 * Makes the ticked carriers the selection: carriers still ticked keep their products, newly
 * ticked ones are added after them.
 */
export function selectCarriers(draft: SetupDraft, names: string[], style: NewCarrierStyle): SetupDraft {
  const wanted: string[] = [];
  for (const raw of names) {
    const name = canonicalCarrierName(raw);
    if (name && !wanted.some((w) => w.toLowerCase() === name.toLowerCase())) wanted.push(name);
  }
  const kept = draft.carriers.filter((c) => wanted.some((w) => w.toLowerCase() === c.name.toLowerCase()));
  const added = wanted
    .filter((w) => !kept.some((c) => c.name.toLowerCase() === w.toLowerCase()))
    .map((w) => newDraftCarrier(w, style));
  return { ...draft, carriers: [...kept, ...added] };
}

/** @internal A draft edit exported for its unit test; the screens apply it through applyDraftIntent. */
export function addCarrier(
  draft: SetupDraft,
  rawName: string,
  style: NewCarrierStyle,
  field = "newCarrier",
): DraftEdit {
  const problem = carrierNameProblem(rawName);
  if (problem) return { draft, notice: { tone: "error", text: problem, field } };
  const name = canonicalCarrierName(rawName);
  if (draft.carriers.some((c) => c.name.toLowerCase() === name.toLowerCase())) {
    return { draft, notice: { tone: "error", text: SETUP_MESSAGES.duplicateCarrier, field } };
  }
  return { draft: { ...draft, carriers: [...draft.carriers, newDraftCarrier(name, style)] } };
}

/** @internal A draft edit exported for its unit test; the screens apply it through applyDraftIntent. */
export function removeCarrier(draft: SetupDraft, index: number): DraftEdit {
  if (!draft.carriers[index]) return { draft };
  if (draft.carriers.length <= 1) {
    return {
      draft,
      notice: {
        tone: "error",
        title: SETUP_NOTICES.cannotRemoveCarrier.title,
        text: SETUP_NOTICES.cannotRemoveCarrier.description,
      },
    };
  }
  return { draft: { ...draft, carriers: draft.carriers.filter((_, i) => i !== index) } };
}

function withCarrier(draft: SetupDraft, index: number, change: (c: DraftCarrier) => DraftCarrier): SetupDraft {
  return { ...draft, carriers: draft.carriers.map((c, i) => (i === index ? change(c) : c)) };
}

/**
 * The wizard's Add Product: a new empty row to fill in. Combined's list is fixed.
 * @internal A draft edit exported for its unit test; the screens apply it through applyDraftIntent.
 */
export function addProductRow(draft: SetupDraft, index: number): DraftEdit {
  const carrier = draft.carriers[index];
  if (!carrier) return { draft };
  if (isCombined(carrier.name)) return { draft, notice: { tone: "error", text: SETUP_MESSAGES.combinedFixed } };
  return {
    draft: withCarrier(draft, index, (c) => ({ ...c, products: [...c.products, { name: "", commissionRate: "" }] })),
  };
}

/**
 * The setup screen's Add: a filled-in product, checked before it joins the list.
 * @internal A draft edit exported for its unit test; the screens apply it through applyDraftIntent.
 */
export function appendProduct(draft: SetupDraft, index: number, name: string, rate: string): DraftEdit {
  const carrier = draft.carriers[index];
  if (!carrier) return { draft };
  const field = `newProducts[${index}]`;
  if (isCombined(carrier.name)) return { draft, notice: { tone: "error", text: SETUP_MESSAGES.combinedFixed, field } };
  const productName = name.trim();
  if (!productName || !rate.trim()) {
    return {
      draft,
      notice: {
        tone: "error",
        title: SETUP_NOTICES.missingInformation.title,
        text: SETUP_NOTICES.missingInformation.description,
        field,
      },
    };
  }
  const value = Number(rate);
  if (!Number.isFinite(value) || value <= 0) {
    return {
      draft,
      notice: {
        tone: "error",
        title: SETUP_NOTICES.invalidCommission.title,
        text: SETUP_NOTICES.invalidCommission.description,
        field,
      },
    };
  }
  // Above 0 is checked first, with its titled notice; the rest of the one rule says its own message.
  const problem = commissionRateProblem(value);
  if (problem) return { draft, notice: { tone: "error", text: problem, field } };
  if (carrier.products.some((p) => p.name.trim().toLowerCase() === productName.toLowerCase())) {
    return { draft, notice: { tone: "error", text: SETUP_MESSAGES.duplicateProduct(productName), field } };
  }
  return {
    draft: withCarrier(draft, index, (c) => ({
      ...c,
      products: [...c.products, { name: productName, commissionRate: rate.trim() }],
    })),
  };
}

/** @internal A draft edit exported for its unit test; the screens apply it through applyDraftIntent. */
export function removeProduct(draft: SetupDraft, index: number, productIndex: number): DraftEdit {
  const carrier = draft.carriers[index];
  if (!carrier?.products[productIndex]) return { draft };
  if (isCombined(carrier.name)) return { draft, notice: { tone: "error", text: SETUP_MESSAGES.combinedFixed } };
  if (carrier.products.length <= 1) {
    return {
      draft,
      notice: {
        tone: "error",
        title: SETUP_NOTICES.cannotRemoveProduct.title,
        text: SETUP_NOTICES.cannotRemoveProduct.description,
      },
    };
  }
  return {
    draft: withCarrier(draft, index, (c) => ({ ...c, products: c.products.filter((_, j) => j !== productIndex) })),
  };
}

function sortCodes(codes: string[]) {
  return [...codes].sort((a, b) => stateName(a).localeCompare(stateName(b), "en-US"));
}

/**
 * A typed state joins the list if it is not empty, is a state, and is not there already.
 * @internal A draft edit exported for its unit test; the screens apply it through applyDraftIntent.
 */
export function addStateEntry(draft: SetupDraft, entry: string): DraftEdit {
  const typed = entry.trim();
  if (!typed)
    return { draft, notice: { tone: "error", text: "Please enter a state name or code.", field: "stateEntry" } };
  const state = findState(typed);
  if (!state)
    return { draft, notice: { tone: "error", text: SETUP_MESSAGES.invalidStates([typed]), field: "stateEntry" } };
  if (draft.licensedStates.includes(state.code)) {
    return { draft, notice: { tone: "error", text: `${state.name} is already in your list.`, field: "stateEntry" } };
  }
  return {
    draft: { ...draft, licensedStates: sortCodes([...draft.licensedStates, state.code]) },
    notice: { tone: "success", text: `${state.name} added.` },
  };
}

/** @internal A draft edit exported for its unit test; the screens apply it through applyDraftIntent. */
export function selectAllStates(draft: SetupDraft): SetupDraft {
  return { ...draft, licensedStates: US_STATES.map((s) => s.code) };
}

/** @internal A draft edit exported for its unit test; the screens apply it through applyDraftIntent. */
export function clearStates(draft: SetupDraft): SetupDraft {
  return { ...draft, licensedStates: [] };
}

const plural = (n: number) => `${n} ${n === 1 ? "state" : "states"}`;

/**
 * Bulk entry: names or codes separated by commas or new lines. Any unknown entry means nothing
 * is applied and every unknown entry is listed.
 * @internal A draft edit exported for its unit test; the screens apply it through applyDraftIntent.
 */
export function applyBulkStates(draft: SetupDraft, textValue: string, mode: "add" | "replace"): DraftEdit {
  const { states, invalid } = parseBulkStates(textValue);
  if (invalid.length)
    return { draft, notice: { tone: "error", text: SETUP_MESSAGES.invalidStates(invalid), field: "bulkStates" } };
  if (states.length === 0)
    return {
      draft,
      notice: {
        tone: "error",
        text: "Enter state names or codes, separated by commas or new lines.",
        field: "bulkStates",
      },
    };
  const codes = states.map((s) => s.code);
  if (mode === "replace") {
    return {
      draft: { ...draft, licensedStates: sortCodes(codes) },
      notice: {
        tone: "success",
        title: "States Replaced",
        text: `Licensed states replaced with ${plural(codes.length)}.`,
      },
    };
  }
  const fresh = codes.filter((c) => !draft.licensedStates.includes(c));
  const merged = sortCodes([...draft.licensedStates, ...fresh]);
  const already = codes.length - fresh.length;
  return {
    draft: { ...draft, licensedStates: merged },
    notice: {
      tone: "success",
      title: "States Added",
      text: `${plural(fresh.length)} added${already ? ` (${already} already selected)` : ""}; ${plural(merged.length)} selected in total.`,
    },
  };
}

/** The form fields a draft posts as, so a step can be validated with its schema. */
function draftAsPayload(draft: SetupDraft) {
  return {
    selectedCarriers: draft.carriers.map((c) => c.name),
    carriers: draft.carriers.map((c) => ({ name: c.name, products: c.products.map((p) => ({ ...p })) })),
    licensedStates: [...draft.licensedStates],
  };
}

/** The first wizard step the draft does not yet satisfy (4, Review, when all are done). */
export function firstIncompleteStep(draft: SetupDraft): WizardStep {
  const payload = draftAsPayload(draft);
  for (const step of [1, 2, 3] as const) {
    if (!wizardStepSchemas[step].safeParse(payload).success) return step;
  }
  return 4;
}

/**
 * A button's intent ("remove-product:0:2") split into its kind and arguments.
 * @internal Exported for its unit test.
 */
export function parseIntent(intent: string): { kind: string; args: string[] } {
  const [kind = "", ...rest] = intent.split(":");
  return { kind, args: rest };
}

function at(value: unknown, index: number): Record<string, unknown> {
  const entry = list(value)[index];
  return entry && typeof entry === "object" ? (entry as Record<string, unknown>) : {};
}

/**
 * The draft-editing buttons both setup screens share. Returns null for an intent that is not
 * a draft edit (next, finish, skip ...), which the screen handles itself.
 */
export function applyDraftIntent(
  draft: SetupDraft,
  intent: string,
  payload: Record<string, unknown>,
  style: NewCarrierStyle,
): DraftEdit | null {
  const { kind, args } = parseIntent(intent);
  const index = Number(args[0]);
  switch (kind) {
    case "add-carrier":
      return args.length
        ? addCarrier(draft, args.join(":"), style, "carrierSearch")
        : addCarrier(draft, text(payload.newCarrier), style, "newCarrier");
    case "remove-carrier":
      return removeCarrier(draft, index);
    case "add-product": {
      if (style === "one-row") return addProductRow(draft, index);
      const typed = at(payload.newProducts, index);
      return appendProduct(draft, index, text(typed.name), text(typed.commissionRate));
    }
    case "remove-product":
      return removeProduct(draft, index, Number(args[1]));
    case "add-state":
      return addStateEntry(draft, text(payload.stateEntry));
    case "select-all-states":
      return { draft: selectAllStates(draft) };
    case "clear-states":
      return { draft: clearStates(draft) };
    case "bulk-add":
      return applyBulkStates(draft, text(payload.bulkStates), "add");
    case "bulk-replace":
      return applyBulkStates(draft, text(payload.bulkStates), "replace");
    default:
      return null;
  }
}

/** What the agent typed into the side fields, kept only when their own action failed. */
export type SideInputs = {
  carrierSearch: string;
  newCarrier: string;
  stateEntry: string;
  bulkStates: string;
  newProducts: { name: string; commissionRate: string }[];
};

export function sideInputsAfter(payload: Record<string, unknown>, notice?: DraftNotice): SideInputs {
  const failed = (field: string) => notice?.tone === "error" && notice.field === field;
  return {
    carrierSearch: text(payload.carrierSearch),
    newCarrier: failed("newCarrier") ? text(payload.newCarrier) : "",
    stateEntry: failed("stateEntry") ? text(payload.stateEntry) : "",
    bulkStates: failed("bulkStates") ? text(payload.bulkStates) : "",
    newProducts: list(payload.newProducts).map((_, i) =>
      failed(`newProducts[${i}]`)
        ? {
            name: text(at(payload.newProducts, i).name),
            commissionRate: text(at(payload.newProducts, i).commissionRate),
          }
        : { name: "", commissionRate: "" },
    ),
  };
}

export const EMPTY_SIDE_INPUTS: SideInputs = {
  carrierSearch: "",
  newCarrier: "",
  stateEntry: "",
  bulkStates: "",
  newProducts: [],
};
