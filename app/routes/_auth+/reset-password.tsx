import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { AuthCard, BackToLoginLink } from "~/components/auth/auth-card";
import { useServerForm } from "~/components/auth/server-form";
import { CheckItem, PasswordField } from "~/components/password-resets/password-field";
import { Button, ButtonLink } from "~/components/ui/button";
import { Alert } from "~/components/ui/card";
import { resetChecklist } from "~/domain/password-rules";
import { resetPasswordSchema } from "~/domain/schemas/password-reset";
import { ServiceError } from "~/services/errors.server";
import { LINK_INVALID, verifyResetToken } from "~/services/password-resets.server";
import { useHydrated } from "~/utils/hydrated";
import { saveNewPassword } from "~/utils/new-password-form.server";
import { dataWithToast } from "~/utils/toast.server";

export const meta: MetaFunction = () => [
  { title: "Reset password | Agency CRM" },
  // The address carries a one-time token: keep it out of search engines. (Other sites only
  // ever get our origin as Referer, from the Referrer-Policy header.)
  { name: "robots", content: "noindex" },
];

type View = { view: "done" } | { view: "invalid"; error: string } | { view: "form"; token: string; email: string };

/** The link is checked on the server before anything renders, so there is no "verifying" flash. */
export async function loader({ request }: LoaderFunctionArgs): Promise<View> {
  const params = new URL(request.url).searchParams;
  if (params.get("done") === "1") return { view: "done" };
  const token = params.get("token");
  if (!token) return { view: "invalid", error: LINK_INVALID };
  try {
    const { email } = await verifyResetToken(token);
    return { view: "form", token, email };
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    return { view: "invalid", error: error.message || LINK_INVALID };
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: resetPasswordSchema });
  // Without JavaScript the checklist shows the server's verdict on what was sent.
  const checks = resetChecklist(String(formData.get("password") ?? ""), String(formData.get("confirmPassword") ?? ""));
  const token = String(formData.get("token") ?? "");
  if (submission.status !== "success") {
    // Too short or not matching: said once, at the field, with what was typed kept.
    return data({ result: submission.reply(), checks, token, refused: false }, { status: 400 });
  }
  const refused = await saveNewPassword(submission, { title: "Reset failed" });
  if (refused) {
    return dataWithToast(
      { request, context },
      { result: refused.result, checks, token, refused: true },
      refused.toast,
      { status: refused.status },
    );
  }
  // The token leaves the address bar: the success view has its own URL, which says Password
  // updated (a toast as well would say it twice).
  return redirect("/reset-password?done=1");
}

export default function ResetPasswordPage() {
  const state = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  if (state.view === "done") return <PasswordUpdated />;
  // A link used up or expired between loading the form and sending it: the loaders that run after
  // the post find it invalid, but the visitor sees the form they sent with the Reset failed
  // toast, not a page that suggests the link never worked.
  if (state.view === "invalid" && actionData?.refused) return <SetNewPasswordForm token={actionData.token} />;
  if (state.view === "invalid") return <InvalidLink error={state.error} />;
  return <SetNewPasswordForm token={state.token} email={state.email} />;
}

function InvalidLink({ error }: { error: string }) {
  return (
    <AuthCard title="Invalid Link">
      <div className="space-y-4 text-sm text-slate-700">
        <Alert>
          <p className="font-semibold">Invalid or expired link</p>
          <p>{error}</p>
        </Alert>
        <p>
          Password reset links expire after 1 hour and can be used only once. Request a new link and an administrator
          will review it.
        </p>
        <div className="flex flex-col gap-2">
          <ButtonLink to="/forgot-password">Request New Reset Link</ButtonLink>
          <ButtonLink to="/login" variant="secondary">
            Back to Login
          </ButtonLink>
        </div>
      </div>
    </AuthCard>
  );
}

function PasswordUpdated() {
  return (
    <AuthCard title="Password Updated">
      <div className="space-y-4 text-sm text-slate-700">
        <Alert tone="success">
          <p className="font-semibold">Password updated</p>
          <p>Your password has been successfully changed.</p>
        </Alert>
        <p>For your security you have been signed out everywhere. Sign in with your new password.</p>
        <ButtonLink to="/login" className="w-full">
          Continue to Login
        </ButtonLink>
      </div>
    </AuthCard>
  );
}

function SetNewPasswordForm({ token, email }: { token: string; email?: string }) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const submitting = navigation.state === "submitting";
  const [typed, setTyped] = useState<{ password: string; confirmPassword: string } | null>(null);
  const { form, field } = useServerForm("reset-password", actionData?.result);
  // Live while typing; after a submit without JavaScript, the server's verdict on what was sent.
  const checks = typed
    ? resetChecklist(typed.password, typed.confirmPassword)
    : (actionData?.checks ?? resetChecklist("", ""));
  const ready = checks.longEnough && checks.matches;

  function track(target: HTMLInputElement) {
    const elements = target.form?.elements;
    const value = (name: string) => (elements?.namedItem(name) as HTMLInputElement | null)?.value ?? "";
    setTyped({ password: value("password"), confirmPassword: value("confirmPassword") });
  }

  return (
    <AuthCard
      title="Set New Password"
      subtitle={
        email ? (
          <>
            Choose a new password for <span className="font-medium break-words text-slate-900">{email}</span>.
          </>
        ) : (
          "Choose a new password."
        )
      }
    >
      <Form method="post" {...form} className="space-y-4">
        <input type="hidden" name="token" value={token} />
        <PasswordField
          label="New password"
          {...field("password")}
          type="password"
          autoComplete="new-password"
          onInput={(e) => track(e.currentTarget)}
        />
        <PasswordField
          label="Confirm new password"
          {...field("confirmPassword")}
          type="password"
          autoComplete="new-password"
          onInput={(e) => track(e.currentTarget)}
        />
        <ul
          className="space-y-1 rounded-md bg-slate-50 p-3 text-sm ring-1 ring-slate-200"
          aria-label="Password requirements"
          aria-live="polite"
        >
          <CheckItem met={checks.longEnough}>At least 8 characters long</CheckItem>
          <CheckItem met={checks.matches}>Both passwords match</CheckItem>
        </ul>
        {/* Disabled only once JavaScript can re-enable it; without it the server checks the same rules. */}
        <Button className="w-full" disabled={hydrated && (!ready || submitting)}>
          {submitting ? "Updating password..." : "Update Password"}
        </Button>
      </Form>
      <BackToLoginLink />
    </AuthCard>
  );
}
