import { Form, Link } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button";
import { FilterDateField, SelectField } from "~/components/ui/field";
import {
  ACTIVITY_ACTION_GROUPS,
  ACTIVITY_ACTION_LABELS,
  type ActivityFieldErrors,
  type ActivityFilterValues,
} from "~/domain/activity";

export type UserChoice = { id: string; name: string; email: string; role: "admin" | "agent" };

/**
 * The trail's filters as one GET form (User, Action, From date, To date): the choice lands in the
 * URL, so it works without JavaScript and can be bookmarked. A lead the trail is narrowed to
 * rides along hidden. A refused value comes back as typed with its message; a date that a date
 * box cannot hold is shown in a text box so it is not silently emptied.
 */
export function ActivityFilters({
  values,
  fieldErrors,
  users,
}: {
  values: ActivityFilterValues;
  fieldErrors: ActivityFieldErrors | null;
  users: UserChoice[];
}) {
  const errors = fieldErrors ?? {};
  const filtered = Object.values(values).some((value) => value && value !== "all");
  const dateField = (name: "dateFrom" | "dateTo", label: string) => (
    <FilterDateField name={name} label={label} value={values[name]} errors={errors[name]} />
  );
  const knownUser = !values.userId || values.userId === "all" || users.some((user) => user.id === values.userId);
  const knownAction = !values.action || values.action === "all" || values.action in ACTIVITY_ACTION_LABELS;
  const byRole = (role: UserChoice["role"]) => users.filter((user) => user.role === role);
  return (
    // Keyed by the URL's filters: a client-side navigation (a lead's Trail link, Clear) starts the
    // form afresh instead of keeping the choices of the page before.
    <Form
      key={Object.values(values).join("|")}
      method="get"
      preventScrollReset
      className="space-y-3"
      aria-label="Activity filters"
    >
      {values.applicationId ? <input type="hidden" name="applicationId" value={values.applicationId} /> : null}
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <SelectField
          id="userId"
          name="userId"
          label="User"
          defaultValue={values.userId || "all"}
          errors={errors.userId}
          className="min-w-0"
        >
          <option value="all">All Users</option>
          {(["admin", "agent"] as const).map((role) =>
            byRole(role).length ? (
              <optgroup key={role} label={role === "admin" ? "Administrators" : "Agents"}>
                {byRole(role).map((user) => (
                  <option key={user.id} value={user.id}>
                    {user.name} ({user.email})
                  </option>
                ))}
              </optgroup>
            ) : null,
          )}
          {knownUser ? null : <option value={values.userId}>{values.userId}</option>}
        </SelectField>
        <SelectField
          id="action"
          name="action"
          label="Action"
          defaultValue={values.action || "all"}
          errors={errors.action}
          className="min-w-0"
        >
          <option value="all">All Actions</option>
          {ACTIVITY_ACTION_GROUPS.map((group) => (
            <optgroup key={group.label} label={group.label}>
              {Object.entries(group.actions).map(([action, label]) => (
                <option key={action} value={action}>
                  {label}
                </option>
              ))}
            </optgroup>
          ))}
          {knownAction ? null : <option value={values.action}>{values.action}</option>}
        </SelectField>
        {dateField("dateFrom", "From date")}
        {dateField("dateTo", "To date")}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <button type="submit" className={buttonClass("primary")}>
          Apply
        </button>
        {filtered ? (
          <Link to="/admin/activity" preventScrollReset className={buttonClass("ghost")}>
            Clear
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
