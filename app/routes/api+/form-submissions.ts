import type { ActionFunctionArgs } from "@remix-run/node";
import { inquirySchema } from "~/domain/schemas/form-submissions";
import { createFormSubmission } from "~/services/form-submissions.server";
import { apiError, apiJson, handleApi, parseBody } from "~/utils/api.server";
import { requestMeta } from "~/utils/session.server";

/** POST /api/form-submissions: the public landing-page inquiry (same service as the page). */
export const action = ({ request }: ActionFunctionArgs) =>
  handleApi(async () => {
    if (request.method !== "POST") return apiError(405, "Method not allowed");
    const input = await parseBody(request, inquirySchema);
    const { id } = await createFormSubmission(input, requestMeta(request));
    return apiJson({ id, message: "Thank you! Your inquiry has been received." }, { status: 201 });
  });
