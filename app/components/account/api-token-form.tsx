import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { Field, SelectField } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import {
  API_TOKEN_EXPIRY_CHOICES,
  API_TOKEN_NAME_MAX,
  API_TOKEN_SCOPES,
  API_TOKEN_SCOPE_LABELS,
} from "~/domain/api-tokens";
import { apiTokenCreateSchema } from "~/domain/schemas/api-tokens";
import { useIntentResult } from "~/utils/intent";

type TokenFormValues = Record<"name" | "scope" | "expiresInDays", string>;

/**
 * Create token: a name, read or read-write, and when it stops working. Bad input comes back with
 * the messages at the fields and everything typed kept, with JavaScript or without.
 */
export function ApiTokenForm() {
  const [form, fields] = useForm<TokenFormValues>({
    id: "create-api-token",
    lastResult: useIntentResult("create"),
    defaultValue: { scope: "read", expiresInDays: "90" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: apiTokenCreateSchema }) as never,
    shouldValidate: "onSubmit",
    // Never on blur: a message appearing on blur moves the button from under a click.
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" preventScrollReset {...getFormProps(form)} className="space-y-4 p-4">
      <div className="grid gap-4 sm:grid-cols-3">
        <Field
          label="Name"
          {...getInputProps(fields.name, { type: "text" })}
          errors={fields.name.errors}
          maxLength={API_TOKEN_NAME_MAX}
          autoComplete="off"
          hint="What uses it: a dialer, a sheet, Zapier."
          required
        />
        <SelectField label="Access" {...getSelectProps(fields.scope)} errors={fields.scope.errors}>
          {API_TOKEN_SCOPES.map((scope) => (
            <option key={scope} value={scope}>
              {API_TOKEN_SCOPE_LABELS[scope]}
            </option>
          ))}
        </SelectField>
        <SelectField label="Expires" {...getSelectProps(fields.expiresInDays)} errors={fields.expiresInDays.errors}>
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
