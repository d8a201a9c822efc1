import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { Alert } from "~/components/ui/card";
import { DialogActions, HiddenFields } from "~/components/ui/confirm-dialog";
import { SelectField, TextAreaField, Field } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import { PAYMENT_MONTHS, firstYearCommissionCents, monthsOverdueAtSale } from "~/domain/commission";
import { formatDate, formatMoney } from "~/domain/format";
import { localDateTimeValue, todayIn } from "~/domain/periods";
import { adminLeadStatusSchema, leadStatusFormSchema } from "~/domain/schemas/lead-status";
import { birthDateOrNull, socialSecurityScheduleDueDates } from "~/domain/social-security-days";
import { CALLBACK_STATUSES, leadStatusStyle, type LeadStatus } from "~/domain/statuses";
import type { SaleProduct } from "~/services/lead-status.server";
import { useHydrated } from "~/utils/hydrated";
import { useIntentResult } from "~/utils/intent";
import { SaleDraftDay } from "./sale-draft-day";

/** What the status form needs to know of its lead. */
export type StatusFormLead = {
  id: string;
  status: string;
  soldAt: string | null;
  monthlyPremium: number | null;
  carrier: { name: string } | null;
  callbackDate: string | null;
  /** YYYY-MM-DD; the sale's schedule starts here. Absent where the page does not have it. */
  firstDraftDate?: string | null;
  /** The sold product; null on a sale recorded without one (decision 043). Absent where the page does not have it. */
  productId?: string | null;
  /** YYYY-MM-DD, and the client's choice of drafts on their Social Security day (decision 078). */
  dateOfBirth?: string | null;
  draftOnSocialSecurityDay?: boolean;
};

/**
 * A lead's status form: the status (callback and rescheduled ask for the date and time, in the
 * user's time zone), a product of the lead's carrier for a sale, and notes. My Leads' Update
 * Status and the Set Disposition / Update Disposition dialogs use it with their own list of
 * statuses; it posts `intent` to the page it is on. Without JavaScript every field is there, each
 * saying when it applies, and the server checks the rest.
 */
export function LeadStatusForm({
  lead,
  statuses,
  products,
  timezone,
  intent,
  closeTo,
  closeLabel,
  admin = false,
}: {
  lead: StatusFormLead;
  statuses: readonly LeadStatus[];
  products: SaleProduct[];
  timezone: string;
  intent: string;
  closeTo: string;
  /** The link that closes the form without a change ("Cancel", or "Skip" after an edit). */
  closeLabel?: string;
  /** An admin's form: every status may be chosen, as the server allows (adminLeadStatusSchema). */
  admin?: boolean;
}) {
  const hydrated = useHydrated();
  // A lead is sold once (docs/decisions/019): a sold lead keeps its sale whatever it is set to.
  const soldBefore = Boolean(lead.soldAt);
  // An admin's sale recorded without a product waits for one: choosing it completes the sale.
  const awaitingProduct = soldBefore && lead.status === "sale" && lead.productId === null;
  const choices = soldBefore && !awaitingProduct ? statuses.filter((s) => s !== "sale") : statuses;
  const current = choices.find((s) => s === lead.status) ?? "";
  const [form, fields] = useForm({
    id: `${intent}-${lead.id}`,
    lastResult: useIntentResult(intent),
    defaultValue: {
      status: current,
      callbackDate: lead.callbackDate ? localDateTimeValue(lead.callbackDate, timezone) : "",
      notes: "",
      productId: products.length === 1 ? products[0]!.id : "",
      draftOnSocialSecurityDay: lead.draftOnSocialSecurityDay ? "on" : "",
    },
    onValidate: ({ formData }) =>
      parseWithZod(formData, {
        schema: leadStatusFormSchema(timezone, admin ? adminLeadStatusSchema : undefined),
      }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const status = typeof fields.status.value === "string" ? fields.status.value : "";
  const product = products.find((p) => p.id === fields.productId.value) ?? null;
  const selling = status === "sale";
  const showProduct = !hydrated || selling;
  const showCallback = !hydrated || CALLBACK_STATUSES.some((s) => s === status);
  const commission =
    selling && product && lead.monthlyPremium
      ? firstYearCommissionCents(Math.round(lead.monthlyPremium * 100), product.compPercentage)
      : null;

  // A first draft date already passed lays out months that are overdue the moment the sale is
  // recorded: say so before the agent records it (without JavaScript, beside the product).
  const today = todayIn(timezone);
  const bornOn = fields.draftOnSocialSecurityDay.value === "on" ? birthDateOrNull(lead.dateOfBirth) : null;
  const layOut = bornOn ? (first: string) => socialSecurityScheduleDueDates(first, bornOn, PAYMENT_MONTHS) : undefined;
  const overdueAtSale = soldBefore ? 0 : monthsOverdueAtSale(lead.firstDraftDate, today, layOut);

  let submitLabel = "Update Status";
  let blocked = false;
  if (hydrated && selling) {
    // An admin may record a sale without a product (its commission to be decided), not complete one.
    const productOptional = admin && !awaitingProduct;
    if (products.length === 0 && !productOptional) [submitLabel, blocked] = ["No Products Available", true];
    else if (!product && !productOptional) [submitLabel, blocked] = ["Select Product First", true];
    else submitLabel = "Record Sale";
  }

  return (
    <Form method="post" preventScrollReset {...getFormProps(form)} className="space-y-4">
      <HiddenFields fields={{ id: lead.id }} />
      {soldBefore ? (
        <Alert tone="info">
          This lead was sold. Setting another status keeps the sale and its payment schedule, and cancels the
          commission.
          {awaitingProduct
            ? " Its commission is to be decided: keep Sale and choose the product to work it out."
            : null}
        </Alert>
      ) : null}
      <SelectField label="Status" {...getSelectProps(fields.status)} errors={fields.status.errors}>
        <option value="">Select a status</option>
        {choices.map((value) => (
          <option key={value} value={value}>
            {leadStatusStyle(value).label}
          </option>
        ))}
      </SelectField>

      {showProduct && (!soldBefore || awaitingProduct) ? (
        <div className="space-y-2">
          {fields.productId.errors?.length ? (
            <Alert tone="error">
              <p className="font-semibold">Product Required</p>
              <p>{fields.productId.errors[0]}</p>
            </Alert>
          ) : null}
          <SelectField
            label={hydrated ? "Product" : "Product (for a sale)"}
            {...getSelectProps(fields.productId)}
            disabled={products.length === 0}
            hint={
              products.length === 0
                ? `You have no products for ${lead.carrier?.name ?? "this lead's carrier"}. Add them under Carriers & States.`
                : commission !== null
                  ? `Commission: ${formatMoney(commission)} (monthly premium × 9 × ${product!.compPercentage}%)`
                  : undefined
            }
          >
            <option value="">{products.length === 0 ? "No Products Available" : "Select a product"}</option>
            {products.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name} ({p.compPercentage}%)
              </option>
            ))}
          </SelectField>
          {!soldBefore ? (
            <SaleDraftDay
              field={fields.draftOnSocialSecurityDay}
              dateOfBirth={lead.dateOfBirth}
              firstDue={lead.firstDraftDate?.slice(0, 10) ?? today}
              hydrated={hydrated}
            />
          ) : null}
          {overdueAtSale > 0 ? (
            <Alert tone="warning">
              <p className="font-semibold">First draft date has passed</p>
              <p>
                {hydrated ? "Recording this sale" : "A sale"} starts the payment schedule on{" "}
                {formatDate(lead.firstDraftDate!.slice(0, 10), "UTC")}, so {overdueAtSale} of its 9 months will be
                overdue at once. Edit the first draft date first if the client&apos;s payments start later.
              </p>
            </Alert>
          ) : null}
        </div>
      ) : null}

      {showCallback ? (
        <Field
          label={hydrated ? "Callback date and time" : "Callback date and time (for callback or rescheduled)"}
          {...getInputProps(fields.callbackDate, { type: "datetime-local" })}
          hint={`In your time zone (${timezone.replace(/_/g, " ")}).`}
          errors={fields.callbackDate.errors}
        />
      ) : null}

      <TextAreaField
        label="Notes (optional)"
        rows={3}
        {...getTextareaProps(fields.notes)}
        errors={fields.notes.errors}
        placeholder="What happened on the call"
      />
      {form.errors?.length ? <Alert tone="error">{form.errors[0]}</Alert> : null}
      <DialogActions closeTo={closeTo} closeLabel={closeLabel}>
        <SubmitButton intent={intent} pendingLabel={selling ? "Recording..." : "Updating..."} disabled={blocked}>
          {submitLabel}
        </SubmitButton>
      </DialogActions>
    </Form>
  );
}
