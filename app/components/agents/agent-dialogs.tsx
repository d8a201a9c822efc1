import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { useState } from "react";
import { Button, ButtonLink } from "~/components/ui/button";
import { ConfirmDialog, DialogActions, HiddenFields } from "~/components/ui/confirm-dialog";
import { Field, SelectField } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import { UrlDialog } from "~/components/ui/url-dialog";
import {
  ADD_CALLS_MAX,
  ADD_CALLS_MIN,
  addCallsSchema,
  approveAgentSchema,
  assignBdmSchema,
} from "~/domain/schemas/agents";
import type { AgentDialogName } from "~/domain/agent-options";
import type { AgentRow, BdmView } from "~/services/agents.server";
import { useHydrated } from "~/utils/hydrated";
import { useIntentResult } from "~/utils/intent";
import { agentName } from "./agents-table";
import { fullName } from "~/domain/format";

type DialogProps = { agent: AgentRow; closeTo: string };

/** The open dialog; its forms post to the page's own URL (the dialog's), with the agent's id. */
export function AgentDialog({
  dialog,
  agent,
  bdms,
  temporaryPassword,
  closeTo,
}: {
  dialog: AgentDialogName;
  agent: AgentRow;
  bdms: BdmView[];
  temporaryPassword: string | null;
  closeTo: string;
}) {
  switch (dialog) {
    case "approve":
      return <ApproveAgentDialog key={agent.id} agent={agent} bdms={bdms} closeTo={closeTo} />;
    case "reject":
      return <RejectAgentDialog agent={agent} closeTo={closeTo} />;
    case "assign-bdm":
      return <AssignBdmDialog key={agent.id} agent={agent} bdms={bdms} closeTo={closeTo} />;
    case "add-calls":
      return <AddCallsDialog key={agent.id} agent={agent} closeTo={closeTo} />;
    case "generate-password":
      return <GeneratePasswordDialog agent={agent} closeTo={closeTo} />;
    case "view-password":
      return <TemporaryPasswordDialog agent={agent} closeTo={closeTo} temporaryPassword={temporaryPassword} />;
  }
}

function BdmOptions({ bdms }: { bdms: BdmView[] }) {
  return bdms.map((bdm) => (
    <option key={bdm.id} value={bdm.id}>
      {fullName(bdm)}
    </option>
  ));
}

/** Calls Ordered is required; phone, company and BDM start as the agent registered them. */
function ApproveAgentDialog({ agent, bdms, closeTo }: DialogProps & { bdms: BdmView[] }) {
  const [form, fields] = useForm({
    id: `approve-${agent.id}`,
    lastResult: useIntentResult("approve"),
    constraint: getZodConstraint(approveAgentSchema),
    defaultValue: {
      phone: agent.user.phone ?? "",
      companyName: agent.companyName ?? "",
      assignedBdm: agent.assignedBdm?.id ?? "",
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: approveAgentSchema }),
    shouldRevalidate: "onInput",
  });
  return (
    <UrlDialog title="Approve Agent" closeTo={closeTo}>
      <p className="mb-4 text-sm [overflow-wrap:anywhere] text-slate-600">
        Approve <strong>{agentName(agent)}</strong> ({agent.user.email}, license {agent.licenseNumber}).
      </p>
      <Form method="post" preventScrollReset {...getFormProps(form)} className="space-y-4">
        <HiddenFields fields={{ agentId: agent.id }} />
        <Field
          label="Calls Ordered"
          {...getInputProps(fields.callsOrdered, { type: "number" })}
          step={1}
          inputMode="numeric"
          errors={fields.callsOrdered.errors}
          hint="Becomes the agent's call quota and calls left."
        />
        <Field
          label="Phone"
          {...getInputProps(fields.phone, { type: "tel" })}
          autoComplete="off"
          errors={fields.phone.errors}
        />
        <Field
          label="Company Name"
          {...getInputProps(fields.companyName, { type: "text" })}
          autoComplete="off"
          errors={fields.companyName.errors}
        />
        <SelectField label="Assign BDM" {...getSelectProps(fields.assignedBdm)} errors={fields.assignedBdm.errors}>
          <option value="">No BDM</option>
          <BdmOptions bdms={bdms} />
        </SelectField>
        <DialogActions closeTo={closeTo}>
          <SubmitButton intent="approve" pendingLabel="Approving...">
            Approve Agent
          </SubmitButton>
        </DialogActions>
      </Form>
    </UrlDialog>
  );
}

function RejectAgentDialog({ agent, closeTo }: DialogProps) {
  return (
    <ConfirmDialog
      title="Reject Agent"
      closeTo={closeTo}
      intent="reject"
      fields={{ agentId: agent.id }}
      confirmLabel="Reject"
      pendingLabel="Rejecting..."
      danger
    >
      <p className="[overflow-wrap:anywhere]">
        Reject the registration of <strong>{agentName(agent)}</strong> ({agent.user.email})? They will not be able to
        sign in.
      </p>
    </ConfirmDialog>
  );
}

function AssignBdmDialog({ agent, bdms, closeTo }: DialogProps & { bdms: BdmView[] }) {
  const [form, fields] = useForm({
    id: `assign-bdm-${agent.id}`,
    lastResult: useIntentResult("assign-bdm"),
    constraint: getZodConstraint(assignBdmSchema),
    defaultValue: { bdmId: agent.assignedBdm?.id ?? "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: assignBdmSchema }),
    shouldRevalidate: "onInput",
  });
  return (
    <UrlDialog title="Assign BDM" closeTo={closeTo}>
      <Form method="post" preventScrollReset {...getFormProps(form)} className="space-y-4">
        <HiddenFields fields={{ agentId: agent.id }} />
        <p className="text-sm text-slate-600">
          Business development manager for <strong>{agentName(agent)}</strong>.
        </p>
        <SelectField label="BDM" {...getSelectProps(fields.bdmId)} errors={fields.bdmId.errors}>
          <option value="">Choose a BDM</option>
          <BdmOptions bdms={bdms} />
        </SelectField>
        <DialogActions closeTo={closeTo}>
          <SubmitButton intent="assign-bdm" pendingLabel="Assigning...">
            Assign BDM
          </SubmitButton>
        </DialogActions>
      </Form>
    </UrlDialog>
  );
}

function AddCallsDialog({ agent, closeTo }: DialogProps) {
  const hydrated = useHydrated();
  const [form, fields] = useForm({
    id: `add-calls-${agent.id}`,
    lastResult: useIntentResult("add-calls"),
    constraint: getZodConstraint(addCallsSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: addCallsSchema }),
    shouldRevalidate: "onInput",
  });
  const [value, setValue] = useState(String(fields.callsToAdd.initialValue ?? ""));
  // With JavaScript the button waits for a positive number; without it the server answers.
  const nothingToAdd = hydrated && !(Number(value) > 0);
  return (
    <UrlDialog title="Add Calls" closeTo={closeTo}>
      <Form method="post" preventScrollReset {...getFormProps(form)} className="space-y-4">
        <HiddenFields fields={{ agentId: agent.id }} />
        <p className="text-sm text-slate-600">
          <strong>{agentName(agent)}</strong> has {agent.callsLeft} of {agent.callQuota} calls left.
        </p>
        <Field
          label="Calls to add"
          {...getInputProps(fields.callsToAdd, { type: "number" })}
          min={ADD_CALLS_MIN}
          max={ADD_CALLS_MAX}
          step={1}
          inputMode="numeric"
          onChange={(event) => setValue(event.currentTarget.value)}
          hint={`A whole number from ${ADD_CALLS_MIN} to ${ADD_CALLS_MAX}.`}
          errors={fields.callsToAdd.errors}
        />
        <DialogActions closeTo={closeTo}>
          <SubmitButton intent="add-calls" pendingLabel="Adding..." disabled={nothingToAdd}>
            Add Calls
          </SubmitButton>
        </DialogActions>
      </Form>
    </UrlDialog>
  );
}

function GeneratePasswordDialog({ agent, closeTo }: DialogProps) {
  return (
    <ConfirmDialog
      title="Generate Temporary Password"
      closeTo={closeTo}
      intent="generate-password"
      fields={{ agentId: agent.id }}
      confirmLabel="Generate Temporary Password"
      pendingLabel="Generating..."
    >
      <p>
        <strong>{agentName(agent)}</strong>'s current password stops working and any open session ends. You will see the
        temporary password once; give it to the agent, who must replace it at the next sign-in.
      </p>
    </ConfirmDialog>
  );
}

/**
 * The outstanding temporary password, for an admin (the loader reads it, and logs the look, only
 * when this dialog is open). Without JavaScript the read-only field is there to select and copy.
 */
function TemporaryPasswordDialog({
  agent,
  closeTo,
  temporaryPassword,
}: DialogProps & { temporaryPassword: string | null }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  const name = agentName(agent);
  return (
    <UrlDialog title="Temporary Password" closeTo={closeTo}>
      {temporaryPassword ? (
        <div className="space-y-3 text-sm text-slate-700">
          <p>
            The temporary password of <strong>{name}</strong>. It stays visible to administrators until the agent signs
            in and replaces it with a password of their own.
          </p>
          <div className="flex items-center gap-2">
            <label htmlFor="temporary-password" className="sr-only">
              Temporary password
            </label>
            <input
              id="temporary-password"
              readOnly
              value={temporaryPassword}
              onFocus={(event) => event.currentTarget.select()}
              className="min-w-0 flex-1 rounded-md border border-slate-300 px-3 py-2 font-mono"
            />
            {hydrated ? (
              <Button
                type="button"
                variant="secondary"
                onClick={() => navigator.clipboard?.writeText(temporaryPassword).then(() => setCopied(true))}
              >
                {copied ? "Copied" : "Copy"}
              </Button>
            ) : null}
          </div>
          {copied ? (
            <p role="status" className="text-green-700">
              Password copied to clipboard
            </p>
          ) : null}
        </div>
      ) : (
        <p className="text-sm text-slate-700">
          {name} has already replaced the temporary password with their own, so there is nothing to show.
        </p>
      )}
      <div className="mt-4 flex justify-end">
        <ButtonLink to={closeTo} variant="secondary" preventScrollReset>
          Close
        </ButtonLink>
      </div>
    </UrlDialog>
  );
}
