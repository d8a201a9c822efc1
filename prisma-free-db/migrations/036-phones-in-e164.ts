import { DataTypes, QueryTypes } from "sequelize";
import { phoneE164 } from "../phone-e164";
import type { MigrationContext } from "./index";

// Every phone of a lead in E.164 beside the number as typed (issue 25 item 2, docs/decisions/069),
// so "is this lead on the do-not-call list" is an EXISTS of two index lookups: the lead's phones by
// (application_id, phone_e164) index alone, each against dnc_numbers' primary key. The Phone model fills it on
// every write; the phones already kept are read here in batches and filled.

const BY_LEAD = { name: "phones_application_e164", fields: ["application_id", "phone_e164"] };
const BATCH = 500;

export async function up({ context: { queryInterface: qi, transaction } }: { context: MigrationContext }) {
  await qi.addColumn("phones", "phone_e164", { type: DataTypes.STRING(16), allowNull: true }, { transaction });
  await qi.addIndex("phones", BY_LEAD.fields, { name: BY_LEAD.name, transaction });
  let after = "";
  for (;;) {
    const rows = await qi.sequelize.query<{ id: string; phone: string }>(
      `SELECT id, phone_number AS phone FROM phones WHERE id > :after ORDER BY id LIMIT ${BATCH}`,
      {
        type: QueryTypes.SELECT,
        replacements: { after: after || "00000000-0000-0000-0000-000000000000" },
        transaction,
      },
    );
    if (rows.length === 0) break;
    after = String(rows[rows.length - 1]!.id);
    const listed = rows
      .map((row) => ({ id: String(row.id), e164: phoneE164(row.phone) }))
      .filter((row) => row.e164 !== null);
    if (listed.length === 0) continue;
    const replacements: Record<string, string> = {};
    const cases = listed.map((row, index) => {
      replacements[`i${index}`] = row.id;
      replacements[`e${index}`] = row.e164!;
      return `WHEN :i${index} THEN :e${index}`;
    });
    await qi.sequelize.query(`UPDATE phones SET phone_e164 = CASE id ${cases.join(" ")} END WHERE id IN (:ids)`, {
      replacements: { ...replacements, ids: listed.map((row) => row.id) },
      transaction,
    });
  }
}

export async function down({ context: { queryInterface: qi, transaction } }: { context: MigrationContext }) {
  await qi.removeIndex("phones", BY_LEAD.name, { transaction });
  await qi.sequelize.query("ALTER TABLE phones DROP COLUMN phone_e164", { transaction });
}
