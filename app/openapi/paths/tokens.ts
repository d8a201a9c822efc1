import { API_TOKEN_SCOPES } from "~/domain/api-tokens";
import { apiTokenCreateSchema } from "~/domain/schemas/api-tokens";
import type { ApiTokenView } from "~/services/api-tokens.server";
import { Message } from "../answers";
import { z, type Operation } from "../kit";

// Personal API tokens (issue 27 item 4, decision 081): app/routes/api+/tokens.ts and tokens.$id.ts.

const tag = "API tokens";

const ApiToken = z
  .object({
    id: z.string().uuid(),
    name: z.string(),
    prefix: z.string().describe('"acrm_" and the next six characters of the token, to tell tokens apart.'),
    scope: z.enum(API_TOKEN_SCOPES).describe("read: GET and HEAD only; read-write: whatever its user can."),
    createdAt: z.string().datetime(),
    lastUsedAt: z.string().datetime().nullable().describe("Noted at most once a minute."),
    expiresAt: z.string().datetime().nullable().describe("null: never expires."),
  })
  .openapi("ApiToken") satisfies z.ZodType<ApiTokenView>;

export const tokenPaths: Operation[] = [
  {
    method: "get",
    path: "/api/tokens",
    tag,
    summary: "Your API tokens",
    description: "The caller's tokens not revoked, newest first (at most 20): never a token nor its hash.",
    access: "user",
    answers: { description: "The tokens.", list: ApiToken },
  },
  {
    method: "post",
    path: "/api/tokens",
    tag,
    summary: "Make an API token",
    description:
      "Answers the token once, in `token`; send it as `Authorization: Bearer <token>` to any /api route. At most one of expiresInDays or expiresAt; neither is a token that never expires. A 21st active token is a 409; a request made with a token is refused (403): only a signed-in session makes tokens.",
    access: "user",
    body: apiTokenCreateSchema,
    answers: {
      status: 201,
      description: "The token, and the only answer that ever holds it.",
      body: ApiToken.extend({ token: z.string().regex(/^acrm_[A-Za-z0-9_-]{43}$/) }),
    },
    errors: [403, 409],
  },
  {
    method: "delete",
    path: "/api/tokens/{id}",
    tag,
    summary: "Revoke one of your API tokens",
    description: "It stops working at once; another user's, an unknown or a revoked id is a 404.",
    access: "user",
    answers: { description: "Revoked.", body: Message },
  },
];
