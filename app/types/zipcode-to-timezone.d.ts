// zipcode-to-timezone ships no types: its one function, a five-digit ZIP code's IANA time zone.
declare module "zipcode-to-timezone" {
  /** The ZIP code's IANA time zone (America/New_York), or null when the package does not know it. */
  export function lookup(zipCode: string): string | null;
}
