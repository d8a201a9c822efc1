// Commission-rate inputs (part 2, section 5, and decision 041), apart from the schemas so a form
// can set its inputs' min, max and step without bringing zod into the page's JavaScript.

/**
 * One rule for a product's rate on every screen and call (the wizard, the setup screen, the
 * profile edit, POST /api/agent/setup, PUT /api/agent/carriers, PUT /api/agent/profile): above 0,
 * up to 999%, in steps of 0.1. Carriers may pay more than 100% in the first year.
 */
export const COMMISSION_RATE_LIMITS = { min: 0.1, max: 999, step: 0.1 } as const;
