import { Form, useSubmit } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button";
import { StatCards } from "~/components/ui/card";
import { inputClass } from "~/components/ui/field";
import { formatDollars } from "~/domain/format";
import type { AtRiskPage } from "~/services/at-risk.server";

/** The queue's figures: how many policies are at risk, and the advance they would charge back. */
export function AtRiskFigures({ queue }: { queue: Pick<AtRiskPage, "total" | "totalExposure"> }) {
  return (
    <StatCards
      items={[
        {
          label: "Policies at Risk",
          value: queue.total.toLocaleString("en-US"),
          caption: "Missed payment or lapse pending",
        },
        {
          label: "Exposure",
          value: formatDollars(queue.totalExposure),
          caption: "Unearned advance charged back if they lapse",
        },
      ]}
    />
  );
}

/** The admin's agent filter (?agentId=): a GET form, sent as soon as an agent is chosen with JavaScript. */
export function AgentFilter({ agents, agentId }: { agents: { id: string; name: string }[]; agentId: string }) {
  const submit = useSubmit();
  return (
    <Form method="get" preventScrollReset className="flex flex-wrap items-end gap-2" key={agentId}>
      <div>
        <label htmlFor="agentId" className="mb-1 block text-xs font-medium text-slate-600">
          Agent
        </label>
        <select
          id="agentId"
          name="agentId"
          defaultValue={agentId}
          className={`${inputClass} w-56 max-w-full`}
          onChange={(e) => submit(e.currentTarget.form, { preventScrollReset: true })}
        >
          <option value="">All agents</option>
          {agents.map((agent) => (
            <option key={agent.id} value={agent.id}>
              {agent.name}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className={buttonClass("secondary")}>
        Show
      </button>
    </Form>
  );
}
