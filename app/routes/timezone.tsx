import type { ActionFunctionArgs } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod";
import { timezoneSchema } from "~/domain/schemas/auth";
import { setTimezone } from "~/services/auth.server";
import { requireUser, safeRedirect } from "~/utils/auth.server";
import { redirectWithToast } from "~/utils/toast.server";

/** The header's timezone picker posts here, so it works without JavaScript too. */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser({ request, context });
  const formData = await request.formData();
  const back = safeRedirect(formData.get("redirectTo"), "/dashboard");
  const submission = parseWithZod(formData, { schema: timezoneSchema });
  if (submission.status !== "success") {
    return redirectWithToast(back, {
      type: "error",
      title: "Time zone not changed",
      description: "Choose one of the listed time zones.",
    });
  }
  await setTimezone(user, submission.value.timezone);
  return redirectWithToast(back, {
    title: "Time zone updated",
    description: "Times now show in your chosen time zone.",
  });
}

export async function loader() {
  return new Response("Not Found", { status: 404 });
}
