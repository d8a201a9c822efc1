import type { ActionFunctionArgs } from "@remix-run/node";
import { registrationSchema } from "~/domain/schemas/auth";
import { registerAgent } from "~/services/auth.server";
import { apiJson, handleApi, parseBody } from "~/utils/api.server";
import { requestMeta } from "~/utils/session.server";

export const action = ({ request }: ActionFunctionArgs) =>
  handleApi(async () => {
    const input = await parseBody(request, registrationSchema);
    const user = await registerAgent(input, requestMeta(request));
    return apiJson(
      { message: "Your request has been submitted. Awaiting admin approval.", user },
      { status: 201 },
    );
  });
