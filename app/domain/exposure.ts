// Chargeback exposure (issue 26 item 4, decision 075) in the words every page that shows it uses.

/** What the figure is. */
export const EXPOSURE_MEANING = "The advance not yet earned on policies still inside their 9 months";

/** A card's caption: "Unearned advance · 3 policies in their 9 months". */
export function exposureCaption(policies: number): string {
  return `Unearned advance · ${policies} ${policies === 1 ? "policy" : "policies"} in their 9 months`;
}
