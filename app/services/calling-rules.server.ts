import { z } from "zod";
import { CallingRule } from "~db";
import { FEDERAL_RULE, WEEKDAYS, daysLabel, weekdaysIn, type CallingWindow, type Weekday } from "~/domain/calling";
import { callingRuleSchema, callingRuleStateSchema } from "~/domain/schemas/calling";
import { stateName } from "~/domain/states";
import { fullName } from "~/domain/format";
import { logActivity } from "./activity.server";
import { badRequest, conflict, notFound, validInput } from "./errors.server";
import { assertAdmin } from "./permissions.server";
import type { SessionUser } from "./sessions.server";
import { column, selectRows, sql } from "./sql/reads.server";

// Calling hours and limits (issue 25 item 3, decision 071): the federal default and the states'
// stricter rows, edited by an administrator at /admin/calling-rules and GET/PUT/DELETE
// /api/admin/calling-rules. The federal row can be edited, never removed.

/** A rule as the page and the API show it. */
export type CallingRuleView = {
  state: string;
  stateName: string;
  start: string;
  end: string;
  maxCallsPer24h: number | null;
  /** The days calls are allowed, in week order. */
  days: Weekday[];
  source: string | null;
  updatedAt: string;
};

/** The federal window when its row is missing (it never is after migration 039). */
const FEDERAL_DEFAULT: CallingWindow = {
  state: FEDERAL_RULE,
  start: "08:00",
  end: "21:00",
  maxCallsPer24h: null,
  days: [...WEEKDAYS],
};

const RuleRow = z
  .object({
    state: column.text,
    start: column.text,
    end: column.text,
    maxCallsPer24h: column.integer.nullable(),
    days: column.text,
    source: column.text.nullable(),
    updatedAt: column.isoDate,
  })
  .transform((row): CallingRuleView => ({
    ...row,
    days: weekdaysIn(row.days),
    stateName: row.state === FEDERAL_RULE ? "Federal default" : stateName(row.state),
  }));

const RULE_COLUMNS = sql`state, start_time AS "start", end_time AS "end", max_calls_per_24h AS "maxCallsPer24h",
  days, source, updated_at AS "updatedAt"`;

/** Every rule: the federal default first, then the states by name. A few dozen rows at most. */
export async function listCallingRules(actor: SessionUser): Promise<CallingRuleView[]> {
  assertAdmin(actor);
  const rows = await selectRows(sql`SELECT ${RULE_COLUMNS} FROM calling_rules`, RuleRow);
  return rows.sort((a, b) =>
    a.state === FEDERAL_RULE ? -1 : b.state === FEDERAL_RULE ? 1 : a.stateName.localeCompare(b.stateName, "en-US"),
  );
}

/**
 * The window a call to a lead in `state` must fall in: the federal row's, narrowed by the state's
 * own row where it has one (a state cannot widen the federal hours or add a day); the state's daily
 * limit, or the federal one. `state` names the row that applied.
 */
export async function callingWindowFor(state: string | null): Promise<CallingWindow> {
  const codes = state ? [FEDERAL_RULE, state] : [FEDERAL_RULE];
  const rows = await selectRows(sql`SELECT ${RULE_COLUMNS} FROM calling_rules WHERE state IN ${codes}`, RuleRow);
  const federal = rows.find((row) => row.state === FEDERAL_RULE) ?? { ...FEDERAL_DEFAULT };
  const own = rows.find((row) => row.state !== FEDERAL_RULE);
  if (!own)
    return {
      state: FEDERAL_RULE,
      start: federal.start,
      end: federal.end,
      maxCallsPer24h: federal.maxCallsPer24h,
      days: federal.days,
    };
  return {
    state: own.state,
    start: own.start > federal.start ? own.start : federal.start,
    end: own.end < federal.end ? own.end : federal.end,
    maxCallsPer24h: own.maxCallsPer24h ?? federal.maxCallsPer24h,
    days: federal.days.filter((day) => own.days.includes(day)),
  };
}

function readState(input: string): string {
  const parsed = callingRuleStateSchema.safeParse(input);
  if (!parsed.success) throw notFound("No calling rule for that state");
  return parsed.data;
}

/** Sets a state's (or the federal) window and limit, adding the state's row when it has none. */
export async function saveCallingRule(
  actor: SessionUser,
  stateInput: string,
  input: unknown,
): Promise<CallingRuleView> {
  assertAdmin(actor);
  const parsedState = callingRuleStateSchema.safeParse(stateInput);
  if (!parsedState.success) throw badRequest("Choose a state", { state: ["Choose a state"] });
  const state = parsedState.data;
  const rule = validInput(callingRuleSchema, input);
  const existing = await CallingRule.findByPk(state);
  const values = {
    startTime: rule.start,
    endTime: rule.end,
    maxCallsPer24h: rule.maxCallsPer24h,
    days: rule.days.join(","),
    source: rule.source || null,
    updatedById: actor.id,
  };
  if (existing) await existing.update(values);
  else await CallingRule.create({ state, ...values });
  const limit = rule.maxCallsPer24h === null ? "no daily limit" : `at most ${rule.maxCallsPer24h} calls per 24 hours`;
  await logActivity({
    userId: actor.id,
    action: "calling_rule_saved",
    entityType: "calling_rule",
    summary: `${fullName(actor)} set the calling rule for ${state === FEDERAL_RULE ? "the federal default" : stateName(state)}: ${daysLabel(rule.days)}, ${rule.start}-${rule.end}, ${limit}`,
  });
  const [view] = await selectRows(sql`SELECT ${RULE_COLUMNS} FROM calling_rules WHERE state = ${state}`, RuleRow);
  return view;
}

/** Removes a state's own row (its leads then follow the federal default). The federal row stays. */
export async function removeCallingRule(actor: SessionUser, stateInput: string): Promise<void> {
  assertAdmin(actor);
  const state = readState(stateInput);
  if (state === FEDERAL_RULE) throw conflict("The federal default cannot be removed; edit it instead.");
  const removed = await CallingRule.destroy({ where: { state } });
  if (!removed) throw notFound("No calling rule for that state");
  await logActivity({
    userId: actor.id,
    action: "calling_rule_removed",
    entityType: "calling_rule",
    summary: `${fullName(actor)} removed the calling rule for ${stateName(state)}; its leads follow the federal default`,
  });
}
