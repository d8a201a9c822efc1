import { Form, Link } from "@remix-run/react";
import { Button, buttonClass } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field, FieldErrors, SelectField } from "~/components/ui/field";
import { clockLabel, daysLabel, FEDERAL_RULE, WEEKDAY_NAMES, WEEKDAYS, type Weekday } from "~/domain/calling";
import { STATES_WITH_DC } from "~/domain/states";
import type { CallingRuleView } from "~/services/calling-rules.server";
import { useIntentResult } from "~/utils/intent";

// The Calling Rules page's parts: the rules as cards (one per row on a phone, a grid on a desktop)
// and one form that adds a state's rule or edits the one chosen (?edit=FL). Bad input comes back
// with the messages at the fields and everything typed kept, with or without JavaScript.

/** A box per day of the week, checked for the days the rule allows; none checked is refused at the fieldset. */
function DaysField({ checked, errors }: { checked: readonly string[]; errors?: string[] | null }) {
  return (
    <fieldset
      className="sm:col-span-2 lg:col-span-5"
      aria-invalid={errors?.length ? true : undefined}
      aria-describedby={errors?.length ? "rule-days-error" : undefined}
    >
      <legend className="block text-sm font-medium text-slate-700">Days calls are allowed</legend>
      <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
        {WEEKDAYS.map((day) => (
          <label key={day} className="inline-flex min-h-10 items-center gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              name="days"
              value={day}
              defaultChecked={checked.includes(day)}
              className="size-5 rounded border-slate-300 text-brand-600"
            />
            {WEEKDAY_NAMES[day]}
          </label>
        ))}
      </div>
      <FieldErrors id="rule-days-error" errors={errors} />
    </fieldset>
  );
}

/** The days a rule allows, as its card says them: "Every day", "Monday – Saturday". */
const daysText = (days: readonly Weekday[]) => {
  const label = daysLabel(days);
  return label.charAt(0).toUpperCase() + label.slice(1);
};

function RuleForm({ editing }: { editing: CallingRuleView | null }) {
  const result = useIntentResult("save");
  const typed = (result?.initialValue ?? {}) as Record<string, string | string[] | undefined>;
  const errors = result?.error ?? {};
  const value = (name: "state" | "start" | "end" | "maxCallsPer24h" | "source", fallback: string) =>
    result ? String(typed[name] ?? "") : fallback;
  // What was checked when the form came back, else the rule's days (every day for a new rule).
  const days = result ? [typed.days ?? []].flat() : (editing?.days ?? WEEKDAYS);
  const state = value("state", editing?.state ?? "");
  return (
    <Card className="p-4 sm:p-6">
      <h3 className="mb-3 text-lg font-semibold text-slate-900">
        {editing ? `Edit ${editing.stateName}` : "Add a state's rule"}
      </h3>
      <Form
        method="post"
        noValidate
        className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-5"
        key={JSON.stringify(result ?? editing?.state ?? "")}
      >
        {editing ? (
          <input type="hidden" name="state" value={editing.state} />
        ) : (
          <SelectField id="rule-state" name="state" label="State" defaultValue={state} errors={errors.state}>
            <option value="">Choose a state</option>
            {STATES_WITH_DC.map((s) => (
              <option key={s.code} value={s.code}>
                {s.name}
              </option>
            ))}
          </SelectField>
        )}
        <Field
          id="rule-start"
          name="start"
          label="Calls from"
          placeholder="08:00"
          defaultValue={value("start", editing?.start ?? "08:00")}
          errors={errors.start}
          inputMode="numeric"
        />
        <Field
          id="rule-end"
          name="end"
          label="Calls until"
          placeholder="20:00"
          defaultValue={value("end", editing?.end ?? "20:00")}
          errors={errors.end}
          inputMode="numeric"
        />
        <Field
          id="rule-max"
          name="maxCallsPer24h"
          label="Most calls per 24 hours"
          hint="Empty: no limit"
          defaultValue={value("maxCallsPer24h", editing?.maxCallsPer24h?.toString() ?? "")}
          errors={errors.maxCallsPer24h}
          inputMode="numeric"
        />
        <Field
          id="rule-source"
          name="source"
          label="Source (statute)"
          defaultValue={value("source", editing?.source ?? "")}
          errors={errors.source}
        />
        <DaysField checked={days} errors={errors.days} />
        <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-5">
          <Button name="intent" value="save">
            {editing ? "Save" : "Add rule"}
          </Button>
          {editing ? (
            <Link to="/admin/calling-rules" className={buttonClass("secondary")}>
              Cancel
            </Link>
          ) : null}
        </div>
      </Form>
    </Card>
  );
}

export function CallingRulesPage({ rules, editing }: { rules: CallingRuleView[]; editing: CallingRuleView | null }) {
  return (
    <div className="space-y-5">
      <p className="text-sm text-slate-600">
        Calls are allowed on the days checked, from the first time until (not including) the second, on the lead&apos;s
        own clock and calendar. A state&apos;s rule narrows the federal window and days; it never widens them. Leads in
        a state without a rule follow the federal default. Not legal advice: see decision 071 for the sources.
      </p>
      <RuleForm editing={editing} />
      <ul className="grid grid-cols-1 gap-3 md:grid-cols-2 xl:grid-cols-3">
        {rules.map((rule) => (
          <li key={rule.state}>
            <Card className="flex h-full flex-col gap-2 p-4">
              <h3 className="font-semibold text-slate-900">{rule.stateName}</h3>
              <p className="text-sm text-slate-700">
                {daysText(rule.days)}, {clockLabel(rule.start)} – {clockLabel(rule.end)} ·{" "}
                {rule.maxCallsPer24h === null
                  ? "no daily limit"
                  : `at most ${rule.maxCallsPer24h} calls per 24 hours per lead`}
              </p>
              {rule.source ? <p className="text-xs [overflow-wrap:anywhere] text-slate-500">{rule.source}</p> : null}
              <div className="mt-auto flex flex-wrap gap-2 pt-1">
                <Link
                  to={`/admin/calling-rules?edit=${rule.state}`}
                  className={buttonClass("secondary", "min-h-9 px-3 py-1")}
                  aria-label={`Edit ${rule.stateName}`}
                >
                  Edit
                </Link>
                {rule.state === FEDERAL_RULE ? null : (
                  <Form method="post">
                    <input type="hidden" name="state" value={rule.state} />
                    <Button
                      name="intent"
                      value="remove"
                      variant="ghost"
                      className="min-h-9 px-3 py-1"
                      aria-label={`Remove ${rule.stateName}`}
                    >
                      Remove
                    </Button>
                  </Form>
                )}
              </div>
            </Card>
          </li>
        ))}
      </ul>
    </div>
  );
}
