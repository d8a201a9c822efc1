// The CSV lead import's words, limits and column mapping (issue 24 item 4, decision 062), shared
// by the page, the API and the job. Isomorphic: the mapping is guessed on the server and shown,
// editable, in the browser.

/** The largest file taken, in bytes and in rows below the header. */
export const LEAD_IMPORT_LIMITS = { bytes: 20 * 1024 * 1024, rows: 50_000 } as const;

/** The job that imports one upload's rows (app/jobs/lead-import.server.ts). */
export const LEAD_IMPORT_JOB = "import-leads";

/** Rows shown in the mapping step's preview. */
export const LEAD_IMPORT_PREVIEW_ROWS = 10;

/** The lead fields a column can fill, in the order the mapping lists them, and the headers each is guessed from. */
export const LEAD_IMPORT_FIELDS = [
  { key: "firstName", label: "First name", headers: ["firstname", "first", "fname", "givenname", "forename"] },
  { key: "lastName", label: "Last name", headers: ["lastname", "last", "lname", "surname", "familyname"] },
  {
    key: "phone",
    label: "Phone",
    headers: [
      "phone",
      "phonenumber",
      "phone1",
      "primaryphone",
      "mobile",
      "mobilephone",
      "cell",
      "cellphone",
      "telephone",
      "homephone",
      "tel",
    ],
  },
  { key: "email", label: "Email", headers: ["email", "emailaddress", "mail", "e-mail"] },
  { key: "address", label: "Address", headers: ["address", "address1", "street", "streetaddress", "addressline1"] },
  { key: "city", label: "City", headers: ["city", "town"] },
  { key: "state", label: "State", headers: ["state", "st", "statecode", "province", "region"] },
  { key: "zipCode", label: "Zip code", headers: ["zip", "zipcode", "postalcode", "postcode", "zip5"] },
  { key: "dateOfBirth", label: "Date of birth", headers: ["dob", "dateofbirth", "birthdate", "birthday", "birthdt"] },
  { key: "gender", label: "Gender", headers: ["gender", "sex"] },
  {
    key: "coverageAmount",
    label: "Coverage amount",
    headers: ["coverage", "coverageamount", "faceamount", "face", "benefitamount"],
  },
  { key: "monthlyPremium", label: "Monthly premium", headers: ["premium", "monthlypremium", "monthlyprem"] },
  {
    key: "externalId",
    label: "External id",
    headers: ["externalid", "leadid", "vendorid", "vendorleadid", "id", "uniqueid", "sourceid"],
  },
  {
    key: "consentTimestamp",
    label: "Consent timestamp",
    headers: ["consenttimestamp", "consentdate", "optindate", "optintimestamp", "tcpadate"],
  },
  { key: "consentIpAddress", label: "Consent IP address", headers: ["ipaddress", "ip", "consentip", "optinip"] },
  {
    key: "consentPageUrl",
    label: "Consent page URL",
    headers: ["pageurl", "consentpageurl", "optinurl", "sourceurl", "landingpage", "url"],
  },
  { key: "consentText", label: "Consent text", headers: ["consenttext", "tcpatext", "optintext", "disclosure"] },
  {
    key: "consentCertificateUrl",
    label: "Consent certificate URL",
    headers: ["certificateurl", "trustedformcerturl", "trustedform", "certurl", "jornaya", "leadidtoken"],
  },
] as const;

export type LeadImportField = (typeof LEAD_IMPORT_FIELDS)[number]["key"];
export const LEAD_IMPORT_FIELD_KEYS = LEAD_IMPORT_FIELDS.map((field) => field.key) as [
  LeadImportField,
  ...LeadImportField[],
];
export const LEAD_IMPORT_FIELD_LABELS = Object.fromEntries(
  LEAD_IMPORT_FIELDS.map((field) => [field.key, field.label]),
) as Record<LeadImportField, string>;

/** A lead field per column, by the column's position in the header; null leaves the column out. */
export type LeadImportMapping = (LeadImportField | null)[];

/** The fields a lead cannot be made without: the mapping must give them a column. */
const REQUIRED_IMPORT_FIELDS: LeadImportField[] = ["firstName", "lastName", "phone", "state"];

const headerWord = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, "");

/**
 * The mapping guessed from a file's headers: each column whose name (lower-cased, letters and
 * digits only) is one a field is known by gets that field, the first such column only.
 */
export function guessLeadImportMapping(headers: string[]): LeadImportMapping {
  const taken = new Set<LeadImportField>();
  return headers.map((header) => {
    const word = headerWord(header);
    const field = LEAD_IMPORT_FIELDS.find(
      (candidate) =>
        !taken.has(candidate.key) &&
        (candidate.headers as readonly string[]).some((known) => headerWord(known) === word),
    );
    if (!field) return null;
    taken.add(field.key);
    return field.key;
  });
}

/** The problem with a mapping (a required field without a column, a field given two), or null. */
export function mappingProblem(mapping: LeadImportMapping): string | null {
  const seen = new Set<LeadImportField>();
  for (const field of mapping) {
    if (!field) continue;
    if (seen.has(field)) return `${LEAD_IMPORT_FIELD_LABELS[field]} is chosen for two columns: choose it for one.`;
    seen.add(field);
  }
  const missing = REQUIRED_IMPORT_FIELDS.filter((field) => !seen.has(field));
  if (missing.length === 0) return null;
  return `Choose a column for ${missing.map((field) => LEAD_IMPORT_FIELD_LABELS[field]).join(", ")}.`;
}

export const LEAD_IMPORT_DISTRIBUTIONS = [
  { value: "automatic", label: "Automatic: to licensed agents with calls left on an Active order" },
  { value: "agent", label: "All to one agent" },
  { value: "unassigned", label: "Unassigned: an admin assigns them later" },
] as const;
export type LeadImportDistribution = (typeof LEAD_IMPORT_DISTRIBUTIONS)[number]["value"];

export const LEAD_IMPORT_STATUS_LABELS = {
  uploaded: "Mapping",
  queued: "Queued",
  running: "Importing",
  completed: "Completed",
  failed: "Failed",
} as const;
export type LeadImportStatusName = keyof typeof LEAD_IMPORT_STATUS_LABELS;

/** Where an import stands: what its progress page shows and polls (GET /api/admin/imports/{id}). */
export type LeadImportProgress = {
  id: string;
  status: LeadImportStatusName;
  total: number;
  processed: number;
  imported: number;
  duplicates: number;
  alreadyImported: number;
  rejected: number;
  error: string | null;
};

/** The page's and the API's messages, word for word (the tests compare them). */
export const LEAD_IMPORT_MESSAGES = {
  fileMissing: "Choose a CSV file to upload.",
  notCsv: "The file must be a CSV (.csv or .txt).",
  tooLarge: "The file is larger than 20 MB. Split it into files of at most 20 MB.",
  tooManyRows: "The file has more than 50,000 rows. Split it into files of at most 50,000 rows.",
  tooManyColumns: "The file has more than 100 columns. Keep only the columns of the leads.",
  noHeader: "The file is empty: its first line must name the columns.",
  noRows: "The file has no rows below its header.",
  unreadable: (detail: string) => `The file could not be read as CSV: ${detail}`,
  sourceRequired: "Choose the source these leads came from.",
  sourceUnknown: "This source does not exist.",
  sourcePaused: "This source is paused: activate it on Lead Sources before importing its leads.",
  distributionRequired: "Choose how the leads are distributed.",
  agentRequired: "Choose the agent who receives the leads.",
  mappingInvalid: "The mapping must be a JSON array naming a lead field (or null) for each column.",
  notMapping: "This import has already started; its mapping can no longer be changed.",
  notFound: "Import not found",
  notRejected: "This import has not finished yet: its rejected rows are listed once it completes.",
} as const;

export const LEAD_IMPORT_TOASTS = {
  uploaded: "File uploaded",
  uploadFailed: "Failed to upload the file",
  started: "Import started",
  startFailed: "Failed to start the import",
  previewFailed: "Failed to update the preview",
} as const;

/** Whether an import's job is still to run or running: its status page refreshes itself. */
export function isImportInFlight(status: string) {
  return status === "queued" || status === "running";
}
