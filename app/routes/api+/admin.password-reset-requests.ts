import type { LoaderFunctionArgs } from "@remix-run/node";
import { listResetRequests } from "~/services/password-resets.server";
import { apiJson, handleApi } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

/** Open requests and the latest 10 decided or expired ones. */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleApi(async () => {
    const admin = await requireAdmin(request);
    return apiJson(await listResetRequests(admin));
  });
