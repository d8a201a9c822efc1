import type { ActionFunctionArgs } from "@remix-run/node";
import { approveResetRequest } from "~/services/password-resets.server";
import { apiError, apiJson, handleApi } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";
import { absoluteUrl } from "~/utils/public-url.server";

export const loader = () => apiError(405, "Method not allowed");

/** The one-time link is in this answer only; the database keeps just its hash. */
export const action = ({ request, params }: ActionFunctionArgs) =>
  handleApi(async () => {
    if (request.method !== "POST") return apiError(405, "Method not allowed");
    const admin = await requireAdmin(request);
    const { request: resetRequest, token, resetPath } = await approveResetRequest(admin, params.id ?? "");
    return apiJson({ message: "Request approved", request: resetRequest, resetLink: absoluteUrl(request, resetPath), token });
  });
