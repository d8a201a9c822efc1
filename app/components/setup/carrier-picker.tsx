import { useState } from "react";
import { Button } from "~/components/ui/button";
import { Field, FieldErrors, inputClass } from "~/components/ui/field";
import { useHydrated } from "~/utils/hydrated";

function matches(name: string, search: string) {
  return name.toLowerCase().includes(search.trim().toLowerCase());
}

/**
 * The carrier search box and pick list. With JavaScript the list filters as one types; without,
 * the Search button posts and the server filters. Rows that do not match are hidden, never
 * removed, so a ticked carrier stays in the form.
 *
 * mode "select" (wizard): a checkbox per carrier. mode "add" (setup screen): an Add button per
 * carrier not yet chosen.
 */
export function CarrierPicker({
  mode,
  options,
  chosen,
  search,
  newCarrier,
  errors,
  newCarrierErrors,
  searchErrors,
}: {
  mode: "select" | "add";
  options: string[];
  chosen: string[];
  search: string;
  newCarrier: string;
  errors?: string[];
  newCarrierErrors?: string[];
  searchErrors?: string[];
}) {
  const hydrated = useHydrated();
  const [filter, setFilter] = useState(search);
  const isChosen = (name: string) => chosen.some((c) => c.toLowerCase() === name.toLowerCase());
  const names = [...options];
  for (const name of chosen) if (!names.some((n) => n.toLowerCase() === name.toLowerCase())) names.push(name);
  names.sort((a, b) => a.localeCompare(b, "en-US", { sensitivity: "base" }));
  const visible = names.filter((n) => matches(n, filter));

  return (
    <div className="space-y-4">
      <div>
        <label htmlFor="carrierSearch" className="mb-1 block text-sm font-medium text-slate-700">
          Search carriers
        </label>
        <div className="flex gap-2">
          <input
            id="carrierSearch"
            name="carrierSearch"
            type="search"
            className={inputClass}
            defaultValue={search}
            placeholder="Type a carrier name"
            autoComplete="off"
            onChange={(e) => setFilter(e.currentTarget.value)}
            onKeyDown={(e) => {
              // With JavaScript the list already filters; Enter should not submit the step.
              if (e.key === "Enter") e.preventDefault();
            }}
          />
          {hydrated ? null : (
            <Button variant="secondary" name="intent" value="search">
              Search
            </Button>
          )}
        </div>
        <FieldErrors errors={searchErrors} />
      </div>

      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-700">
          {mode === "select" ? "Select the carriers you are appointed with" : "Pick a carrier to add it"}
        </legend>
        <ul className="grid max-h-96 grid-cols-1 gap-1 overflow-y-auto rounded-md p-1 ring-1 ring-slate-200 sm:grid-cols-2">
          {names.map((name) => (
            <li key={name} hidden={!matches(name, filter)}>
              {mode === "select" ? (
                <label className="flex min-h-10 cursor-pointer items-center gap-3 rounded px-2 py-1.5 text-sm hover:bg-slate-50">
                  <input
                    type="checkbox"
                    name="selectedCarriers"
                    value={name}
                    defaultChecked={isChosen(name)}
                    className="size-4 rounded border-slate-300 text-brand-600"
                  />
                  <span>{name}</span>
                </label>
              ) : (
                <div className="flex min-h-10 items-center justify-between gap-3 rounded px-2 py-1 text-sm">
                  <span>{name}</span>
                  {isChosen(name) ? (
                    <span className="text-xs font-medium text-green-700">✓ Added</span>
                  ) : (
                    <Button
                      variant="secondary"
                      className="min-h-8 px-3 py-1"
                      name="intent"
                      value={`add-carrier:${name}`}
                      aria-label={`Add ${name}`}
                    >
                      Add
                    </Button>
                  )}
                </div>
              )}
            </li>
          ))}
        </ul>
        {visible.length === 0 ? (
          <p className="mt-2 text-sm text-slate-500">No carrier matches your search. Add it below.</p>
        ) : null}
        <FieldErrors errors={errors} />
      </fieldset>

      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <Field
          id="newCarrier"
          name="newCarrier"
          label="Add another carrier"
          defaultValue={newCarrier}
          placeholder="Carrier name"
          autoComplete="off"
          className="flex-1"
          errors={newCarrierErrors}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              e.currentTarget.form?.querySelector<HTMLButtonElement>('button[value="add-carrier"]')?.click();
            }
          }}
        />
        <Button
          variant="secondary"
          name="intent"
          value="add-carrier"
          className={newCarrierErrors?.length ? "sm:mb-6" : ""}
        >
          Add Carrier
        </Button>
      </div>
    </div>
  );
}
