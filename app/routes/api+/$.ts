import { apiError, apiRoute } from "~/utils/api.server";

const notFound = async () => apiError(404, "Not found");

/** Unknown /api paths answer 404 in JSON, whatever the method, like the rest of the contract. */
const api = apiRoute({ GET: notFound, POST: notFound, PUT: notFound, PATCH: notFound, DELETE: notFound });

export const loader = api.loader;
export const action = api.action;
