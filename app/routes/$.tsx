import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { NotFoundPage } from "~/components/not-found-page";
import { requireAdmin, requireAgent } from "~/utils/auth.server";

export const meta: MetaFunction = () => [{ title: "Page Not Found | Agency CRM" }];

/**
 * Unknown paths. Under /admin and /agent the access rules still come first: signed out goes to
 * /login, the wrong role to /; only then is it a 404.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const path = new URL(request.url).pathname;
  if (path.startsWith("/admin/")) await requireAdmin({ request, context });
  if (path.startsWith("/agent/")) await requireAgent({ request, context });
  throw new Response("Not Found", { status: 404 });
}

export default function NotFound() {
  return <NotFoundPage />;
}

export function ErrorBoundary() {
  return <NotFoundPage />;
}
