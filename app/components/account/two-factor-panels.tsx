import { Form } from "@remix-run/react";
import { useServerForm } from "~/components/auth/server-form";
import { Alert, Card } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import { formatDateTime } from "~/domain/format";
import { useIntentResult } from "~/utils/intent";

/** A form that asks for a current code from the app, for one intent (enable, regenerate, disable). */
function CodeForm({
  intent,
  label,
  pendingLabel,
  variant,
}: {
  intent: string;
  label: string;
  pendingLabel: string;
  variant?: "primary" | "secondary" | "danger";
}) {
  const { form, field } = useServerForm(intent, useIntentResult(intent));
  return (
    <Form method="post" {...form} className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <Field
        className="sm:w-56"
        label="Code from your app"
        {...field("code")}
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        required
      />
      <SubmitButton intent={intent} pendingLabel={pendingLabel} variant={variant} className="sm:mt-6">
        {label}
      </SubmitButton>
    </Form>
  );
}

/** Ten codes shown once, right after they were made. */
export function RecoveryCodesShown({ codes }: { codes: string[] }) {
  return (
    <Card className="p-4 sm:p-6">
      <h2 className="text-lg font-semibold text-slate-900">Your recovery codes</h2>
      <Alert tone="warning">
        <p>
          Save these codes somewhere safe now: they are shown only this once. Each signs you in once if you lose your
          phone.
        </p>
      </Alert>
      <ul aria-label="Recovery codes" className="mt-4 grid grid-cols-2 gap-2 font-mono text-sm sm:grid-cols-5">
        {codes.map((code) => (
          <li key={code} className="rounded bg-slate-100 px-2 py-1 text-center text-slate-900">
            {code}
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** Enrolment: a button that makes a secret, then the QR code, the secret as text and the first code. */
export function EnrolmentPanel({
  mustEnrol,
  pending,
  qrSvg,
}: {
  mustEnrol: boolean;
  pending: { secret: string } | null;
  qrSvg: string | null;
}) {
  return (
    <Card className="space-y-4 p-4 sm:p-6">
      <h2 className="text-lg font-semibold text-slate-900">Turn on two-factor sign-in</h2>
      {mustEnrol ? (
        <Alert tone="warning">
          <p>Administrators must turn on two-factor sign-in before they can use the admin portal.</p>
        </Alert>
      ) : null}
      <p className="text-sm text-slate-700">
        After your password, sign-in will ask for a 6-digit code from an authenticator app on your phone (Google
        Authenticator, Microsoft Authenticator, 1Password and the like).
      </p>
      {pending && qrSvg ? (
        <div className="space-y-4">
          <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700">
            <li>Scan this QR code with your authenticator app, or type the secret into it.</li>
            <li>Enter the 6-digit code the app shows.</li>
          </ol>
          <div
            role="img"
            aria-label="QR code for your authenticator app"
            className="h-48 w-48 bg-white [&>svg]:h-full [&>svg]:w-full"
            dangerouslySetInnerHTML={{ __html: qrSvg }}
          />
          <p className="text-sm text-slate-700">
            Secret: <code className="font-mono break-all text-slate-900">{pending.secret}</code>
          </p>
          <CodeForm intent="enable" label="Turn on" pendingLabel="Checking..." />
        </div>
      ) : (
        <Form method="post">
          <SubmitButton intent="setup" pendingLabel="Preparing...">
            Set up two-factor sign-in
          </SubmitButton>
        </Form>
      )}
    </Card>
  );
}

/** Two-factor sign-in is on: since when, the recovery codes left, new codes, and (agents) turning it off. */
export function EnabledPanel({
  enabledAt,
  recoveryCodesLeft,
  canDisable,
  timezone,
}: {
  enabledAt: string;
  recoveryCodesLeft: number;
  canDisable: boolean;
  timezone: string;
}) {
  return (
    <Card className="space-y-6 p-4 sm:p-6">
      <div>
        <h2 className="text-lg font-semibold text-slate-900">Two-factor sign-in is on</h2>
        <p className="mt-1 text-sm text-slate-700">
          On since {formatDateTime(enabledAt, timezone)}. {recoveryCodesLeft} of 10 recovery codes left.
        </p>
      </div>
      <section className="space-y-2">
        <h3 className="font-semibold text-slate-900">New recovery codes</h3>
        <p className="text-sm text-slate-700">Ten new codes replace the old ones, which stop working.</p>
        <CodeForm intent="regenerate" label="Make new codes" pendingLabel="Making..." variant="secondary" />
      </section>
      {canDisable ? (
        <section className="space-y-2">
          <h3 className="font-semibold text-slate-900">Turn off</h3>
          <p className="text-sm text-slate-700">Sign-in will ask for your password only.</p>
          <CodeForm intent="disable" label="Turn off" pendingLabel="Turning off..." variant="danger" />
        </section>
      ) : null}
    </Card>
  );
}
