import { DataTypes } from "sequelize";
import type { MigrationContext } from "./index";

// Calling hours and limits, and the call log (issue 25 items 3-5; decisions 071 and 072).
// - calling_rules: one row per state with a rule of its own, and the federal default ("US"):
//   the window in the called person's local time ("08:00" to "20:00", the end refused) and the
//   most calls one lead may get in 24 hours (null: no limit). Shipped with the rows decision 071
//   cites; an administrator edits them at /admin/calling-rules.
// - call_attempts: every Call Now, allowed or refused, with the check's answer and the rule it
//   applied, an administrator's override reason, and the outcome the caller sets afterwards.
//   The daily limit and the lead's history read (application_id, created_at); the reports'
//   contact rate reads (created_at).

const ATTEMPTS_BY_LEAD = { name: "call_attempts_lead_created", fields: ["application_id", "created_at"] };
const ATTEMPTS_BY_TIME = { name: "call_attempts_created", fields: ["created_at", "outcome"] };

/** The shipped rules (decision 071 gives each one's source). */
const SHIPPED = [
  {
    state: "US",
    start: "08:00",
    end: "21:00",
    max: null,
    source: "TCPA, 47 C.F.R. § 64.1200(c)(1); FTC TSR, 16 C.F.R. § 310.4(c)",
  },
  {
    state: "FL",
    start: "08:00",
    end: "20:00",
    max: 3,
    source: "Florida Telephone Solicitation Act, Fla. Stat. § 501.059(8)(a) (2021 amendments)",
  },
  {
    state: "OK",
    start: "08:00",
    end: "20:00",
    max: 3,
    source: "Oklahoma Telephone Solicitation Act of 2022, 15 O.S. § 775C.4",
  },
  {
    state: "MD",
    start: "08:00",
    end: "20:00",
    max: 3,
    source: "Maryland Stop the Spam Calls Act of 2023, Md. Code, Com. Law § 14-4504",
  },
  { state: "WA", start: "08:00", end: "20:00", max: null, source: "Wash. Rev. Code § 80.36.390" },
];

export async function up({ context: { queryInterface: qi, transaction } }: { context: MigrationContext }) {
  const now = { type: DataTypes.DATE, allowNull: false };
  const user = {
    type: DataTypes.UUID,
    allowNull: true,
    references: { model: "users", key: "id" },
    onDelete: "SET NULL",
  };
  await qi.createTable(
    "calling_rules",
    {
      state: { type: DataTypes.STRING(2), primaryKey: true, allowNull: false },
      start_time: { type: DataTypes.STRING(5), allowNull: false },
      end_time: { type: DataTypes.STRING(5), allowNull: false },
      max_calls_per_24h: { type: DataTypes.INTEGER, allowNull: true },
      source: { type: DataTypes.STRING(300), allowNull: true },
      updated_by_id: user,
      created_at: now,
      updated_at: now,
    },
    { transaction },
  );
  const at = new Date();
  await qi.bulkInsert(
    "calling_rules",
    SHIPPED.map((rule) => ({
      state: rule.state,
      start_time: rule.start,
      end_time: rule.end,
      max_calls_per_24h: rule.max,
      source: rule.source,
      updated_by_id: null,
      created_at: at,
      updated_at: at,
    })),
    { transaction },
  );
  await qi.createTable(
    "call_attempts",
    {
      id: { type: DataTypes.UUID, primaryKey: true, allowNull: false },
      application_id: {
        type: DataTypes.UUID,
        allowNull: false,
        references: { model: "applications", key: "id" },
        onDelete: "CASCADE",
      },
      user_id: user,
      phone_e164: { type: DataTypes.STRING(16), allowNull: false },
      allowed: { type: DataTypes.BOOLEAN, allowNull: false },
      reasons: { type: DataTypes.STRING(200), allowNull: false },
      overridden: { type: DataTypes.STRING(200), allowNull: true },
      override_reason: { type: DataTypes.STRING(500), allowNull: true },
      rule_state: { type: DataTypes.STRING(2), allowNull: false },
      window_start: { type: DataTypes.STRING(5), allowNull: false },
      window_end: { type: DataTypes.STRING(5), allowNull: false },
      max_calls_per_24h: { type: DataTypes.INTEGER, allowNull: true },
      time_zone: { type: DataTypes.STRING(64), allowNull: false },
      agent_licensed_states: { type: DataTypes.STRING(200), allowNull: true },
      outcome: { type: DataTypes.STRING(24), allowNull: true },
      outcome_at: { type: DataTypes.DATE, allowNull: true },
      outcome_by_id: user,
      created_at: now,
    },
    { transaction },
  );
  for (const index of [ATTEMPTS_BY_LEAD, ATTEMPTS_BY_TIME]) {
    await qi.addIndex("call_attempts", index.fields, { name: index.name, transaction });
  }
}

export async function down({ context: { queryInterface: qi, transaction } }: { context: MigrationContext }) {
  await qi.dropTable("call_attempts", { transaction });
  await qi.dropTable("calling_rules", { transaction });
}
