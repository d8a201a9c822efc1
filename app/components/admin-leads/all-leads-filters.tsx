import type { ReactNode } from "react";
import { FilterBar } from "~/components/ui/filter-bar";
import { inputClass } from "~/components/ui/field";
import { ADMIN_LEAD_FILTERS, ADMIN_LEAD_SORTS, ADMIN_LEAD_SORT_LABELS, UNASSIGNED_AGENT } from "~/domain/admin-leads";
import { STATES_WITH_DC } from "~/domain/states";
import { leadStatusStyle } from "~/domain/statuses";

export type AllLeadsFilterValues = {
  search: string;
  status: string;
  sort: string;
  agentId: string;
  carrierId: string;
  state: string;
  dateFrom: string;
  dateTo: string;
  unread: boolean;
};

type Choice = { id: string; name: string };

function Labelled({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="min-w-40">
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-700">
        {label}
      </label>
      {children}
    </div>
  );
}

function Select({
  id,
  label,
  value,
  options,
}: {
  id: string;
  label: string;
  value: string;
  options: [string, string][];
}) {
  return (
    <Labelled id={id} label={label}>
      <select id={id} name={id} defaultValue={value} className={inputClass}>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </Labelled>
  );
}

/**
 * All Leads' filters as one GET form (FilterBar): search, status, agent (or Unassigned: the leads
 * waiting for an admin) and sort always shown;
 * More Filters (a <details>, so it opens without JavaScript) holds carrier, state, the submitted
 * days and unread only. It opens by itself when one of those is set.
 */
export function AllLeadsFilters({
  values,
  agents,
  carriers,
}: {
  values: AllLeadsFilterValues;
  agents: Choice[];
  carriers: Choice[];
}) {
  const more = Boolean(values.carrierId || values.state || values.dateFrom || values.dateTo || values.unread);
  return (
    <FilterBar search={values.search} searchLabel="Search by name or email" placeholder="Name or email">
      <Select
        id="status"
        label="Status"
        value={values.status}
        options={ADMIN_LEAD_FILTERS.map((s) => [
          s === "all" ? "" : s,
          s === "all" ? "All statuses" : leadStatusStyle(s).label,
        ])}
      />
      <Select
        id="agentId"
        label="Agent"
        value={values.agentId}
        options={[
          ["", "All agents"],
          [UNASSIGNED_AGENT, "Unassigned"],
          ...agents.map((a): [string, string] => [a.id, a.name]),
        ]}
      />
      <Select
        id="sort"
        label="Sort by"
        value={values.sort === "newest" ? "" : values.sort}
        options={ADMIN_LEAD_SORTS.map((s) => [s === "newest" ? "" : s, ADMIN_LEAD_SORT_LABELS[s]])}
      />
      <details open={more} className="group w-full">
        <summary className="inline-flex min-h-10 cursor-pointer items-center rounded-md px-3 text-sm font-medium text-brand-700 ring-1 ring-slate-300 hover:bg-slate-50">
          More Filters
        </summary>
        <div className="mt-3 flex flex-wrap items-end gap-2">
          <Select
            id="carrierId"
            label="Carrier"
            value={values.carrierId}
            options={[["", "All carriers"], ...carriers.map((c): [string, string] => [c.id, c.name])]}
          />
          <Select
            id="state"
            label="State"
            value={values.state}
            options={[["", "All states"], ...STATES_WITH_DC.map((s): [string, string] => [s.code, s.name])]}
          />
          <Labelled id="dateFrom" label="Submitted from">
            <input id="dateFrom" name="dateFrom" type="date" defaultValue={values.dateFrom} className={inputClass} />
          </Labelled>
          <Labelled id="dateTo" label="Submitted to">
            <input id="dateTo" name="dateTo" type="date" defaultValue={values.dateTo} className={inputClass} />
          </Labelled>
          <label className="inline-flex min-h-10 items-center gap-2 text-sm text-slate-700">
            <input type="checkbox" name="unread" value="1" defaultChecked={values.unread} className="size-5" />
            Unread only
          </label>
        </div>
      </details>
    </FilterBar>
  );
}
