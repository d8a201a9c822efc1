import { z } from "zod";
import { requiredText } from "./fields";
import { carrierUpdateSchema } from "./setup";

// The agent's profile (part 2, sections 2, 5 and 7). Personal Info edits the names and the phone;
// PUT /api/agent/profile and the edit page save those with the carriers, products and licensed
// states, validated by the same rules as the carrier panel (carrierUpdateSchema).

export const PROFILE_MESSAGES = {
  firstName: "First name is required",
  lastName: "Last name is required",
  phone: "Phone is required",
  phoneInvalid: "Please enter a valid phone number (at least 10 digits)",
  updated: "Profile updated successfully",
  carriersUpdated: "Carriers updated",
} as const;

export const personalInfoSchema = z.object({
  firstName: requiredText("First name", 100, {
    required: PROFILE_MESSAGES.firstName,
    tooLong: "At most 100 characters.",
  }),
  lastName: requiredText("Last name", 100, { required: PROFILE_MESSAGES.lastName, tooLong: "At most 100 characters." }),
  phone: requiredText("Phone", 32, { required: PROFILE_MESSAGES.phone, tooLong: "At most 32 characters." }).refine(
    (v) => v.replace(/\D/g, "").length >= 10,
    PROFILE_MESSAGES.phoneInvalid,
  ),
});

const MAX_ENTRIES = 500;

type LooseCarrier = { id?: unknown; name?: unknown; products: unknown[] };

function isRecord(value: unknown): value is Record<string, unknown> {
  return Boolean(value) && typeof value === "object" && !Array.isArray(value);
}

/**
 * A product as the profile speaks it: "carrier:productName:compPercentage" (the GET answer's
 * strings) or { carrier | carrierName, name, compPercentage | commissionRate }. The product name
 * may itself hold a colon, so the carrier is the first part and the rate the last.
 */
function readProduct(entry: unknown): { carrier: string; product: Record<string, unknown> } | null {
  if (typeof entry === "string") {
    const parts = entry.split(":");
    if (parts.length < 3) return null;
    const rate = parts.pop()!;
    const carrier = parts.shift()!;
    return { carrier: carrier.trim(), product: { name: parts.join(":"), compPercentage: rate } };
  }
  if (!isRecord(entry)) return null;
  const carrier = entry.carrier ?? entry.carrierName;
  const name = isRecord(carrier) ? carrier.name : carrier;
  return typeof name === "string" ? { carrier: name.trim(), product: entry } : null;
}

/**
 * The two shapes of part 2 section 7 made one: carriers given as names or as { name, products },
 * and products given apart (strings or objects naming their carrier) joined to their carrier. A
 * product whose carrier is not listed brings its carrier with it. Anything unreadable is left for
 * the carrier schema to refuse with its message.
 */
function joinCarriersAndProducts(carriers: unknown, products: unknown): unknown {
  if (carriers !== undefined && !Array.isArray(carriers)) return carriers;
  if (products !== undefined && !Array.isArray(products)) return { invalid: true };
  const joined: LooseCarrier[] = [];
  const find = (name: string) =>
    joined.find((c) => typeof c.name === "string" && c.name.trim().toLowerCase() === name.toLowerCase());
  for (const entry of (carriers ?? []).slice(0, MAX_ENTRIES)) {
    if (typeof entry === "string") joined.push({ name: entry, products: [] });
    else if (isRecord(entry))
      joined.push({
        id: entry.id,
        name: entry.name,
        products: Array.isArray(entry.products) ? [...entry.products] : [],
      });
    else joined.push({ name: entry, products: [] });
  }
  for (const entry of ((products as unknown[] | undefined) ?? []).slice(0, MAX_ENTRIES)) {
    const read = readProduct(entry);
    if (!read) return { invalidProduct: true };
    let carrier = find(read.carrier);
    if (!carrier) {
      carrier = { name: read.carrier, products: [] };
      joined.push(carrier);
    }
    carrier.products.push(read.product);
  }
  return joined.map(({ id, ...rest }) => (id === undefined ? rest : { id, ...rest }));
}

const PRODUCT_FORMAT = "Products must be carrier:productName:compPercentage strings or objects naming their carrier.";

/**
 * PUT /api/agent/profile, either { firstName, lastName, phone, carriers, products, licensedStates }
 * or the edit page's { basicInfo: { firstName, lastName, phone }, carriers, products, licensedStates }.
 * Carriers (with products) and licensed states are each optional: what is left out stays as it is.
 */
export const profileUpdateSchema = z.preprocess(
  (value) => {
    if (!isRecord(value)) return value;
    const basicInfo = isRecord(value.basicInfo)
      ? value.basicInfo
      : { firstName: value.firstName, lastName: value.lastName, phone: value.phone };
    const hasCarriers = value.carriers !== undefined || value.products !== undefined;
    return {
      basicInfo,
      ...(hasCarriers ? { carriers: joinCarriersAndProducts(value.carriers, value.products) } : {}),
      ...(value.licensedStates !== undefined ? { licensedStates: value.licensedStates } : {}),
    };
  },
  z.object({
    basicInfo: personalInfoSchema,
    carriers: z
      .unknown()
      .superRefine((value, ctx) => {
        if (isRecord(value) && (value.invalid || value.invalidProduct))
          ctx.addIssue({ code: z.ZodIssueCode.custom, message: PRODUCT_FORMAT });
      })
      .pipe(carrierUpdateSchema.shape.carriers)
      .optional(),
    licensedStates: carrierUpdateSchema.shape.licensedStates.optional(),
  }),
);

/** The edit page's form: the basic info beside the carrier panel's fields, all saved at once. */
export const profileEditFormSchema = personalInfoSchema.merge(carrierUpdateSchema);
