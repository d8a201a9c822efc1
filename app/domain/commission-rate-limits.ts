// Commission-rate inputs (part 2, section 5), apart from the schemas so a form can set its
// inputs' min, max and step without bringing zod into the page's JavaScript.

/** The wizard and the setup screen: above 0, up to 999%, in steps of 0.1. */
export const SETUP_RATE_LIMITS = { min: 0.1, max: 999, step: 0.1 } as const;

/** The profile edit: 0 to 100%, in steps of 0.1. */
export const PROFILE_RATE_LIMITS = { min: 0, max: 100, step: 0.1 } as const;
