import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthCard, BackToLoginLink } from "~/components/auth/auth-card";
import { useServerForm } from "~/components/auth/server-form";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { twoFactorSignInSchema } from "~/domain/schemas/two-factor";
import { ServiceError, refusalHeaders } from "~/services/errors.server";
import { endSession } from "~/services/sessions.server";
import { challengeUserId } from "~/services/two-factor-challenges.server";
import { TWO_FACTOR_MESSAGES, verifyTwoFactorSignIn } from "~/services/two-factor.server";
import { dashboardPathFor, safeRedirect } from "~/utils/auth.server";
import { readSessionToken, requestMeta, sessionCookieHeader } from "~/utils/session.server";
import { dataWithToast, redirectWithToast } from "~/utils/toast.server";
import { clearChallengeCookieHeader, readChallengeToken } from "~/utils/two-factor-cookie.server";

// The sign-in's second step (decision 079): the password was right, the challenge is in its
// cookie, and a code from the app or a recovery code opens the session.

export const meta: MetaFunction = () => [{ title: "Two-factor sign-in | Agency CRM" }];

async function backToLogin() {
  return redirectWithToast(
    "/login",
    { type: "error", title: "Sign-in expired", description: TWO_FACTOR_MESSAGES.challengeExpired },
    { headers: { "Set-Cookie": await clearChallengeCookieHeader() } },
  );
}

export async function loader({ request }: LoaderFunctionArgs) {
  const token = await readChallengeToken(request);
  if (!token || !(await challengeUserId(token))) throw await backToLogin();
  return { redirectTo: safeRedirect(new URL(request.url).searchParams.get("redirectTo"), "") };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: twoFactorSignInSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const challenge = await readChallengeToken(request);
  if (!challenge) return backToLogin();
  try {
    const result = await verifyTwoFactorSignIn({ challenge, code: submission.value.code }, requestMeta(request));
    await endSession(await readSessionToken(request));
    const headers = new Headers({ "Set-Cookie": await clearChallengeCookieHeader() });
    if (result.kind === "must-change-password") {
      return redirect(`/set-new-password?token=${encodeURIComponent(result.resetToken)}`, { headers });
    }
    headers.append("Set-Cookie", await sessionCookieHeader(result.sessionToken));
    const to = safeRedirect(submission.value.redirectTo, dashboardPathFor(result.user));
    return redirectWithToast(to, { title: "Login successful", description: "Welcome back!" }, { headers });
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    if (error.status === 401) return backToLogin();
    // A wrong code at its field; too many tries as a toast and above the form.
    return dataWithToast(
      { request, context },
      { result: submission.reply({ formErrors: [error.message], fieldErrors: error.fieldErrors }) },
      { type: "error", title: error.status === 429 ? error.message : "Invalid code" },
      { status: error.status, headers: refusalHeaders(error) },
    );
  }
}

export default function TwoFactorSignInPage() {
  const { redirectTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const { form, field } = useServerForm("two-factor", actionData?.result);
  const codeField = field("code");
  // A refusal without a field message (too many tries) is said above the field.
  const formError = !codeField.errors ? actionData?.result.error?.[""]?.[0] : undefined;
  return (
    <AuthCard
      title="Two-factor sign-in"
      subtitle="Enter the 6-digit code your authenticator app shows, or one of your recovery codes."
    >
      {formError ? (
        <p role="alert" className="mb-4 text-sm font-medium text-red-700">
          {formError}
        </p>
      ) : null}
      <Form method="post" {...form} className="space-y-4">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Field
          label="Code"
          {...codeField}
          type="text"
          inputMode="text"
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          required
          hint="A recovery code looks like abcde-12345; each works once."
        />
        <Button className="w-full" disabled={busy}>
          {busy ? "Checking..." : "Verify"}
        </Button>
      </Form>
      <BackToLoginLink />
    </AuthCard>
  );
}
