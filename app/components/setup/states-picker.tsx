import { Button } from "~/components/ui/button";
import { Field, FieldErrors, TextAreaField } from "~/components/ui/field";
import { US_STATES } from "~/domain/states";

/**
 * Licensed states: a checklist of the 50 states with Select all / Clear all, a box to type one
 * state and add it, and bulk entry (names or codes, commas or new lines) that adds to or replaces
 * the selection. Every button posts, so it all works without JavaScript.
 */
export function StatesPicker({
  selected,
  errors,
  stateEntry,
  bulkStates,
  stateEntryErrors,
  bulkErrors,
}: {
  selected: string[];
  errors?: string[];
  stateEntry: string;
  bulkStates: string;
  stateEntryErrors?: string[];
  bulkErrors?: string[];
}) {
  return (
    <div className="space-y-5">
      <div className="grid gap-4 lg:grid-cols-2">
        <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
          <Field
            id="stateEntry"
            name="stateEntry"
            label="Add a state"
            placeholder="e.g. Florida or FL"
            defaultValue={stateEntry}
            autoComplete="off"
            className="flex-1"
            errors={stateEntryErrors}
            onKeyDown={(e) => {
              if (e.key === "Enter") {
                e.preventDefault();
                e.currentTarget.form?.querySelector<HTMLButtonElement>('button[value="add-state"]')?.click();
              }
            }}
          />
          <Button variant="secondary" name="intent" value="add-state" className="sm:mt-6">
            Add
          </Button>
        </div>
        <div>
          <TextAreaField
            id="bulkStates"
            name="bulkStates"
            label="Bulk entry"
            rows={3}
            defaultValue={bulkStates}
            placeholder={"Florida, TX, georgia\nNew York"}
            hint="Full names or two-letter codes, separated by commas or new lines."
            errors={bulkErrors}
          />
          <div className="mt-2 flex flex-wrap gap-2">
            <Button variant="secondary" name="intent" value="bulk-add">
              Add States
            </Button>
            <Button variant="secondary" name="intent" value="bulk-replace">
              Replace States
            </Button>
          </div>
        </div>
      </div>

      <fieldset>
        <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
          <legend className="text-sm font-medium text-slate-700">
            Licensed states <span className="font-normal text-slate-500">({selected.length} selected)</span>
          </legend>
          <div className="flex gap-2">
            <Button variant="ghost" className="min-h-8 px-2 py-1" name="intent" value="select-all-states">
              Select all
            </Button>
            <Button variant="ghost" className="min-h-8 px-2 py-1" name="intent" value="clear-states">
              Clear all
            </Button>
          </div>
        </div>
        <ul className="grid grid-cols-1 gap-1 rounded-md p-1 ring-1 ring-slate-200 min-[400px]:grid-cols-2 md:grid-cols-3 xl:grid-cols-4">
          {US_STATES.map((state) => (
            <li key={state.code}>
              <label className="flex min-h-9 cursor-pointer items-center gap-2 rounded px-2 py-1 text-sm hover:bg-slate-50">
                <input
                  type="checkbox"
                  name="licensedStates"
                  value={state.code}
                  defaultChecked={selected.includes(state.code)}
                  className="size-4 rounded border-slate-300 text-brand-600"
                />
                <span>{state.name}</span>
                <span className="text-xs text-slate-600">{state.code}</span>
              </label>
            </li>
          ))}
        </ul>
        <FieldErrors errors={errors} />
      </fieldset>
    </div>
  );
}
