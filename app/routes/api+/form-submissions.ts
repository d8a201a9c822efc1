import { inquirySchema } from "~/domain/schemas/form-submissions";
import { createFormSubmission } from "~/services/form-submissions.server";
import { apiJson, apiRoute, parseBody } from "~/utils/api.server";
import { requestMeta } from "~/utils/session.server";

/** POST /api/form-submissions: the public landing-page inquiry (same service as the page). */
const api = apiRoute({
  POST: async ({ request }) => {
    const input = await parseBody(request, inquirySchema);
    const { id } = await createFormSubmission(input, requestMeta(request));
    return apiJson({ id, message: "Thank you! Your inquiry has been received." }, { status: 201 });
  },
});

export const loader = api.loader;
export const action = api.action;
