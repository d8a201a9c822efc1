import { FilterBar } from "~/components/ui/filter-bar";
import { inputClass } from "~/components/ui/field";

/**
 * Both retention screens' GET form: the customer's name or email and the agent, in the URL
 * (?search=&agentId=), kept when switching screens. `keep` carries the screen's own parameters
 * (retention by sale's payment filter).
 */
export function RetentionFilters({
  search,
  agentId,
  agents,
  keep = [],
}: {
  search: string;
  agentId: string;
  agents: { id: string; name: string }[];
  keep?: string[];
}) {
  return (
    <FilterBar search={search} searchLabel="Search customers" placeholder="Name or email" keep={keep}>
      <div className="min-w-44">
        <label htmlFor="agentId" className="mb-1 block text-xs font-medium text-slate-700">
          Agent
        </label>
        <select id="agentId" name="agentId" defaultValue={agentId} className={inputClass}>
          <option value="">All agents</option>
          {agents.map((agent) => (
            <option key={agent.id} value={agent.id}>
              {agent.name}
            </option>
          ))}
        </select>
      </div>
    </FilterBar>
  );
}
