import { DataTypes } from "sequelize";
import type { MigrationContext } from "./index";

// Products are archived, never deleted, and a sale keeps the product name and comp % it was sold
// with, so an agent's later edits never change a commission already earned.
export async function up({ context: { queryInterface: qi, transaction } }: { context: MigrationContext }) {
  await qi.addColumn("products", "archived_at", { type: DataTypes.DATE, allowNull: true }, { transaction });
  await qi.addColumn(
    "applications",
    "sold_product_name",
    { type: DataTypes.STRING(120), allowNull: true },
    { transaction },
  );
  await qi.addColumn(
    "applications",
    "sold_comp_percentage",
    { type: DataTypes.DECIMAL(6, 2), allowNull: true },
    { transaction },
  );
}

// Plain DROP COLUMN (SQLite 3.35+ and Postgres), not removeColumn: on SQLite that copies the table
// and drops the original, which cascade-deletes the rows that reference it and loses its indexes.
export async function down({ context: { queryInterface: qi, transaction } }: { context: MigrationContext }) {
  await qi.sequelize.query(`ALTER TABLE "applications" DROP COLUMN "sold_comp_percentage"`, { transaction });
  await qi.sequelize.query(`ALTER TABLE "applications" DROP COLUMN "sold_product_name"`, { transaction });
  await qi.sequelize.query(`ALTER TABLE "products" DROP COLUMN "archived_at"`, { transaction });
}
