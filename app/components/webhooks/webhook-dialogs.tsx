import { getCollectionProps, getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { ConfirmDialog, DialogActions } from "~/components/ui/confirm-dialog";
import { Field, FieldErrors } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import { UrlDialog } from "~/components/ui/url-dialog";
import { webhookCreateSchema } from "~/domain/schemas/webhooks";
import {
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOK_EVENT_DESCRIPTIONS,
  WEBHOOK_EVENTS,
  WEBHOOK_URL_MAX,
} from "~/domain/webhooks";
import type { WebhookView } from "~/services/webhooks.server";
import { useIntentResult } from "~/utils/intent";

type WebhookFormValues = { url: string; events: string[]; description: string };

/** Add Endpoint: URL, events, description. Bad input comes back with the messages at the fields and everything kept. */
export function AddWebhookDialog({ closeTo }: { closeTo: string }) {
  return (
    <WebhookFormDialog title="Add Endpoint" intent="create" closeTo={closeTo} pendingLabel="Adding...">
      <p className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700">
        Adding the endpoint makes its signing secret, shown once on the next screen.
      </p>
    </WebhookFormDialog>
  );
}

/** Edit Endpoint: the same fields, filled in; the secret and the waiting deliveries stay. */
export function EditWebhookDialog({ webhook, closeTo }: { webhook: WebhookView; closeTo: string }) {
  return (
    <WebhookFormDialog
      title="Edit Endpoint"
      intent="update"
      closeTo={closeTo}
      pendingLabel="Saving..."
      submitLabel="Save Changes"
      webhook={webhook}
    >
      <p className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700">
        The signing secret stays the same. Deliveries still waiting go to the URL saved here.
      </p>
    </WebhookFormDialog>
  );
}

function WebhookFormDialog({
  title,
  intent,
  closeTo,
  pendingLabel,
  submitLabel = title,
  webhook,
  children,
}: {
  title: string;
  intent: "create" | "update";
  closeTo: string;
  pendingLabel: string;
  submitLabel?: string;
  webhook?: WebhookView;
  children: ReactNode;
}) {
  const [form, fields] = useForm<WebhookFormValues>({
    id: `${intent}-webhook`,
    lastResult: useIntentResult(intent),
    defaultValue: webhook
      ? { url: webhook.url, events: webhook.events, description: webhook.description ?? "" }
      : undefined,
    // The schema's output (events narrowed, description null) differs from the form's text; only the field errors matter here.
    onValidate: ({ formData }) => parseWithZod(formData, { schema: webhookCreateSchema }) as never,
    shouldValidate: "onSubmit",
    // Never on blur: a message appearing on blur moves the button from under a click.
    shouldRevalidate: "onInput",
  });
  const eventErrorId = `${fields.events.id}-error`;
  return (
    <UrlDialog title={title} closeTo={closeTo} size="lg">
      <Form method="post" preventScrollReset {...getFormProps(form)} className="space-y-4">
        {webhook ? <input type="hidden" name="id" value={webhook.id} /> : null}
        <Field
          label="Endpoint URL"
          {...getInputProps(fields.url, { type: "url" })}
          errors={fields.url.errors}
          maxLength={WEBHOOK_URL_MAX}
          placeholder="https://example.com/webhooks/agency"
          autoComplete="off"
          required
        />
        <fieldset aria-describedby={fields.events.errors?.length ? eventErrorId : undefined}>
          <legend className="mb-1 block text-sm font-medium text-slate-700">Events</legend>
          <div className="grid gap-1 sm:grid-cols-2">
            {getCollectionProps(fields.events, { type: "checkbox", options: [...WEBHOOK_EVENTS] }).map(
              ({ key, ...props }) => (
                <label
                  key={key}
                  className="flex min-h-10 cursor-pointer items-start gap-3 rounded px-2 py-1.5 text-sm hover:bg-slate-50"
                >
                  <input {...props} className="mt-0.5 size-4 rounded border-slate-300 text-brand-600" />
                  <span>
                    <span className="font-mono text-slate-900">{props.value}</span>
                    <span className="block text-xs text-slate-600">
                      {WEBHOOK_EVENT_DESCRIPTIONS[props.value as keyof typeof WEBHOOK_EVENT_DESCRIPTIONS]}
                    </span>
                  </span>
                </label>
              ),
            )}
          </div>
          <FieldErrors id={eventErrorId} errors={fields.events.errors} />
        </fieldset>
        <Field
          label="Description (optional)"
          {...getInputProps(fields.description, { type: "text" })}
          errors={fields.description.errors}
          maxLength={WEBHOOK_DESCRIPTION_MAX}
          autoComplete="off"
        />
        {children}
        <DialogActions closeTo={closeTo}>
          <SubmitButton intent={intent} pendingLabel={pendingLabel}>
            {submitLabel}
          </SubmitButton>
        </DialogActions>
      </Form>
    </UrlDialog>
  );
}

/** Delete: asks first, since the receiver stops hearing events and the log goes with it. */
export function DeleteWebhookDialog({ webhook, closeTo }: { webhook: WebhookView; closeTo: string }) {
  return (
    <ConfirmDialog
      title="Delete Endpoint"
      closeTo={closeTo}
      intent="delete"
      fields={{ id: webhook.id }}
      confirmLabel="Delete Endpoint"
      pendingLabel="Deleting..."
      danger
    >
      <p>
        Delete the endpoint <strong className="[overflow-wrap:anywhere]">{webhook.url}</strong>?
      </p>
      <p className="text-slate-600">
        It stops receiving events at once; deliveries still pending are never sent, and its delivery log is deleted.
      </p>
    </ConfirmDialog>
  );
}
