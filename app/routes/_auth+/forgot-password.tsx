import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthCard, BackToLoginLink } from "~/components/auth/auth-card";
import { useServerForm } from "~/components/auth/server-form";
import { Button, ButtonLink } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { forgotPasswordSchema } from "~/domain/schemas/password-reset";
import { ServiceError } from "~/services/errors.server";
import { REQUEST_SENT, requestPasswordReset } from "~/services/password-resets.server";
import { readSentEmail, rememberSentEmail } from "~/utils/reset-request-flash.server";
import { requestMeta } from "~/utils/session.server";
import { dataWithToast, redirectWithToast } from "~/utils/toast.server";

export const meta: MetaFunction = () => [{ title: "Forgot password | Agency CRM" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { email, clearHeader } = await readSentEmail(request);
  return data({ sentEmail: email }, clearHeader ? { headers: { "Set-Cookie": clearHeader } } : undefined);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: forgotPasswordSchema });
  // A blank or malformed email is said once, at the field.
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  try {
    await requestPasswordReset(submission.value.email, requestMeta(request));
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    // Part 1, section 8: the failure toast shows the server's error (the attempt limit's).
    return dataWithToast(
      { request, context },
      { result: submission.reply() },
      { type: "error", title: error.message || "Failed to submit reset request" },
      { status: error.status },
    );
  }
  return redirectWithToast(
    "/forgot-password",
    { title: "Reset request submitted", description: REQUEST_SENT },
    { headers: { "Set-Cookie": await rememberSentEmail(submission.value.email) } },
  );
}

export default function ForgotPasswordPage() {
  const { sentEmail } = useLoaderData<typeof loader>();
  if (sentEmail) return <RequestSent email={sentEmail} />;
  return <RequestForm />;
}

function RequestForm() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formAction?.startsWith("/forgot-password");
  const { form, field } = useServerForm("forgot-password", actionData?.result);

  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter your account email and we will ask an administrator to approve a reset."
    >
      <Form method="post" {...form} className="space-y-4">
        <Field label="Email" {...field("email")} type="email" autoComplete="email" />
        <Button className="w-full" disabled={submitting}>
          {submitting ? "Submitting..." : "Request Password Reset"}
        </Button>
      </Form>
      <BackToLoginLink />
    </AuthCard>
  );
}

function RequestSent({ email }: { email: string }) {
  return (
    <AuthCard title="Request submitted">
      <div className="space-y-4 text-sm text-slate-700">
        {/* Worded so the page never tells whether this email has an account. */}
        <p>
          We received a password reset request for{" "}
          <span className="font-semibold break-words text-slate-900">{email}</span>. If an account uses this email, an
          administrator will review the request.
        </p>
        <div className="rounded-md bg-slate-50 p-4 ring-1 ring-slate-200">
          <h2 className="font-semibold text-slate-900">Next steps</h2>
          <ol className="mt-2 list-decimal space-y-1 pl-5">
            <li>An administrator reviews your request, usually within 24 hours.</li>
            <li>Once it is approved you receive a password reset link. The link is valid for 1 hour and works once.</li>
            <li>Open the link, choose a new password, then sign in with your new password.</li>
          </ol>
        </div>
        <div className="flex flex-col gap-2 sm:flex-row">
          <ButtonLink to="/forgot-password" variant="secondary" className="flex-1">
            Submit Another Request
          </ButtonLink>
          <ButtonLink to="/login" className="flex-1">
            Back to Login
          </ButtonLink>
        </div>
      </div>
    </AuthCard>
  );
}
