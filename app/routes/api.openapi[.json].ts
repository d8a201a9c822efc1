import { openApiDocument } from "~/openapi/document.server";
import { apiError } from "~/utils/api.server";

/**
 * GET /api/openapi.json: the OpenAPI 3.1 document of every /api route (decision 082). Public and,
 * unlike the data routes (no-store), cacheable for five minutes: it changes only with a deploy.
 * It lives outside app/routes/api+ because apiRoute marks every answer no-store; its refusals keep
 * the API's JSON error shape all the same.
 */
export function loader() {
  return new Response(JSON.stringify(openApiDocument()), {
    headers: {
      "Content-Type": "application/json",
      "Cache-Control": "public, max-age=300",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

export function action() {
  return apiError(405, "Method not allowed", {}, { headers: { Allow: "GET, HEAD" } });
}
