import { raw, sql, type Sql } from "./statement";

// Decision 074's issued and decided as SQL conditions on a lead's row (its policy columns, migration
// 042), so every figure that tells issued from submitted counts by the same rule (issue 26 item 2,
// decision 075). Migration 043 writes the same rule into the report summaries' triggers.

/** `alias.` before the columns ("a" reads `a.policy_status`), or none for a bare table. */
const prefix = (alias: "a" | "") => (alias === "a" ? raw("a.") : raw(""));

/** The lead's policy is issued: it has an issue date and was not refused at delivery (not taken). */
export function issuedPolicy(alias: "a" | "" = "a"): Sql {
  const p = prefix(alias);
  return sql`(${p}policy_issue_date IS NOT NULL AND ${p}policy_status <> 'not_taken')`;
}

/** Underwriting has decided the lead's policy: it is neither submitted nor pending underwriting. */
export function decidedPolicy(alias: "a" | "" = "a"): Sql {
  const p = prefix(alias);
  return sql`(${p}policy_status NOT IN ('submitted', 'pending_underwriting'))`;
}
