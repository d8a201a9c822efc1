import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { AuthCard, FailureAlert } from "~/components/auth/auth-card";
import { useServerForm } from "~/components/auth/server-form";
import { Button, ButtonLink } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { UrlDialog } from "~/components/ui/url-dialog";
import { loginSchema, registrationSchema } from "~/domain/schemas/auth";
import { registerAgent } from "~/services/auth.server";
import { ServiceError, refusalHeaders } from "~/services/errors.server";
import { endSession } from "~/services/sessions.server";
import { authenticator } from "~/utils/authenticator.server";
import { PASSWORD_FIELDS } from "~/utils/new-password-form.server";
import { dashboardPathFor, getOptionalUser, safeRedirect } from "~/utils/auth.server";
import { readSessionToken, requestMeta, sessionCookieHeader } from "~/utils/session.server";
import { dataWithToast, redirectWithToast } from "~/utils/toast.server";
import { challengeCookieHeader, twoFactorPath } from "~/utils/two-factor-cookie.server";

// The registration form is a dialog of this page (?dialog=register); it has a title of its own.
export const meta: MetaFunction = ({ location }) => [
  {
    title:
      new URLSearchParams(location.search).get("dialog") === "register"
        ? "Agent Registration | Agency CRM"
        : "Sign in | Agency CRM",
  },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getOptionalUser({ request, context });
  const redirectTo = new URL(request.url).searchParams.get("redirectTo");
  if (user) throw redirect(safeRedirect(redirectTo, dashboardPathFor(user)));
  return { redirectTo: safeRedirect(redirectTo, "") };
}

/**
 * Part 1, section 8: a refused sign-in is a toast (pending approval, invalid credentials, else
 * Login failed with the server's reason); the inline box shows only the first two.
 */
function signInRefusal(error: ServiceError) {
  if (error.code === "account_pending") {
    const text = { title: "Account pending approval", description: "Admin has not approved your account yet." };
    return { toast: text, inline: text };
  }
  if (error.code === "invalid_credentials") {
    return {
      toast: { title: "Invalid email or password" },
      inline: { title: "Invalid email or password", description: "Check your email and password and try again." },
    };
  }
  return { toast: { title: "Login failed", description: error.message }, inline: null };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.clone().formData();
  const intent = formData.get("intent");

  if (intent === "register") {
    const submission = parseWithZod(formData, { schema: registrationSchema });
    // A refused form comes back with what was typed, never the password.
    if (submission.status !== "success")
      return data(
        { intent, result: submission.reply({ hideFields: PASSWORD_FIELDS }), failure: null },
        { status: 400 },
      );
    try {
      await registerAgent(submission.value, requestMeta(request));
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
      return data(
        {
          intent,
          result: submission.reply({
            formErrors: [error.message],
            fieldErrors: error.fieldErrors,
            hideFields: PASSWORD_FIELDS,
          }),
          failure: { title: "Registration failed", description: error.message },
        },
        { status: error.status },
      );
    }
    return redirectWithToast("/login", {
      title: "Registration successful",
      description: "Your request has been submitted. Awaiting admin approval.",
    });
  }

  const submission = parseWithZod(formData, { schema: loginSchema });
  if (submission.status !== "success") {
    return data(
      { intent: "login", result: submission.reply({ hideFields: ["password"] }), failure: null },
      { status: 400 },
    );
  }
  try {
    const result = await authenticator.authenticate("form", request);
    // Any session the browser already had ends here: a new id at every sign-in.
    await endSession(await readSessionToken(request));
    if (result.kind === "must-change-password") {
      throw redirect(`/set-new-password?token=${encodeURIComponent(result.resetToken)}`);
    }
    if (result.kind === "two-factor") {
      throw redirect(twoFactorPath(submission.value.redirectTo), {
        headers: { "Set-Cookie": await challengeCookieHeader(result.challenge) },
      });
    }
    const to = safeRedirect(submission.value.redirectTo, dashboardPathFor(result.user));
    return redirectWithToast(
      to,
      { title: "Login successful", description: "Welcome back!" },
      { headers: { "Set-Cookie": await sessionCookieHeader(result.sessionToken) } },
    );
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    const { toast, inline } = signInRefusal(error);
    return dataWithToast(
      { request, context },
      {
        intent: "login" as const,
        result: submission.reply({ formErrors: [toast.title], hideFields: ["password"] }),
        failure: inline,
      },
      { type: "error", ...toast },
      { status: error.status, headers: refusalHeaders(error) },
    );
  }
}

export default function LoginPage() {
  const { redirectTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const registering = searchParams.get("dialog") === "register" || actionData?.intent === "register";
  const busyIntent = navigation.state !== "idle" ? navigation.formData?.get("intent") : null;

  // Checked by the server (loginSchema); the browser only asks for both fields before sending.
  const { form, field } = useServerForm("login", actionData?.intent === "login" ? actionData.result : undefined);
  const loginFailure = actionData?.intent === "login" ? actionData.failure : null;

  return (
    <AuthCard title="Sign in to your account">
      <FailureAlert failure={loginFailure} tone="warning" />
      <Form method="post" {...form} className="space-y-4">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Field label="Email" {...field("email")} type="email" required autoComplete="email" />
        <Field label="Password" {...field("password")} type="password" required autoComplete="current-password" />
        <div className="flex justify-end text-sm">
          <Link to="/forgot-password" className="font-medium text-brand-600 hover:underline">
            Forgot password?
          </Link>
        </div>
        <Button name="intent" value="login" className="w-full" disabled={busyIntent === "login"}>
          {busyIntent === "login" ? "Signing in..." : "Sign in"}
        </Button>
      </Form>
      <div className="mt-6 space-y-3 border-t border-slate-200 pt-6 text-center text-sm">
        <p className="text-slate-600">New agent?</p>
        <ButtonLink to="?dialog=register" variant="secondary" className="w-full" preventScrollReset>
          Request Account Access
        </ButtonLink>
        <ButtonLink to="/submitapplication" variant="ghost" className="w-full">
          Submit Insurance Application
        </ButtonLink>
        <ButtonLink to="/" variant="ghost" className="w-full">
          Back to Website
        </ButtonLink>
      </div>
      {registering ? <RegistrationDialog /> : null}
    </AuthCard>
  );
}

function RegistrationDialog() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "register";
  // Every rule is the server's (registrationSchema), said at its field, with what was typed kept.
  const { form, field } = useServerForm("register", actionData?.intent === "register" ? actionData.result : undefined);
  const failure = actionData?.intent === "register" ? actionData.failure : null;
  return (
    <UrlDialog title="Agent Registration" closeTo="/login">
      <p className="mb-4 text-sm text-slate-600">
        Tell us who you are. An administrator reviews every request; you can sign in once it is approved.
      </p>
      <FailureAlert failure={failure} />
      <Form method="post" action="/login?dialog=register" {...form} className="grid gap-4 sm:grid-cols-2">
        <Field label="First name" {...field("firstName")} type="text" autoComplete="given-name" />
        <Field label="Last name" {...field("lastName")} type="text" autoComplete="family-name" />
        <Field className="sm:col-span-2" label="Email" {...field("email")} type="email" autoComplete="email" />
        <Field label="Phone" {...field("phone")} type="tel" autoComplete="tel" />
        <Field label="License number" {...field("licenseNumber")} type="text" />
        <Field
          className="sm:col-span-2"
          label="Password"
          {...field("password")}
          type="password"
          autoComplete="new-password"
          hint="At least 6 characters."
        />
        <div className="flex flex-col-reverse gap-2 sm:col-span-2 sm:flex-row sm:justify-end">
          <ButtonLink to="/login" variant="secondary">
            Cancel
          </ButtonLink>
          <Button name="intent" value="register" disabled={busy}>
            {busy ? "Submitting..." : "Submit Request"}
          </Button>
        </div>
      </Form>
    </UrlDialog>
  );
}
