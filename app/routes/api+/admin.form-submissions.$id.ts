import { formSubmissionUpdateSchema } from "~/domain/schemas/form-submissions";
import { deleteFormSubmission, updateFormSubmission } from "~/services/form-submissions.server";
import { apiJson, apiRoute, parseBody } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

/** PUT /api/admin/form-submissions/{id} with { status, notes }; DELETE removes it. */
const api = apiRoute({
  PUT: async ({ request, params, context }) => {
    const actor = await requireAdmin({ request, context });
    const change = await parseBody(request, formSubmissionUpdateSchema);
    return apiJson(await updateFormSubmission(actor, params.id ?? "", change));
  },
  DELETE: async ({ request, params, context }) => {
    const actor = await requireAdmin({ request, context });
    await deleteFormSubmission(actor, params.id ?? "");
    return apiJson({ message: "Submission deleted successfully" });
  },
});

export const loader = api.loader;
export const action = api.action;
