import type { AccountSessionView } from "~/services/account-sessions.server";
import { Message } from "../answers";
import { z, type Operation } from "../kit";

// The caller's own sessions (issue 27 item 2, decision 080): app/routes/api+/auth.sessions.ts,
// auth.sessions.$id.ts and auth.sessions.sign-out-others.ts.

const tag = "Sessions";

const AccountSession = z
  .object({
    id: z.string().uuid().describe("The session's public id: not the cookie's token nor its hash."),
    createdAt: z.string().datetime().describe("When it signed in."),
    lastSeenAt: z.string().datetime().describe("Its last use, noted at most every 5 minutes."),
    expiresAt: z.string().datetime(),
    browser: z.string().describe('Read from its User-Agent: "Chrome 131 on macOS", or "Unknown browser".'),
    ipAddress: z.string().nullable(),
    current: z.boolean().describe("The session of this request; none is when the caller uses an API token."),
  })
  .openapi("AccountSession") satisfies z.ZodType<AccountSessionView>;

export const sessionPaths: Operation[] = [
  {
    method: "get",
    path: "/api/auth/sessions",
    tag,
    summary: "Your sessions",
    description: "The caller's open sessions, the current one first, then by last use. Never another user's.",
    access: "user",
    answers: { description: "The sessions.", body: z.array(AccountSession) },
  },
  {
    method: "delete",
    path: "/api/auth/sessions/{id}",
    tag,
    summary: "Sign out one of your sessions",
    description: "Its cookie stops working at once; another user's, an unknown or an ended id is a 404.",
    access: "user",
    answers: { description: "Signed out.", body: Message },
  },
  {
    method: "post",
    path: "/api/auth/sessions/sign-out-others",
    tag,
    summary: "Sign out everywhere else",
    description:
      "Ends every session of the caller but the one making the request (every one, when the caller uses an API token).",
    access: "user",
    answers: {
      description: "How many sessions were signed out.",
      body: z.object({ ended: z.number().int().min(0) }),
    },
  },
];
