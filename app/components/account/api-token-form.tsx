import { Form } from "@remix-run/react";
import { useServerForm } from "~/components/auth/server-form";
import { Field, SelectField } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import {
  API_TOKEN_EXPIRY_CHOICES,
  API_TOKEN_NAME_MAX,
  API_TOKEN_SCOPES,
  API_TOKEN_SCOPE_LABELS,
} from "~/domain/api-tokens";
import { useIntentResult } from "~/utils/intent";

/**
 * Create token: a name, read or read-write, and when it stops working. Bad input comes back with
 * the messages at the fields and everything typed kept, with JavaScript or without.
 */
export function ApiTokenForm() {
  // Checked by the server (apiTokenCreateSchema) and answered at the fields: three fields need no
  // form library in the browser (docs/decisions/053).
  const { form, field } = useServerForm("create-api-token", useIntentResult("create"));
  const scope = field("scope");
  const expiresInDays = field("expiresInDays");
  return (
    <Form method="post" preventScrollReset {...form} noValidate className="space-y-4 p-4">
      <div className="grid gap-4 sm:grid-cols-3">
        <Field
          label="Name"
          {...field("name")}
          type="text"
          maxLength={API_TOKEN_NAME_MAX}
          autoComplete="off"
          hint="What uses it: a dialer, a sheet, Zapier."
          required
        />
        <SelectField label="Access" {...scope} defaultValue={scope.defaultValue ?? "read"}>
          {API_TOKEN_SCOPES.map((scope) => (
            <option key={scope} value={scope}>
              {API_TOKEN_SCOPE_LABELS[scope]}
            </option>
          ))}
        </SelectField>
        <SelectField label="Expires" {...expiresInDays} defaultValue={expiresInDays.defaultValue ?? "90"}>
          {API_TOKEN_EXPIRY_CHOICES.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </SelectField>
      </div>
      <p className="text-sm text-slate-600">
        A read only token can only look (GET); a read and write token can also change what you can change, and each
        change it makes is recorded in the audit trail. The token is shown once, on the next screen.
      </p>
      <SubmitButton intent="create" pendingLabel="Creating...">
        Create token
      </SubmitButton>
    </Form>
  );
}
