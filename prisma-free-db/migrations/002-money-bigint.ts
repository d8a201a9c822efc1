import type { MigrationContext } from "./index";

// Money is integer cents, and the schemas accept a premium up to $100,000,000: 10^10 cents, past
// Postgres INTEGER's 2^31. BIGINT holds any amount up to Number.MAX_SAFE_INTEGER cents. SQLite's
// INTEGER is already 64-bit, so its tables stay as they are (rebuilding them would gain nothing).
const MONEY_COLUMNS = [
  ["applications", "monthly_premium_cents"],
  ["applications", "calculated_commission_cents"],
  ["payment_trackings", "amount_cents"],
  ["orders", "total_payment_cents"],
] as const;

async function setMoneyType({ queryInterface: qi, transaction }: MigrationContext, type: "BIGINT" | "INTEGER") {
  if (qi.sequelize.getDialect() !== "postgres") return;
  for (const [table, column] of MONEY_COLUMNS) {
    await qi.sequelize.query(`ALTER TABLE "${table}" ALTER COLUMN "${column}" TYPE ${type}`, { transaction });
  }
}

export async function up({ context }: { context: MigrationContext }) {
  await setMoneyType(context, "BIGINT");
}

export async function down({ context }: { context: MigrationContext }) {
  await setMoneyType(context, "INTEGER");
}
