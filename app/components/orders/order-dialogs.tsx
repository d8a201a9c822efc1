import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { DialogActions, HiddenFields } from "~/components/ui/confirm-dialog";
import { Field, SelectField } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import { UrlDialog } from "~/components/ui/url-dialog";
import { centsFromDollars, dollarsFromCents, formatMoney, fullName } from "~/domain/format";
import {
  COMPANY_SOURCES,
  DEFAULT_PAYMENT_GATEWAY,
  MANUAL_AGENT,
  PAYMENT_GATEWAYS,
  costPerCallCents,
} from "~/domain/orders";
import { orderCreateSchema, orderEditSchema } from "~/domain/schemas/orders";
import { ORDER_STATUSES, orderStatusStyle } from "~/domain/statuses";
import type { OrderAgentChoice, OrderView } from "~/services/orders.server";
import { useHydrated } from "~/utils/hydrated";
import { useIntentResult } from "~/utils/intent";

/** What the dialog's fields hold, as typed (the schemas read them). */
type OrderFormValues = Record<
  | "agentId"
  | "agentName"
  | "callsOrdered"
  | "callsCompleted"
  | "companySource"
  | "platformSource"
  | "referrer"
  | "totalPayment"
  | "paymentGateway"
  | "bdm"
  | "status",
  string
>;

export type OrderChoices = { agents: OrderAgentChoice[]; bdms: { id: string; firstName: string; lastName: string }[] };

/**
 * Add New Order (no order) and Edit Order (with its calls completed and status), one form with
 * the rules of part 2, section 5. Bad input comes back with the messages at the fields and
 * everything typed kept.
 */
export function OrderFormDialog({
  order,
  choices,
  closeTo,
}: {
  order?: OrderView;
  choices: OrderChoices;
  closeTo: string;
}) {
  const editing = Boolean(order);
  const intent = editing ? "update" : "create";
  const schema = editing ? orderEditSchema : orderCreateSchema;
  const hydrated = useHydrated();
  const [form, fields] = useForm<OrderFormValues>({
    id: order ? `edit-order-${order.id}` : "add-order",
    lastResult: useIntentResult(intent),
    defaultValue: order
      ? {
          agentId: order.agentId ?? MANUAL_AGENT,
          agentName: order.agentName,
          callsOrdered: String(order.callsOrdered),
          callsCompleted: String(order.callsCompleted),
          companySource: order.companySource,
          platformSource: order.platformSource,
          referrer: order.referrer ?? "",
          totalPayment: dollarsFromCents(order.totalPaymentCents),
          paymentGateway: order.paymentGateway,
          bdm: order.bdmId ?? "",
          status: order.status,
        }
      : { agentId: "", companySource: COMPANY_SOURCES[0], paymentGateway: DEFAULT_PAYMENT_GATEWAY, bdm: "" },
    // The two schemas' outputs differ; only the field errors matter here.
    onValidate: ({ formData }) => parseWithZod(formData, { schema }) as never,
    shouldValidate: "onSubmit",
    // Messages appear at submit and then change as the user types, never on blur: a message
    // appearing or leaving on blur moves the button from under a click (press and release apart).
    shouldRevalidate: "onInput",
  });

  // Without JavaScript the name field is always there (it counts when no agent is chosen); with
  // it, the name field shows for Manual entry, or when it has something to say.
  const agentChoice = fields.agentId.value ?? "";
  const chosenAgent = agentChoice !== "" && agentChoice !== MANUAL_AGENT;
  const showName =
    !hydrated ||
    agentChoice === MANUAL_AGENT ||
    Boolean(fields.agentName.errors?.length) ||
    (!chosenAgent && Boolean(fields.agentName.value));

  const totalCents = centsFromDollars(fields.totalPayment.value ?? "");
  const calls = Number(fields.callsOrdered.value ?? "");
  const preview =
    totalCents !== null && totalCents >= 0 && Number.isInteger(calls) && calls >= 1
      ? costPerCallCents(totalCents, calls)
      : null;

  return (
    <UrlDialog title={editing ? "Edit Order" : "Add New Order"} closeTo={closeTo} size="lg">
      <Form method="post" preventScrollReset {...getFormProps(form)} className="space-y-4">
        {order ? <HiddenFields fields={{ id: order.id }} /> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label="Agent"
            {...getSelectProps(fields.agentId)}
            errors={fields.agentId.errors}
            className="sm:col-span-2"
          >
            <option value="">Select an agent</option>
            {order?.agentId && !choices.agents.some((agent) => agent.id === order.agentId) ? (
              // The order's agent, no longer approved or pending: kept as is unless another is chosen.
              <option value={order.agentId}>{order.agentName}</option>
            ) : null}
            {choices.agents.map((agent) => (
              <option key={agent.id} value={agent.id}>
                {agent.pending ? `${agent.name} (Pending)` : agent.name}
              </option>
            ))}
            <option value={MANUAL_AGENT}>Manual entry (type a name)</option>
          </SelectField>
          {showName ? (
            <Field
              label="Agent Name"
              {...getInputProps(fields.agentName, { type: "text" })}
              errors={fields.agentName.errors}
              autoComplete="off"
              maxLength={200}
              hint={hydrated ? undefined : "Used when Manual entry is chosen, or no agent."}
              className="sm:col-span-2"
            />
          ) : null}
          <Field
            label="Calls Ordered"
            {...getInputProps(fields.callsOrdered, { type: "number" })}
            errors={fields.callsOrdered.errors}
            min={1}
            step={1}
            required
            inputMode="numeric"
          />
          {editing ? (
            <Field
              label="Calls Completed"
              {...getInputProps(fields.callsCompleted, { type: "number" })}
              errors={fields.callsCompleted.errors}
              min={0}
              step={1}
              required
              inputMode="numeric"
            />
          ) : null}
          <SelectField
            label="Company Source"
            {...getSelectProps(fields.companySource)}
            errors={fields.companySource.errors}
          >
            {COMPANY_SOURCES.map((source) => (
              <option key={source} value={source}>
                {source}
              </option>
            ))}
          </SelectField>
          <Field
            label="Platform Source"
            {...getInputProps(fields.platformSource, { type: "text" })}
            errors={fields.platformSource.errors}
            maxLength={120}
            placeholder="e.g. Facebook Ads"
            required
          />
          <Field
            label="Referrer (optional)"
            {...getInputProps(fields.referrer, { type: "text" })}
            errors={fields.referrer.errors}
            maxLength={200}
          />
          <Field
            label="Total Payment ($)"
            {...getInputProps(fields.totalPayment, { type: "number" })}
            errors={fields.totalPayment.errors}
            min={0}
            step={0.01}
            required
            inputMode="decimal"
          />
          <SelectField
            label="Payment Gateway"
            {...getSelectProps(fields.paymentGateway)}
            errors={fields.paymentGateway.errors}
          >
            {PAYMENT_GATEWAYS.map((gateway) => (
              <option key={gateway} value={gateway}>
                {gateway}
              </option>
            ))}
          </SelectField>
          <SelectField label="BDM" {...getSelectProps(fields.bdm)} errors={fields.bdm.errors}>
            <option value="">Not assigned</option>
            {choices.bdms.map((bdm) => (
              <option key={bdm.id} value={bdm.id}>
                {fullName(bdm)}
              </option>
            ))}
          </SelectField>
          {editing ? (
            <SelectField label="Status" {...getSelectProps(fields.status)} errors={fields.status.errors}>
              {ORDER_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {orderStatusStyle(status).label}
                </option>
              ))}
            </SelectField>
          ) : null}
        </div>
        <div aria-live="polite">
          {preview !== null ? (
            <p className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700">
              Cost per call: <strong>{formatMoney(preview)}</strong>
            </p>
          ) : null}
        </div>
        <DialogActions closeTo={closeTo}>
          <SubmitButton intent={intent} pendingLabel={editing ? "Saving..." : "Adding..."}>
            {editing ? "Save Changes" : "Add Order"}
          </SubmitButton>
        </DialogActions>
      </Form>
    </UrlDialog>
  );
}
