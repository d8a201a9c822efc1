import { Form, useSubmit } from "@remix-run/react";
import { buttonClass } from "./button";
import { inputClass } from "./field";

/**
 * An admin list's agent filter (?agentId=) as a form of its own (Callback Management, At Risk): a
 * GET form, sent as soon as an agent is chosen with JavaScript, with Show for a browser without it.
 */
export function AgentFilterForm({ agents, agentId }: { agents: { id: string; name: string }[]; agentId: string }) {
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
