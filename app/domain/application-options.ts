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

export type PaymentMethod = (typeof PAYMENT_METHODS)[number]["value"];
export const BANK_METHODS: readonly string[] = ["checking", "savings"];
export const CARD_METHODS: readonly string[] = ["debit", "credit"];

/** The label of a value among `options`; the value itself when it is not one of them; null for none. */
export function optionLabel<T extends readonly { value: string; label: string }[]>(options: T, value: string | null) {
  return value ? (options.find((o) => o.value === value)?.label ?? value) : null;
}
