// The choices of a lead's application (part 2, section 3): the public form, the agent's edit and
// every view of a lead show them. Plain data, no schema code, so a page that only shows a lead
// does not ship the validation library.

export const GENDERS = [
  { value: "male", label: "Male" },
  { value: "female", label: "Female" },
  { value: "other", label: "Other" },
] as const;

export const MARITAL_STATUSES = [
  { value: "single", label: "Single" },
  { value: "married", label: "Married" },
  { value: "divorced", label: "Divorced" },
  { value: "widowed", label: "Widowed" },
] as const;

export const PHONE_TYPES = [
  { value: "mobile", label: "Mobile" },
  { value: "home", label: "Home" },
  { value: "work", label: "Work" },
] as const;

export const RELATIONSHIPS = [
  { value: "spouse", label: "Spouse" },
  { value: "partner", label: "Partner" },
  { value: "son", label: "Son" },
  { value: "daughter", label: "Daughter" },
  { value: "step_child", label: "Step child" },
  { value: "grandson", label: "Grandson" },
  { value: "granddaughter", label: "Granddaughter" },
  { value: "brother", label: "Brother" },
  { value: "sister", label: "Sister" },
  { value: "nephew", label: "Nephew" },
  { value: "niece", label: "Niece" },
  { value: "cousin", label: "Cousin" },
  { value: "father", label: "Father" },
  { value: "mother", label: "Mother" },
  { value: "friend", label: "Friend" },
  { value: "other", label: "Other" },
] as const;

export const PAYMENT_METHODS = [
  { value: "checking", label: "Checking account" },
  { value: "savings", label: "Savings account" },
  { value: "debit", label: "Debit card" },
  { value: "credit", label: "Credit card" },
] as const;

export const BANK_METHODS: readonly string[] = ["checking", "savings"];
export const CARD_METHODS: readonly string[] = ["debit", "credit"];

/**
 * Every method a lead may be stored with: part 2's four (the public application's, above) and
 * part 1's paper "check", which has neither bank nor card fields. The lead dialogs (admin and
 * agent) offer all five; decision 045 relates part 1's names to them.
 */
export const LEAD_PAYMENT_METHODS = [...PAYMENT_METHODS, { value: "check", label: "Paper check" }] as const;

/**
 * The lead dialogs' Payment method select, grouped under part 1's names (bank, card, check):
 * "checking" is part 1's name too, a bank draft like savings.
 */
export const PAYMENT_METHOD_GROUPS = [
  { label: "Bank (draft from a checking or savings account)", values: BANK_METHODS },
  { label: "Card", values: CARD_METHODS },
  { label: "Check", values: ["check"] },
] as const;

/**
 * The message for a payment method that is not one of LEAD_PAYMENT_METHODS: part 1's "bank" and
 * "card" name a kind, not a method, so an API client sending one is told which to send instead.
 */
export function paymentMethodMessage(value: unknown) {
  const kind = String(value).trim().toLowerCase();
  if (kind === "bank") return "A bank draft is checking or savings: please select one of them";
  if (kind === "card") return "A card is debit or credit: please select one of them";
  return "Please select a payment method";
}

/** The label of a value among `options`; the value itself when it is not one of them; null for none. */
export function optionLabel<T extends readonly { value: string; label: string }[]>(options: T, value: string | null) {
  return value ? (options.find((o) => o.value === value)?.label ?? value) : null;
}
