/** The preset carrier catalogue, in the order agents see it during setup. */
export const PRESET_CARRIERS = [
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
] as const;

export const COMBINED_CARRIER = "Combined";

/** Combined sells a fixed product line; agents may set rates but not add, rename or remove products. */
export const COMBINED_PRODUCTS = ["GL Preferred", "GL Standard", "GL Sub Standard", "GL Graded Benefit"] as const;

export function isCombined(name: string): boolean {
  return name.trim().toLowerCase() === COMBINED_CARRIER.toLowerCase();
}
