import { registrationSchema } from "~/domain/schemas/auth";
import { registerAgent } from "~/services/auth.server";
import { apiJson, apiRoute, parseBody } from "~/utils/api.server";
import { requestMeta } from "~/utils/session.server";

/** POST /api/auth/register with { firstName, lastName, email, phone, licenseNumber, password }. */
const api = apiRoute({
  POST: async ({ request }) => {
    const input = await parseBody(request, registrationSchema);
    const user = await registerAgent(input, requestMeta(request));
    return apiJson({ message: "Your request has been submitted. Awaiting admin approval.", user }, { status: 201 });
  },
});

export const loader = api.loader;
export const action = api.action;
