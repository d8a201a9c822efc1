import { apiError } from "~/utils/api.server";

/** Unknown /api paths answer in JSON like the rest of the contract. */
export const loader = () => apiError(404, "Not found");
export const action = () => apiError(404, "Not found");
