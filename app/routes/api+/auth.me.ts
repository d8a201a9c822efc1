import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiJson, handleApi } from "~/utils/api.server";
import { requireUser } from "~/utils/auth.server";

export const loader = ({ request }: LoaderFunctionArgs) =>
  handleApi(async () => apiJson({ user: await requireUser(request) }));
