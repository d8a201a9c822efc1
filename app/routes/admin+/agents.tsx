import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireAdmin } from "~/utils/auth.server";

/** /admin/agents is the spec's other name for Agents Management: the same page, with the same query. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin({ request, context });
  const { search } = new URL(request.url);
  return redirect(`/admin/agent-management${search}`);
}
