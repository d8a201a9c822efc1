import { z } from "zod";
import { COMBINED_CARRIER, COMBINED_PRODUCTS, PRESET_CARRIERS, isCombined } from "../carriers";
import { parseBulkStates } from "../states";
import { COMMISSION_RATE_LIMITS } from "../commission-rate-limits";
import { boundedList } from "./lists";

// Carrier, product and licensed-state rules (part 2, section 5). The setup wizard, the
// alternative setup screen, POST /api/agent/setup and PUT /api/agent/carriers all validate with
// these schemas, and the service validates again, so no path can store what another refuses.

/** Custom carrier names are shown to the public (the application form), so they are kept short. */
const CARRIER_NAME_MAX_LENGTH = 60;

export const SETUP_MESSAGES = {
  noCarrier: "Please select at least one carrier.",
  noProduct: (carrier: string) => `${carrier} must have at least one product.`,
  ratePositive: "All products must have a commission percentage greater than 0%.",
  rateMax: "Commission percentage cannot be more than 999%.",
  rateStep: "Commission percentage must be in steps of 0.1.",
  productName: "Please enter a product name.",
  duplicateProduct: (product: string) => `${product} is listed twice for this carrier.`,
  carrierName: "Please enter a carrier name.",
  carrierNameLength: `Carrier names can be at most ${CARRIER_NAME_MAX_LENGTH} characters.`,
  carrierNameCharacters:
    "Carrier names can only use letters, numbers, spaces and punctuation (no control or text-direction characters).",
  duplicateCarrier: "A carrier cannot be added twice.",
  combinedFixed: `${COMBINED_CARRIER} has four fixed products: ${COMBINED_PRODUCTS.join(", ")}. Only their commission percentages can be set.`,
  noState: "Please select at least one licensed state.",
  noStateProfile: "At least one licensed state is required.",
  invalidStates: (entries: string[]) => `Invalid entries: ${entries.join(", ")}`,
} as const;

/** Titled messages of the alternative setup screen and the carrier panels. */
export const SETUP_NOTICES = {
  cannotRemoveCarrier: { title: "Cannot Remove Carrier", description: "At least one carrier is required." },
  cannotRemoveProduct: { title: "Cannot Remove Product", description: "Each carrier must have at least one product." },
  missingInformation: {
    title: "Missing Information",
    description: "Please enter product name and commission percentage.",
  },
  invalidCommission: { title: "Invalid Commission", description: "Commission percentage must be greater than 0%." },
  licensedStateRequired: { title: "Validation Error", description: SETUP_MESSAGES.noStateProfile },
} as const;

const MAX_CARRIERS = 60;
const MAX_PRODUCTS_PER_CARRIER = 40;

/**
 * A multiple of 0.1, allowing for binary floating point (0.3 is 0.30000000000000004).
 * @internal Exported for its unit test.
 */
export function isRateStep(value: number) {
  return Math.abs(value * 10 - Math.round(value * 10)) < 1e-6;
}

/**
 * Anything that is not a visible character or a plain space: control characters (C0, DEL, C1),
 * format characters (the direction marks, embeddings, overrides and isolates U+200E/F, U+202A-E,
 * U+2066-9 and U+061C, zero-width characters, the BOM), lone surrogates, private-use and
 * unassigned code points, and the line and paragraph separators. A direction override in a
 * carrier name would reorder the text around it wherever the name is shown.
 */
const UNPRINTABLE = /[\p{C}\p{Zl}\p{Zp}]/u;

/**
 * What is wrong with a carrier name an agent typed, or null. Checked on the name as typed
 * (after trimming), so a tab or line break is refused rather than quietly turned into a space;
 * the length counts characters as people see them (code points) in the name as it is saved.
 */
export function carrierNameProblem(raw: string): string | null {
  const name = raw.trim();
  if (!name) return SETUP_MESSAGES.carrierName;
  if (UNPRINTABLE.test(name)) return SETUP_MESSAGES.carrierNameCharacters;
  if ([...canonicalCarrierName(name)].length > CARRIER_NAME_MAX_LENGTH) return SETUP_MESSAGES.carrierNameLength;
  return null;
}

/** Trims and collapses inner spaces; a preset typed in any case becomes the preset's spelling. */
export function canonicalCarrierName(raw: string) {
  const name = raw.trim().replace(/\s+/g, " ");
  const preset = PRESET_CARRIERS.find((p) => p.toLowerCase() === name.toLowerCase());
  return preset ?? name;
}

/**
 * Combined sells exactly its four fixed products. Names are matched case-insensitively and
 * come back in the catalogue's spelling and order; anything else (missing, extra, renamed or
 * repeated products) is refused rather than silently dropped.
 */
export function normalizeCombinedProducts<P extends { name: string }>(products: P[]): P[] | null {
  if (products.length !== COMBINED_PRODUCTS.length) return null;
  const byName = new Map<string, P>();
  for (const product of products) {
    const fixed = COMBINED_PRODUCTS.find((n) => n.toLowerCase() === product.name.trim().toLowerCase());
    if (!fixed || byName.has(fixed)) return null;
    byName.set(fixed, { ...product, name: fixed });
  }
  return COMBINED_PRODUCTS.map((name) => byName.get(name)!);
}

/** Form fields arrive as text; JSON clients may send numbers or numeric strings. */
function toNumberish(value: unknown) {
  if (value === null || value === undefined) return undefined;
  if (typeof value === "string") {
    const text = value.trim();
    return text === "" ? undefined : Number(text);
  }
  return value;
}

/** What is wrong with a commission rate under the one rule (decision 041), or null. */
export function commissionRateProblem(value: number): string | null {
  if (!Number.isFinite(value) || value <= 0) return SETUP_MESSAGES.ratePositive;
  if (value > COMMISSION_RATE_LIMITS.max) return SETUP_MESSAGES.rateMax;
  if (!isRateStep(value)) return SETUP_MESSAGES.rateStep;
  return null;
}

type RateKind = "setup" | "update";

/**
 * A rate as posted. "setup" holds every rate to the rule. "update" (the profile and the carrier
 * panel, which revise rates already saved) also lets 0 through, as the profile's former 0-to-100
 * rule could have saved it: the service keeps such a rate while it is unchanged and refuses it
 * once it is new or changed (assertChangedRatesFollowRule), so a save never fails over a row the
 * agent did not touch.
 */
const commissionRate = (kind: RateKind) =>
  z.preprocess(
    toNumberish,
    z
      .number({ required_error: SETUP_MESSAGES.ratePositive, invalid_type_error: SETUP_MESSAGES.ratePositive })
      .superRefine((value, ctx) => {
        if (kind === "update" && value === 0) return;
        const problem = commissionRateProblem(value);
        if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, message: problem });
      }),
  );

function productSchema(kind: RateKind) {
  // The wizard calls the rate commissionRate, the rest of the product compPercentage (part 2,
  // section 3); both are accepted and the value is known as commissionRate from here on.
  return z.preprocess(
    (value) => {
      if (!value || typeof value !== "object" || Array.isArray(value)) return value;
      const product = value as Record<string, unknown>;
      return { ...product, commissionRate: product.commissionRate ?? product.compPercentage };
    },
    z.object({
      id: z.string().optional(),
      name: z
        .string({ required_error: SETUP_MESSAGES.productName, invalid_type_error: SETUP_MESSAGES.productName })
        .trim()
        .min(1, SETUP_MESSAGES.productName)
        .max(120, "Product names can be at most 120 characters."),
      commissionRate: commissionRate(kind),
    }),
  );
}

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === "string" && value.trim() === "");

/** A product row with nothing typed in it (a form sends an empty box as nothing at all). */
function isBlankProduct(value: unknown) {
  if (isBlank(value)) return true;
  if (typeof value !== "object" || Array.isArray(value)) return false;
  const product = value as Record<string, unknown>;
  return isBlank(product.name) && isBlank(product.commissionRate) && isBlank(product.compPercentage);
}

function carrierSchema(kind: RateKind) {
  return z
    .object({
      id: z.string().trim().optional(),
      name: z.string({ invalid_type_error: SETUP_MESSAGES.carrierName }).trim().optional(),
      products: boundedList(
        MAX_PRODUCTS_PER_CARRIER,
        z.preprocess(
          // The wizard gives a new carrier one empty row: left as it is, the carrier has no product
          // yet ("{carrier} must have at least one product."), not a product missing its name and rate.
          (value) => (Array.isArray(value) && value.length > 0 && value.every(isBlankProduct) ? [] : value),
          z
            .array(productSchema(kind), { invalid_type_error: "Products must be a list." })
            .max(MAX_PRODUCTS_PER_CARRIER, `A carrier can have at most ${MAX_PRODUCTS_PER_CARRIER} products.`),
        ),
      ).default([]),
    })
    .transform((carrier, ctx) => {
      // A carrier chosen by id may come without its name; a name that is given is always checked.
      const problem = carrier.name || !carrier.id ? carrierNameProblem(carrier.name ?? "") : null;
      if (problem) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["name"], message: problem });
        return z.NEVER;
      }
      const name = carrier.name ? canonicalCarrierName(carrier.name) : "";
      if (carrier.products.length === 0) {
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          path: ["products"],
          message: SETUP_MESSAGES.noProduct(name || "Each carrier"),
        });
        return z.NEVER;
      }
      let products = carrier.products;
      if (name && isCombined(name)) {
        const fixed = normalizeCombinedProducts(products);
        if (!fixed) {
          ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["products"], message: SETUP_MESSAGES.combinedFixed });
          return z.NEVER;
        }
        products = fixed;
      }
      const seen = new Set<string>();
      for (const [index, product] of products.entries()) {
        const key = product.name.toLowerCase();
        if (seen.has(key)) {
          ctx.addIssue({
            code: z.ZodIssueCode.custom,
            path: ["products", index, "name"],
            message: SETUP_MESSAGES.duplicateProduct(product.name),
          });
          return z.NEVER;
        }
        seen.add(key);
      }
      return { id: carrier.id || undefined, name, products };
    });
}

function carriersSchema(kind: RateKind) {
  return boundedList(
    MAX_CARRIERS,
    z
      .array(carrierSchema(kind), { invalid_type_error: "Carriers must be a list." })
      .max(MAX_CARRIERS, `At most ${MAX_CARRIERS} carriers can be added.`),
  )
    .default([])
    .superRefine((carriers, ctx) => {
      if (carriers.length === 0) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: SETUP_MESSAGES.noCarrier });
        return;
      }
      // A carrier that already failed its own checks has no value here; nothing more to compare.
      if (carriers.some((carrier) => typeof carrier?.name !== "string")) return;
      const seen = new Set<string>();
      carriers.forEach((carrier, index) => {
        const key = carrier.id ? `id:${carrier.id}` : `name:${carrier.name.toLowerCase()}`;
        if (seen.has(key)) {
          ctx.addIssue({
            code: z.ZodIssueCode.custom,
            path: [index, "name"],
            message: SETUP_MESSAGES.duplicateCarrier,
          });
        }
        seen.add(key);
      });
    });
}

/** Full names or two-letter codes, any case, duplicates dropped; the value is the list of codes. */
function licensedStatesSchema(emptyMessage: string) {
  return z
    .preprocess(
      // A plain text list ("FL, Texas") is read like the bulk-entry box.
      (value) => (typeof value === "string" ? value.split(/[,\r\n]+/) : value),
      boundedList(
        200,
        z
          .array(z.string({ invalid_type_error: "Licensed states must be state names or codes." }), {
            invalid_type_error: "Licensed states must be a list of state names or codes.",
          })
          .max(200, "Too many licensed states."),
      ),
    )
    .default([])
    .transform((entries, ctx) => {
      const { states, invalid } = parseBulkStates(entries.join("\n"));
      if (invalid.length) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: SETUP_MESSAGES.invalidStates(invalid) });
        return z.NEVER;
      }
      if (states.length === 0) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: emptyMessage });
        return z.NEVER;
      }
      return states.map((s) => s.code);
    });
}

/** POST /api/agent/setup, the wizard's Confirm & Finish and the setup screen's Complete Setup. */
export const setupSchema = z.object({
  carriers: carriersSchema("setup"),
  licensedStates: licensedStatesSchema(SETUP_MESSAGES.noState),
});

/** PUT /api/agent/carriers and the profile: the same rule, with a saved 0% kept while unchanged. */
export const carrierUpdateSchema = z.object({
  carriers: carriersSchema("update"),
  licensedStates: licensedStatesSchema(SETUP_MESSAGES.noStateProfile),
});

/** POST /api/agent/setup with {"skip": true} is Skip for Now. */
export const setupSkipFlagSchema = z
  .object({ skip: z.preprocess((v) => v === true || v === "true", z.boolean()).optional() })
  .passthrough();

// The wizard validates one step at a time; each step has its own schema over the same fields.
export const wizardStepSchemas = {
  1: z.object({
    selectedCarriers: boundedList(
      MAX_CARRIERS,
      z
        .array(z.string())
        .min(1, SETUP_MESSAGES.noCarrier)
        .max(MAX_CARRIERS, `At most ${MAX_CARRIERS} carriers can be added.`),
    ),
  }),
  2: z.object({ carriers: carriersSchema("setup") }),
  3: z.object({ licensedStates: licensedStatesSchema(SETUP_MESSAGES.noState) }),
  4: setupSchema,
} as const;

export type WizardStep = keyof typeof wizardStepSchemas;

/** Zod issues as field messages keyed by dotted path ("carriers.0.products.1.name"). */
export function setupFieldErrors(error: z.ZodError) {
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "_form";
    (fieldErrors[key] ??= []).push(issue.message);
  }
  return fieldErrors;
}
