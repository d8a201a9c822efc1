import type { ActionFunctionArgs } from "@remix-run/node";
import { formSubmissionUpdateSchema } from "~/domain/schemas/form-submissions";
import { deleteFormSubmission, updateFormSubmission } from "~/services/form-submissions.server";
import { apiError, apiJson, handleApi, parseBody } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

/** PUT /api/admin/form-submissions/{id} with { status, notes }; DELETE removes it. */
export const action = ({ request, params }: ActionFunctionArgs) =>
  handleApi(async () => {
    if (request.method !== "PUT" && request.method !== "DELETE") return apiError(405, "Method not allowed");
    const actor = await requireAdmin(request);
    const id = params.id ?? "";
    if (request.method === "DELETE") {
      await deleteFormSubmission(actor, id);
      return apiJson({ message: "Submission deleted successfully" });
    }
    const change = await parseBody(request, formSubmissionUpdateSchema);
    const submission = await updateFormSubmission(actor, id, change);
    return apiJson(submission);
  });
