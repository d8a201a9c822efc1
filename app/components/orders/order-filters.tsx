import { FilterSelect, PeriodFilter } from "~/components/ui/period-filter";
import { RefreshLink } from "~/components/ui/refresh-link";
import type { PeriodSelection } from "~/domain/period-range";
import { fullName } from "~/domain/format";

type Bdm = { id: string; firstName: string; lastName: string };

/**
 * The Order Sheet's filters: the BDM (all or one) and the period in one GET form, so its one
 * Apply keeps both without JavaScript; with it, a choice applies at once. Refresh asks the server
 * for the same URL again.
 */
export function OrderFilters({
  bdms,
  bdm,
  selection,
  here,
}: {
  bdms: Bdm[];
  bdm: string | undefined;
  selection: PeriodSelection;
  here: string;
}) {
  return (
    <div className="flex flex-wrap items-end gap-2">
      <PeriodFilter selection={selection}>
        <FilterSelect
          id="order-bdm"
          name="bdm"
          label="BDM"
          value={bdm ?? ""}
          allLabel="All BDMs"
          options={bdms.map((b) => ({ value: b.id, label: fullName(b) }))}
        />
      </PeriodFilter>
      <RefreshLink to={here} />
    </div>
  );
}
