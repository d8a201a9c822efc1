export type UsState = { code: string; name: string };

export const US_STATES: readonly UsState[] = [
  { code: "AL", name: "Alabama" },
  { code: "AK", name: "Alaska" },
  { code: "AZ", name: "Arizona" },
  { code: "AR", name: "Arkansas" },
  { code: "CA", name: "California" },
  { code: "CO", name: "Colorado" },
  { code: "CT", name: "Connecticut" },
  { code: "DE", name: "Delaware" },
  { code: "FL", name: "Florida" },
  { code: "GA", name: "Georgia" },
  { code: "HI", name: "Hawaii" },
  { code: "ID", name: "Idaho" },
  { code: "IL", name: "Illinois" },
  { code: "IN", name: "Indiana" },
  { code: "IA", name: "Iowa" },
  { code: "KS", name: "Kansas" },
  { code: "KY", name: "Kentucky" },
  { code: "LA", name: "Louisiana" },
  { code: "ME", name: "Maine" },
  { code: "MD", name: "Maryland" },
  { code: "MA", name: "Massachusetts" },
  { code: "MI", name: "Michigan" },
  { code: "MN", name: "Minnesota" },
  { code: "MS", name: "Mississippi" },
  { code: "MO", name: "Missouri" },
  { code: "MT", name: "Montana" },
  { code: "NE", name: "Nebraska" },
  { code: "NV", name: "Nevada" },
  { code: "NH", name: "New Hampshire" },
  { code: "NJ", name: "New Jersey" },
  { code: "NM", name: "New Mexico" },
  { code: "NY", name: "New York" },
  { code: "NC", name: "North Carolina" },
  { code: "ND", name: "North Dakota" },
  { code: "OH", name: "Ohio" },
  { code: "OK", name: "Oklahoma" },
  { code: "OR", name: "Oregon" },
  { code: "PA", name: "Pennsylvania" },
  { code: "RI", name: "Rhode Island" },
  { code: "SC", name: "South Carolina" },
  { code: "SD", name: "South Dakota" },
  { code: "TN", name: "Tennessee" },
  { code: "TX", name: "Texas" },
  { code: "UT", name: "Utah" },
  { code: "VT", name: "Vermont" },
  { code: "VA", name: "Virginia" },
  { code: "WA", name: "Washington" },
  { code: "WV", name: "West Virginia" },
  { code: "WI", name: "Wisconsin" },
  { code: "WY", name: "Wyoming" },
];

const DISTRICT_OF_COLUMBIA: UsState = { code: "DC", name: "District of Columbia" };

/** The application form also accepts DC, which is not a state an agent can be licensed in. */
export const STATES_WITH_DC: readonly UsState[] = [...US_STATES, DISTRICT_OF_COLUMBIA].sort((a, b) =>
  a.name.localeCompare(b.name, "en-US"),
);

export function findState(input: string, opts: { includeDC?: boolean } = {}): UsState | undefined {
  const wanted = input.trim().toLowerCase();
  if (!wanted) return undefined;
  const list = opts.includeDC ? STATES_WITH_DC : US_STATES;
  return list.find((s) => s.code.toLowerCase() === wanted || s.name.toLowerCase() === wanted);
}

/** Full name for a two-letter code (DC included); unknown codes come back unchanged. */
export function stateName(code: string): string {
  return findState(code, { includeDC: true })?.name ?? code;
}

/** Parses the licensed-states bulk box: full names or codes, separated by commas or new lines. */
export function parseBulkStates(text: string): { states: UsState[]; invalid: string[] } {
  const states: UsState[] = [];
  const invalid: string[] = [];
  for (const raw of text.split(/[,\r\n]+/)) {
    const entry = raw.trim();
    if (!entry) continue;
    const state = findState(entry);
    if (!state) invalid.push(entry);
    else if (!states.includes(state)) states.push(state);
  }
  return { states, invalid };
}
