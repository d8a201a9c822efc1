import { parseWithZod } from "@conform-to/zod";
import {
  HONEYPOT_FIELD,
  publicApplicationSchema,
  type PublicApplicationInput,
} from "~/domain/schemas/public-application";
import { createPublicApplication, discardSpamSubmission } from "~/services/applications.server";
import { apiError, apiJson, apiRoute, fieldErrorsOf, readBody } from "~/utils/api.server";
import { requestMeta } from "~/utils/session.server";

const SUCCESS_MESSAGE = "Your application has been sent to the selected agent";

function invalid(fieldErrors: Record<string, string[] | null | undefined>) {
  const clean = Object.fromEntries(
    Object.entries(fieldErrors).filter((entry): entry is [string, string[]] => !!entry[1]?.length),
  );
  return apiError(400, Object.values(clean)[0]?.[0] ?? "Invalid input", { fieldErrors: clean });
}

function isFilled(value: unknown) {
  return typeof value === "string" ? value.trim() !== "" : value !== undefined && value !== null && value !== false;
}

/**
 * JSON (the spec's payload) or a plain HTML form post using the page's field names
 * (`phones[0].phoneNumber`); both go through the page's schema. Null means a bot filled the
 * honeypot.
 */
async function readApplication(request: Request): Promise<PublicApplicationInput | null> {
  const type = request.headers.get("Content-Type") ?? "";
  if (type.includes("application/x-www-form-urlencoded") || type.includes("multipart/form-data")) {
    const formData = await request.formData();
    if (isFilled(formData.get(HONEYPOT_FIELD))) return null;
    const submission = parseWithZod(formData, { schema: publicApplicationSchema });
    if (submission.status !== "success") throw invalid(submission.error ?? {});
    return submission.value;
  }
  const body = await readBody(request);
  if (body && typeof body === "object" && isFilled((body as Record<string, unknown>)[HONEYPOT_FIELD])) return null;
  const result = publicApplicationSchema.safeParse(body ?? {});
  if (!result.success) throw invalid(fieldErrorsOf(result.error));
  return result.data;
}

/**
 * POST /api/public/applications: no sign-in. 201 { id, message }; 400 with fieldErrors; 429 when
 * the address has sent too many. Clients that predate the consent box send no `consent`, which
 * is recorded as consent not given.
 */
const api = apiRoute({
  POST: async ({ request }) => {
    const meta = requestMeta(request);
    const input = await readApplication(request);
    const { id } = input ? await createPublicApplication(input, meta) : await discardSpamSubmission(meta);
    return apiJson({ id, message: SUCCESS_MESSAGE }, { status: 201 });
  },
});

export const loader = api.loader;
export const action = api.action;
