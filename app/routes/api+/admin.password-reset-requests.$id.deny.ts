import type { ActionFunctionArgs } from "@remix-run/node";
import { denyResetRequest } from "~/services/password-resets.server";
import { apiError, apiJson, handleApi } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

export const loader = () => apiError(405, "Method not allowed");

export const action = ({ request, params }: ActionFunctionArgs) =>
  handleApi(async () => {
    if (request.method !== "POST") return apiError(405, "Method not allowed");
    const admin = await requireAdmin(request);
    const { request: resetRequest } = await denyResetRequest(admin, params.id ?? "");
    return apiJson({ message: "Request denied", request: resetRequest });
  });
