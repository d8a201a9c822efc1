import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthCard, BackToLoginLink } from "~/components/auth/auth-card";
import { useServerForm } from "~/components/auth/server-form";
import { PasswordField } from "~/components/password-resets/password-field";
import { Button } from "~/components/ui/button";
import { setNewPasswordSchema } from "~/domain/schemas/password-reset";
import { ServiceError } from "~/services/errors.server";
import { issueSetPasswordToken, verifyResetToken } from "~/services/password-resets.server";
import { getOptionalUser } from "~/utils/auth.server";
import { saveNewPassword } from "~/utils/new-password-form.server";
import { clearSessionCookieHeader } from "~/utils/session.server";
import { dataWithToast, redirectWithToast } from "~/utils/toast.server";

export const meta: MetaFunction = () => [
  { title: "Set new password | Agency CRM" },
  // The address carries a one-time token: keep it out of search engines. (Other sites only
  // ever get our origin as Referer, from the Referrer-Policy header.)
  { name: "robots", content: "noindex" },
];

/**
 * Reached from sign-in with a one-time token (a temporary password must be replaced), or by a
 * signed-in user flagged to change their password, who is issued a token here. Anyone else goes
 * to /login.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const queryToken = new URL(request.url).searchParams.get("token");
  if (queryToken) {
    try {
      const { email } = await verifyResetToken(queryToken);
      return { token: queryToken, email };
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
      throw await redirectWithToast("/login", {
        type: "error",
        title: "Error",
        description: `${error.message} Sign in again to continue.`,
      });
    }
  }
  const user = await getOptionalUser({ request, context });
  if (user?.mustChangePassword) return { token: await issueSetPasswordToken(user), email: user.email };
  throw redirect("/login");
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: setNewPasswordSchema });
  // Said once, at the field, with what was typed kept (as on the reset page).
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const refused = await saveNewPassword(submission, { title: "Error", description: "Failed to reset password." });
  if (refused)
    return dataWithToast({ request, context }, { result: refused.result }, refused.toast, { status: refused.status });
  // Every session of the user has just ended; the browser's cookie goes too.
  return redirectWithToast(
    "/login",
    { title: "Password updated", description: "Your password has been successfully changed." },
    { headers: { "Set-Cookie": await clearSessionCookieHeader() } },
  );
}

export default function SetNewPasswordPage() {
  const { token, email } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const { form, field } = useServerForm("set-new-password", actionData?.result);

  return (
    <AuthCard
      title="Set a new password"
      subtitle={
        <>
          Your account <span className="font-medium break-words text-slate-900">{email}</span> needs a new password
          before you can continue.
        </>
      }
    >
      <Form method="post" {...form} className="space-y-4">
        <input type="hidden" name="token" value={token} />
        <PasswordField label="New password" {...field("password")} type="password" autoComplete="new-password" />
        <PasswordField
          label="Confirm new password"
          {...field("confirmPassword")}
          type="password"
          autoComplete="new-password"
        />
        <div className="rounded-md bg-blue-50 p-3 text-sm text-blue-900 ring-1 ring-blue-200">
          <p className="font-semibold">Password requirements</p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5">
            <li>At least 8 characters long</li>
            <li>Both entries must match</li>
            <li>Spaces at the start or end are ignored</li>
          </ul>
        </div>
        <Button className="w-full" disabled={submitting}>
          {submitting ? "Updating password..." : "Set New Password"}
        </Button>
      </Form>
      <BackToLoginLink />
    </AuthCard>
  );
}
