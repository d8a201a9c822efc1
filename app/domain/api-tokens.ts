// Personal API tokens (issue 27 item 4, decision 081): the words and numbers the page, the API
// and the service share. No schema code here, so the page's JavaScript stays small;
// app/domain/schemas/api-tokens.ts reads the input with zod.

export const API_TOKEN_SCOPES = ["read", "read-write"] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

export const API_TOKEN_SCOPE_LABELS: Record<ApiTokenScope, string> = {
  read: "Read only",
  "read-write": "Read and write",
};

export const API_TOKEN_NAME_MAX = 100;
/** The longest life a token may be given; "never expires" is the other choice. */
export const API_TOKEN_MAX_DAYS = 365;
/** The page's expiry choices, in days ("" is never). */
export const API_TOKEN_EXPIRY_CHOICES = [
  { value: "30", label: "In 30 days" },
  { value: "90", label: "In 90 days" },
  { value: "365", label: "In 365 days" },
  { value: "", label: "Never" },
] as const;
/** Active (not revoked) tokens one user may hold: the list is short enough to read whole. */
export const API_TOKEN_MAX_ACTIVE = 20;
/** Requests one token may make per minute (decision 081). */
export const API_TOKEN_REQUESTS_PER_MINUTE = 120;

export const API_TOKEN_MESSAGES = {
  name: "Name is required",
  nameTooLong: `Name must be at most ${API_TOKEN_NAME_MAX} characters`,
  scope: "Choose Read only or Read and write",
  expiresInDays: `Expiry must be a whole number of days from 1 to ${API_TOKEN_MAX_DAYS}, or never`,
  expiresAt: `Expiry date must be a date in the next ${API_TOKEN_MAX_DAYS} days`,
  expiryTwice: "Give expiresInDays or expiresAt, not both",
  tooMany: `You have ${API_TOKEN_MAX_ACTIVE} API tokens already. Revoke one you no longer use first.`,
  notFound: "API token not found",
  madeWithToken: "API tokens are made from a signed-in session, not with another token",
  invalid: "Invalid API token",
  revoked: "This API token has been revoked",
  expired: "This API token has expired",
  readOnly: "This token can only read",
  rateLimited: `Too many requests with this API token: at most ${API_TOKEN_REQUESTS_PER_MINUTE} a minute. Please wait and try again.`,
} as const;

export const API_TOKEN_TOASTS = {
  created: "API token created",
  createFailed: "Failed to create API token",
  revoked: "API token revoked",
  revokeFailed: "Failed to revoke API token",
} as const;
