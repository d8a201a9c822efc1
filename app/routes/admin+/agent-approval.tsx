import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { DataTable } from "~/components/ui/data-table";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, type ShouldRevalidateFunction } from "@remix-run/react";
import { useState, type ReactNode } from "react";
import { AgentStatusBadge } from "~/components/agents/agent-status-badge";
import type { PageHandle } from "~/components/shell/app-shell";
import { Button, ButtonLink } from "~/components/ui/button";
import { Card, StatCard } from "~/components/ui/card";
import { Field, SelectField } from "~/components/ui/field";
import { UrlDialog } from "~/components/ui/url-dialog";
import { formatDate, formatPhone } from "~/domain/format";
import {
  ADD_CALLS_MAX, ADD_CALLS_MIN, AGENT_TABS, addCallsSchema, agentTabFrom, approveAgentSchema, assignBdmSchema,
  type AgentTab,
} from "~/domain/schemas/agents";
import {
  addCalls, approveAgent, assignBdm, generateTemporaryPassword, getTemporaryPassword, listAgentsGrouped, listBdms,
  rejectAgent, setAgentStatus, type AgentView, type BdmView,
} from "~/services/agents.server";
import { ServiceError } from "~/services/errors.server";
import { requireAdmin } from "~/utils/auth.server";
import { useHydrated } from "~/utils/hydrated";
import { redirectWithToast } from "~/utils/toast.server";

export const meta: MetaFunction = () => [{ title: "Agent Approval | Agency CRM" }];

export const handle: PageHandle = { title: "Agent Approval", subtitle: "Review registrations and manage agents" };

const PAGE = "/admin/agent-approval";
const DIALOGS = ["approve", "reject", "assign-bdm", "add-calls", "generate-password", "view-password"] as const;
type DialogName = (typeof DIALOGS)[number];

const TAB_LABELS: Record<AgentTab, string> = {
  all: "All",
  pending: "Pending",
  approved: "Approved",
  paused: "Paused",
  rejected: "Rejected",
};

function pageUrl(tab: AgentTab, extra: Record<string, string> = {}) {
  const params = new URLSearchParams();
  if (tab !== "all") params.set("tab", tab);
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  const query = params.toString();
  return query ? `${PAGE}?${query}` : PAGE;
}

function dialogUrl(tab: AgentTab, dialog: DialogName, agentId: string) {
  return pageUrl(tab, { dialog, agent: agentId });
}

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const url = new URL(request.url);
  const tab = agentTabFrom(url.searchParams.get("tab"));
  const dialogParam = url.searchParams.get("dialog");
  const dialog = (DIALOGS as readonly string[]).includes(dialogParam ?? "") ? (dialogParam as DialogName) : null;
  const agentId = url.searchParams.get("agent") ?? "";
  const [groups, bdms] = await Promise.all([listAgentsGrouped(admin), listBdms(admin)]);

  // The temporary password is read (and its viewing logged) only when an admin opens it.
  let temporaryPassword: string | null = null;
  if (dialog === "view-password" && agentId) {
    try {
      temporaryPassword = (await getTemporaryPassword(admin, agentId)).temporaryPassword;
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
    }
  }
  return { tab, groups, bdms, dialog, agentId, temporaryPassword, timezone: admin.timezone };
}

/**
 * The shell's background refresh would read (and log as viewed) an open temporary password again
 * every 30 seconds; that dialog needs no refresh, so only real navigations reload it.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
  if (!formMethod && currentUrl.href === nextUrl.href && nextUrl.searchParams.get("dialog") === "view-password") return false;
  return defaultShouldRevalidate;
};

type Failure = { title: string; fallback: string };
const FAILURES: Record<string, Failure> = {
  approve: { title: "Approval failed", fallback: "Failed to approve agent" },
  reject: { title: "Rejection Failed", fallback: "Failed to reject agent" },
  status: { title: "Status update failed", fallback: "Failed to update agent status" },
  "assign-bdm": { title: "Assignment Failed", fallback: "Failed to assign BDM" },
  "add-calls": { title: "Failed to add calls", fallback: "Failed to add calls" },
  "generate-password": { title: "Failed to generate password", fallback: "Failed to generate password" },
};

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const agentId = String(formData.get("agentId") ?? "");
  const tab = agentTabFrom(String(formData.get("tab") ?? ""));
  const failureKey = intent === "pause" || intent === "activate" ? "status" : intent;

  const fail = (error: ServiceError) => {
    const failure = FAILURES[failureKey] ?? { title: "Error", fallback: "Something went wrong" };
    return redirectWithToast(pageUrl(tab), { type: "error", title: failure.title, description: `${failure.fallback}: ${error.message}` });
  };

  try {
    switch (intent) {
      case "approve": {
        const submission = parseWithZod(formData, { schema: approveAgentSchema });
        if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
        try {
          const agent = await approveAgent(admin, agentId, submission.value);
          return redirectWithToast(pageUrl(tab), { title: "Agent Approved", description: `${agent.user.firstName} ${agent.user.lastName} can now sign in.` });
        } catch (error) {
          if (error instanceof ServiceError && error.fieldErrors) {
            return data({ intent, result: submission.reply({ fieldErrors: error.fieldErrors }) }, { status: error.status });
          }
          throw error;
        }
      }
      case "reject": {
        const agent = await rejectAgent(admin, agentId);
        return redirectWithToast(pageUrl(tab), { title: "Agent Rejected", description: `${agent.user.firstName} ${agent.user.lastName}'s registration was rejected.` });
      }
      case "pause":
      case "activate": {
        const status = intent === "pause" ? "paused" : "approved";
        const agent = await setAgentStatus(admin, agentId, status);
        const name = `${agent.user.firstName} ${agent.user.lastName}`;
        // The table switches to the tab of the agent's new state, so the admin sees the result.
        return redirectWithToast(
          pageUrl(status),
          status === "paused"
            ? { title: "Agent paused", description: `${name} has been signed out and receives no new leads.` }
            : { title: "Agent activated", description: `${name} can sign in and receive leads again.` },
        );
      }
      case "assign-bdm": {
        const submission = parseWithZod(formData, { schema: assignBdmSchema });
        if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
        try {
          const agent = await assignBdm(admin, agentId, submission.value.bdmId);
          const bdm = agent.assignedBdm ? `${agent.assignedBdm.firstName} ${agent.assignedBdm.lastName}` : "The BDM";
          return redirectWithToast(pageUrl(tab), { title: "BDM Assigned", description: `${bdm} now looks after ${agent.user.firstName} ${agent.user.lastName}.` });
        } catch (error) {
          if (error instanceof ServiceError && error.fieldErrors) {
            return data({ intent, result: submission.reply({ fieldErrors: error.fieldErrors }) }, { status: error.status });
          }
          throw error;
        }
      }
      case "add-calls": {
        const submission = parseWithZod(formData, { schema: addCallsSchema });
        if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
        const agent = await addCalls(admin, agentId, submission.value.callsToAdd);
        return redirectWithToast(pageUrl(tab), {
          title: "Calls added successfully",
          description: `${agent.user.firstName} ${agent.user.lastName} now has ${agent.callsLeft} of ${agent.callQuota} calls left.`,
        });
      }
      case "generate-password": {
        const { temporaryPassword, agentName } = await generateTemporaryPassword(admin, agentId);
        return redirectWithToast(pageUrl(tab), {
          title: "Temporary password generated",
          description: `Give it to ${agentName}. They must replace it with a password of their own at their next sign-in.`,
          copyValue: temporaryPassword,
          durationMs: 10_000,
        });
      }
      default:
        return data({ intent, result: null }, { status: 400 });
    }
  } catch (error) {
    if (error instanceof ServiceError) return fail(error);
    throw error;
  }
}

export default function AgentApprovalPage() {
  const { tab, groups, bdms, dialog, agentId, temporaryPassword, timezone } = useLoaderData<typeof loader>();
  const all = [...groups.pending, ...groups.approved, ...groups.paused, ...groups.rejected].sort((a, b) =>
    b.createdAt.localeCompare(a.createdAt),
  );
  const rows = tab === "all" ? all : groups[tab];
  const dialogAgent = dialog ? all.find((a) => a.id === agentId) ?? null : null;
  const counts: Record<AgentTab, number> = {
    all: all.length,
    pending: groups.pending.length,
    approved: groups.approved.length,
    paused: groups.paused.length,
    rejected: groups.rejected.length,
  };

  return (
    <div className="space-y-6">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <StatCard label="Pending" value={counts.pending} caption="Waiting for a decision" />
        <StatCard label="Approved" value={counts.approved} caption={`Active agents${counts.paused ? `; ${counts.paused} paused` : ""}`} />
        <StatCard label="Rejected" value={counts.rejected} caption="Registrations turned down" />
      </div>

      <Card>
        <div className="border-b border-slate-200 px-4 py-3">
          <h2 className="font-semibold text-slate-900">Pending Approval</h2>
        </div>
        {groups.pending.length === 0 ? (
          <p className="px-4 py-8 text-center text-sm text-slate-500">No agents are waiting for approval.</p>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="Agents waiting for approval">
            {groups.pending.map((agent) => (
              <li key={agent.id} className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0 text-sm">
                  <p className="font-medium text-slate-900">{agent.user.firstName} {agent.user.lastName}</p>
                  <p className="break-all text-slate-600">{agent.user.email}</p>
                  <p className="text-slate-500">
                    {formatPhone(agent.user.phone) || "No phone"} · License {agent.licenseNumber} · Registered {formatDate(agent.createdAt, timezone)}
                  </p>
                </div>
                <div className="flex shrink-0 gap-2">
                  <ButtonLink to={dialogUrl(tab, "approve", agent.id)} preventScrollReset aria-label={`Approve ${agent.user.firstName} ${agent.user.lastName}`}>
                    Approve
                  </ButtonLink>
                  <ButtonLink to={dialogUrl(tab, "reject", agent.id)} variant="secondary" preventScrollReset aria-label={`Reject ${agent.user.firstName} ${agent.user.lastName}`}>
                    Reject
                  </ButtonLink>
                </div>
              </li>
            ))}
          </ul>
        )}
      </Card>

      <Card className="overflow-hidden">
        <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 px-4 py-3">
          <h2 className="font-semibold text-slate-900">All Agents</h2>
          <nav aria-label="Filter agents by status" className="flex flex-wrap gap-1">
            {AGENT_TABS.map((t) => (
              <Link
                key={t}
                to={pageUrl(t)}
                preventScrollReset
                aria-current={t === tab ? "page" : undefined}
                className={`rounded-md px-3 py-1.5 text-sm font-medium ${t === tab ? "bg-brand-600 text-white" : "text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"}`}
              >
                {TAB_LABELS[t]} ({counts[t]})
              </Link>
            ))}
          </nav>
        </div>
        <DataTable columns={["Agent Details", "License", "Status", "Call Quota", "BDM", "Setup", "Registered", "Actions"]} isEmpty={rows.length === 0} empty="No agents found in this category." dense>
                {rows.map((agent) => (
                  <AgentRow key={agent.id} agent={agent} tab={tab} timezone={timezone} />
                ))}
        </DataTable>
      </Card>

      {dialog && dialogAgent ? (
        <AgentDialog dialog={dialog} agent={dialogAgent} tab={tab} bdms={bdms} temporaryPassword={temporaryPassword} />
      ) : null}
    </div>
  );
}

const smallButton =
  "inline-flex min-h-8 items-center justify-center rounded-md px-2.5 py-1 text-xs font-semibold whitespace-nowrap disabled:opacity-60";
const smallSecondary = `${smallButton} bg-white text-slate-800 ring-1 ring-inset ring-slate-300 hover:bg-slate-50`;
const rowLink = "py-0.5 text-xs leading-snug font-medium text-brand-700 hover:underline";

function AgentRow({ agent, tab, timezone }: { agent: AgentView; tab: AgentTab; timezone: string }) {
  const name = `${agent.user.firstName} ${agent.user.lastName}`;
  const manageable = agent.status === "approved" || agent.status === "paused";
  return (
    <tr>
      <td className="px-3 py-3">
        <p className="font-medium text-slate-900">{name}</p>
        <p className="text-slate-600">{agent.user.email}</p>
        <p className="text-slate-500">{formatPhone(agent.user.phone)}</p>
        {agent.companyName ? <p className="text-xs text-slate-500">{agent.companyName}</p> : null}
      </td>
      <td className="px-3 py-3 whitespace-nowrap">{agent.licenseNumber}</td>
      <td className="px-3 py-3"><AgentStatusBadge status={agent.status} /></td>
      <td className="px-3 py-3 whitespace-nowrap tabular-nums">
        {agent.callsLeft} / {agent.callQuota}
        <p className="text-xs text-slate-500">{agent.conversion.toFixed(1)}% sold</p>
      </td>
      <td className="px-3 py-3 whitespace-nowrap">{agent.assignedBdm ? `${agent.assignedBdm.firstName} ${agent.assignedBdm.lastName}` : "None"}</td>
      <td className="px-3 py-3">{agent.setupComplete ? "Complete" : "Pending"}</td>
      <td className="px-3 py-3 whitespace-nowrap">{formatDate(agent.createdAt, timezone)}</td>
      <td className="px-3 py-3">
        <div className="flex w-32 flex-col items-start gap-1.5">
          <div className="flex flex-wrap gap-1.5">
            {agent.status === "pending" || agent.status === "rejected" ? (
              <Link to={dialogUrl(tab, "approve", agent.id)} preventScrollReset className={smallSecondary} aria-label={`Approve ${name}`}>Approve</Link>
            ) : null}
            {agent.status === "pending" ? (
              <Link to={dialogUrl(tab, "reject", agent.id)} preventScrollReset className={smallSecondary} aria-label={`Reject ${name}`}>Reject</Link>
            ) : null}
            {manageable ? (
              <Form method="post" action={pageUrl(tab)} preventScrollReset>
                <input type="hidden" name="agentId" value={agent.id} />
                <input type="hidden" name="tab" value={tab} />
                {agent.status === "approved" ? (
                  <button type="submit" name="intent" value="pause" className={smallSecondary} aria-label={`Pause ${name}`}>Pause</button>
                ) : (
                  <button type="submit" name="intent" value="activate" className={`${smallButton} bg-green-600 text-white hover:bg-green-700`} aria-label={`Activate ${name}`}>Activate</button>
                )}
              </Form>
            ) : null}
          </div>
          {manageable ? (
            <>
              <Link to={dialogUrl(tab, "assign-bdm", agent.id)} preventScrollReset className={rowLink} aria-label={`Assign BDM to ${name}`}>Assign BDM</Link>
              <Link to={dialogUrl(tab, "add-calls", agent.id)} preventScrollReset className={rowLink} aria-label={`Add calls for ${name}`}>Add Calls</Link>
              <Link to={dialogUrl(tab, "generate-password", agent.id)} preventScrollReset className={rowLink} aria-label={`Generate temporary password for ${name}`}>Generate Temporary Password</Link>
            </>
          ) : null}
          {agent.hasTemporaryPassword ? (
            <Link to={dialogUrl(tab, "view-password", agent.id)} preventScrollReset className={rowLink} aria-label={`View temporary password of ${name}`}>View temporary password</Link>
          ) : null}
        </div>
      </td>
    </tr>
  );
}

function AgentDialog({
  dialog, agent, tab, bdms, temporaryPassword,
}: { dialog: DialogName; agent: AgentView; tab: AgentTab; bdms: BdmView[]; temporaryPassword: string | null }) {
  const closeTo = pageUrl(tab);
  const name = `${agent.user.firstName} ${agent.user.lastName}`;
  switch (dialog) {
    case "approve":
      return <ApproveDialog agent={agent} tab={tab} bdms={bdms} />;
    case "reject":
      return (
        <ConfirmDialog title="Reject Agent" closeTo={closeTo} agent={agent} tab={tab} intent="reject" confirmLabel="Reject" busyLabel="Rejecting..." danger>
          Reject the registration of <strong>{name}</strong> ({agent.user.email})? They will not be able to sign in.
        </ConfirmDialog>
      );
    case "assign-bdm":
      return <AssignBdmDialog agent={agent} tab={tab} bdms={bdms} />;
    case "add-calls":
      return <AddCallsDialog agent={agent} tab={tab} />;
    case "generate-password":
      return (
        <ConfirmDialog title="Generate Temporary Password" closeTo={closeTo} agent={agent} tab={tab} intent="generate-password" confirmLabel="Generate Temporary Password" busyLabel="Generating...">
          <strong>{name}</strong>'s current password stops working and any open session ends. You will see the
          temporary password once; give it to the agent, who must replace it at the next sign-in.
        </ConfirmDialog>
      );
    case "view-password":
      return <ViewPasswordDialog name={name} closeTo={closeTo} temporaryPassword={temporaryPassword} />;
  }
}

function useBusy(intent: string) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

function HiddenFields({ agent, tab }: { agent: AgentView; tab: AgentTab }) {
  return (
    <>
      <input type="hidden" name="agentId" value={agent.id} />
      <input type="hidden" name="tab" value={tab} />
    </>
  );
}

function DialogButtons({ closeTo, children }: { closeTo: string; children: ReactNode }) {
  return (
    <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
      <ButtonLink to={closeTo} variant="secondary" preventScrollReset>Cancel</ButtonLink>
      {children}
    </div>
  );
}

function ConfirmDialog({
  title, closeTo, agent, tab, intent, confirmLabel, busyLabel, danger, children,
}: {
  title: string; closeTo: string; agent: AgentView; tab: AgentTab; intent: string; confirmLabel: string; busyLabel: string;
  danger?: boolean; children: ReactNode;
}) {
  const busy = useBusy(intent);
  return (
    <UrlDialog title={title} closeTo={closeTo}>
      <Form method="post" action={closeTo} preventScrollReset className="space-y-4">
        <HiddenFields agent={agent} tab={tab} />
        <p className="text-sm text-slate-700">{children}</p>
        <DialogButtons closeTo={closeTo}>
          <Button name="intent" value={intent} variant={danger ? "danger" : "primary"} disabled={busy}>
            {busy ? busyLabel : confirmLabel}
          </Button>
        </DialogButtons>
      </Form>
    </UrlDialog>
  );
}

function ApproveDialog({ agent, tab, bdms }: { agent: AgentView; tab: AgentTab; bdms: BdmView[] }) {
  const actionData = useActionData<typeof action>();
  const busy = useBusy("approve");
  const [form, fields] = useForm({
    id: `approve-${agent.id}`,
    lastResult: actionData?.intent === "approve" ? actionData.result : undefined,
    constraint: getZodConstraint(approveAgentSchema),
    defaultValue: { phone: agent.user.phone ?? "", companyName: agent.companyName ?? "", assignedBdm: agent.assignedBdm?.id ?? "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: approveAgentSchema }),
    shouldRevalidate: "onInput",
  });
  const self = dialogUrl(tab, "approve", agent.id);
  return (
    <UrlDialog title="Approve Agent" closeTo={pageUrl(tab)}>
      <p className="mb-4 text-sm text-slate-600">
        Approve <strong>{agent.user.firstName} {agent.user.lastName}</strong> ({agent.user.email}, license {agent.licenseNumber}).
      </p>
      <Form method="post" action={self} preventScrollReset {...getFormProps(form)} className="space-y-4">
        <HiddenFields agent={agent} tab={tab} />
        <Field label="Calls Ordered" {...getInputProps(fields.callsOrdered, { type: "number" })} step={1} inputMode="numeric" errors={fields.callsOrdered.errors} hint="Becomes the agent's call quota and calls left." />
        <Field label="Phone" {...getInputProps(fields.phone, { type: "tel" })} autoComplete="off" errors={fields.phone.errors} />
        <Field label="Company Name" {...getInputProps(fields.companyName, { type: "text" })} autoComplete="off" errors={fields.companyName.errors} />
        <SelectField label="Assign BDM" {...getSelectProps(fields.assignedBdm)} errors={fields.assignedBdm.errors}>
          <option value="">No BDM</option>
          {bdms.map((bdm) => (
            <option key={bdm.id} value={bdm.id}>{bdm.firstName} {bdm.lastName}</option>
          ))}
        </SelectField>
        <DialogButtons closeTo={pageUrl(tab)}>
          <Button name="intent" value="approve" disabled={busy}>{busy ? "Approving..." : "Approve Agent"}</Button>
        </DialogButtons>
      </Form>
    </UrlDialog>
  );
}

function AssignBdmDialog({ agent, tab, bdms }: { agent: AgentView; tab: AgentTab; bdms: BdmView[] }) {
  const actionData = useActionData<typeof action>();
  const busy = useBusy("assign-bdm");
  const [form, fields] = useForm({
    id: `assign-bdm-${agent.id}`,
    lastResult: actionData?.intent === "assign-bdm" ? actionData.result : undefined,
    constraint: getZodConstraint(assignBdmSchema),
    defaultValue: { bdmId: agent.assignedBdm?.id ?? "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: assignBdmSchema }),
    shouldRevalidate: "onInput",
  });
  const self = dialogUrl(tab, "assign-bdm", agent.id);
  return (
    <UrlDialog title="Assign BDM" closeTo={pageUrl(tab)}>
      <Form method="post" action={self} preventScrollReset {...getFormProps(form)} className="space-y-4">
        <HiddenFields agent={agent} tab={tab} />
        <p className="text-sm text-slate-600">
          Business development manager for <strong>{agent.user.firstName} {agent.user.lastName}</strong>.
        </p>
        <SelectField label="BDM" {...getSelectProps(fields.bdmId)} errors={fields.bdmId.errors}>
          <option value="">Choose a BDM</option>
          {bdms.map((bdm) => (
            <option key={bdm.id} value={bdm.id}>{bdm.firstName} {bdm.lastName}</option>
          ))}
        </SelectField>
        <DialogButtons closeTo={pageUrl(tab)}>
          <Button name="intent" value="assign-bdm" disabled={busy}>{busy ? "Assigning..." : "Assign BDM"}</Button>
        </DialogButtons>
      </Form>
    </UrlDialog>
  );
}

function AddCallsDialog({ agent, tab }: { agent: AgentView; tab: AgentTab }) {
  const actionData = useActionData<typeof action>();
  const busy = useBusy("add-calls");
  const hydrated = useHydrated();
  const [form, fields] = useForm({
    id: `add-calls-${agent.id}`,
    lastResult: actionData?.intent === "add-calls" ? actionData.result : undefined,
    constraint: getZodConstraint(addCallsSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: addCallsSchema }),
    shouldRevalidate: "onInput",
  });
  const [value, setValue] = useState(String(fields.callsToAdd.initialValue ?? ""));
  // With JavaScript the button waits for a positive number; without it the server answers.
  const nothingToAdd = hydrated && !(Number(value) > 0);
  const self = dialogUrl(tab, "add-calls", agent.id);
  return (
    <UrlDialog title="Add Calls" closeTo={pageUrl(tab)}>
      <Form method="post" action={self} preventScrollReset {...getFormProps(form)} className="space-y-4">
        <HiddenFields agent={agent} tab={tab} />
        <p className="text-sm text-slate-600">
          <strong>{agent.user.firstName} {agent.user.lastName}</strong> has {agent.callsLeft} of {agent.callQuota} calls left.
        </p>
        <Field
          label="Calls to add"
          {...getInputProps(fields.callsToAdd, { type: "number" })}
          min={ADD_CALLS_MIN}
          max={ADD_CALLS_MAX}
          step={1}
          inputMode="numeric"
          onChange={(e) => setValue(e.currentTarget.value)}
          hint={`A whole number from ${ADD_CALLS_MIN} to ${ADD_CALLS_MAX}.`}
          errors={fields.callsToAdd.errors}
        />
        <DialogButtons closeTo={pageUrl(tab)}>
          <Button name="intent" value="add-calls" disabled={busy || nothingToAdd}>{busy ? "Adding..." : "Add Calls"}</Button>
        </DialogButtons>
      </Form>
    </UrlDialog>
  );
}

function ViewPasswordDialog({ name, closeTo, temporaryPassword }: { name: string; closeTo: string; temporaryPassword: string | null }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  return (
    <UrlDialog title="Temporary Password" closeTo={closeTo}>
      {temporaryPassword ? (
        <div className="space-y-3 text-sm text-slate-700">
          <p>
            The temporary password of <strong>{name}</strong>. It stays visible to administrators until the agent signs in
            and replaces it with a password of their own.
          </p>
          <div className="flex items-center gap-2">
            <label htmlFor="temporary-password" className="sr-only">Temporary password</label>
            <input
              id="temporary-password"
              readOnly
              value={temporaryPassword}
              onFocus={(e) => e.currentTarget.select()}
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
          {copied ? <p role="status" className="text-green-700">Password copied to clipboard</p> : null}
        </div>
      ) : (
        <p className="text-sm text-slate-700">
          {name} has already replaced the temporary password with their own, so there is nothing to show.
        </p>
      )}
      <div className="mt-4 flex justify-end">
        <ButtonLink to={closeTo} variant="secondary" preventScrollReset>Close</ButtonLink>
      </div>
    </UrlDialog>
  );
}
