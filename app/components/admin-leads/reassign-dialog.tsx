import { Form } from "@remix-run/react";
import { useState } from "react";
import { Alert } from "~/components/ui/card";
import { DialogActions } from "~/components/ui/confirm-dialog";
import { SelectField } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import { UrlDialog } from "~/components/ui/url-dialog";
import { REASSIGN_INTENT, type ReassignIntentResult } from "~/domain/lead-reassign";
import { stateName } from "~/domain/states";
import type { AssignableAgent, ReassignDialogData, ReassignLead } from "~/services/lead-reassign.server";
import { useHydrated } from "~/utils/hydrated";

/**
 * Reassign Lead (part 1, section 2), for one lead or several selected ones
 * (`?dialog=reassign&ids=a,b,c`): pick an approved agent (a single lead's current one is not
 * offered) and Reassign. The form posts the page's "reassign" intent. With JavaScript, Reassign
 * stays disabled until an agent is picked; without it the server answers "Please select an
 * agent" at the field. An agent not licensed in a lead's state is flagged in the list, and the
 * server asks for a second step that names the state(s): the same form, then posting
 * confirmUnlicensed for that agent ("Reassign anyway").
 */
export function ReassignDialog({
  data,
  closeTo,
  result,
}: {
  data: ReassignDialogData;
  closeTo: string;
  /** The page action's answer to a refused post (useActionData), if it was this intent's. */
  result?: ReassignIntentResult | null;
}) {
  const single = data.leads.length === 1;
  return (
    <UrlDialog title={single ? "Reassign Lead" : `Reassign ${data.leads.length} Leads`} closeTo={closeTo}>
      <LeadsBeingMoved leads={data.leads} />
      <ReassignAgentForm data={data} result={result} label="New agent" closeTo={closeTo} className="mt-4" />
    </UrlDialog>
  );
}

/**
 * The agent select, the licence confirmation and Reassign: the Reassign Lead dialog's form, and
 * the lead dialog's Reassign Agent (part 1's Agent Assignment & Disposition, decision 045), which
 * posts to the page's URL with the lead dialog open. With `closeTo` the button sits beside Cancel.
 */
export function ReassignAgentForm({
  data,
  result,
  label,
  closeTo,
  className,
}: {
  data: ReassignDialogData;
  result?: ReassignIntentResult | null;
  label: string;
  closeTo?: string;
  className?: string;
}) {
  const hydrated = useHydrated();
  const answer = result?.intent === REASSIGN_INTENT ? result : null;
  const [agentId, setAgentId] = useState(answer?.agentId ?? "");
  // A later answer (a second refusal) picks what it names.
  const [seen, setSeen] = useState(answer);
  if (answer !== seen) {
    setSeen(answer);
    setAgentId(answer?.agentId ?? "");
  }
  const leadStates = [...new Set(data.leads.map((lead) => lead.state).filter((state): state is string => !!state))];
  const chosen = data.agents.find((agent) => agent.id === agentId);
  // What the server asked about holds only for the agent it was asked for.
  const confirm = answer?.confirm && answer.confirm.agentId === agentId ? answer.confirm : null;
  const agentError = answer?.agentError && answer.agentId === agentId ? answer.agentError : null;
  const unlicensed = chosen ? missingStates(chosen, leadStates) : [];
  const submit = (
    <SubmitButton intent={REASSIGN_INTENT} pendingLabel="Reassigning..." disabled={hydrated && !agentId}>
      {confirm ? "Reassign anyway" : "Reassign"}
    </SubmitButton>
  );

  return (
    <Form method="post" preventScrollReset className={`space-y-4 ${className ?? ""}`}>
      {data.leads.map((lead) => (
        <input key={lead.id} type="hidden" name="ids" value={lead.id} />
      ))}
      <SelectField
        id={closeTo ? "reassign-agent" : `reassign-agent-${data.leads[0]?.id ?? ""}`}
        name="agentId"
        label={label}
        value={agentId}
        onChange={(event) => setAgentId(event.target.value)}
        errors={agentError ? [agentError] : null}
        hint={
          data.agents.length === 0
            ? "No approved agent can receive this lead."
            : unlicensed.length && !confirm
              ? `Not licensed in ${unlicensed.map(stateName).join(", ")}: you will be asked to confirm.`
              : "Only approved agents can receive leads."
        }
      >
        <option value="">Select an agent</option>
        {data.agents.map((agent) => (
          <option key={agent.id} value={agent.id}>
            {/* The note before the email: a phone's closed select shows only the start of an option. */}
            {agent.name}
            {missingStates(agent, leadStates).length
              ? ` · not licensed in ${missingStates(agent, leadStates).join(", ")}`
              : ""}{" "}
            ({agent.email})
          </option>
        ))}
      </SelectField>
      {confirm ? (
        <>
          <Alert tone="warning">{confirm.message}</Alert>
          <input type="hidden" name="confirmUnlicensed" value="true" />
          <input type="hidden" name="confirmedFor" value={confirm.agentId} />
        </>
      ) : null}
      {closeTo ? (
        <DialogActions closeTo={closeTo}>{submit}</DialogActions>
      ) : (
        <div className="flex justify-end">{submit}</div>
      )}
    </Form>
  );
}

function missingStates(agent: AssignableAgent, states: string[]) {
  return states.filter((state) => !agent.states.includes(state));
}

/** The lead (or leads) and where each is now; a long selection scrolls with the dialog's body. */
function LeadsBeingMoved({ leads }: { leads: ReassignLead[] }) {
  const describe = (lead: ReassignLead) =>
    `${lead.state ? `${lead.state} · ` : ""}${lead.agentName ? `currently ${lead.agentName}` : "no agent yet"}`;
  if (leads.length === 1) {
    const lead = leads[0]!;
    return (
      <p className="text-sm [overflow-wrap:anywhere] text-slate-600">
        <span className="font-medium text-slate-900">{lead.name}</span> · {describe(lead)}
      </p>
    );
  }
  return (
    <ul aria-label="Leads to reassign" className="divide-y divide-slate-100 rounded-md border border-slate-200 text-sm">
      {leads.map((lead) => (
        <li key={lead.id} className="px-3 py-2 [overflow-wrap:anywhere]">
          <span className="font-medium text-slate-900">{lead.name}</span>
          <span className="text-slate-600"> · {describe(lead)}</span>
        </li>
      ))}
    </ul>
  );
}
