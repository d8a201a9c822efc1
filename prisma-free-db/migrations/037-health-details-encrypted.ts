import { DataTypes, QueryTypes } from "sequelize";
import {
  ENCRYPTED_FIELD_FORMAT,
  dataEncryptionKeyFromEnvironment,
  decryptField,
  encryptField,
} from "../field-encryption";
import type { MigrationContext } from "./index";

// A lead's health details encrypted at rest like the SSN (issue 25 item 7, docs/decisions/070):
// doctor_name, doctor_phone, medications and medical_history become doctor_name_encrypted ...
// (TEXT, wide enough for the ciphertext of a 5,000-character history), and every value already
// kept is read in batches, encrypted with DATA_ENCRYPTION_KEY by the function the app's encrypt()
// is (prisma-free-db/field-encryption.ts) and written back in place. The key is read only when a
// value is found, so migrating an empty database needs no key; with data it needs the key the app
// runs with (Fly's release command has the app's secrets; locally the same git-ignored file). A
// value already in the encrypted format is left as it is, so nothing is ever encrypted twice. Postgres renames the columns and widens the two VARCHARs in place; SQLite renames the two
// TEXT columns and, having no ALTER COLUMN TYPE, copies the two VARCHARs into new TEXT columns and
// drops them (no index, trigger or view names these columns).

const COLUMNS = [
  { plain: "doctor_name", encrypted: "doctor_name_encrypted", varchar: 200 },
  { plain: "doctor_phone", encrypted: "doctor_phone_encrypted", varchar: 32 },
  { plain: "medications", encrypted: "medications_encrypted", varchar: null },
  { plain: "medical_history", encrypted: "medical_history_encrypted", varchar: null },
] as const;

const BATCH = 500;

let key: Buffer | undefined;
/** Read when the first value is found: an empty database migrates without a key. */
const dataKey = () => (key ??= dataEncryptionKeyFromEnvironment());

type Rewrite = (value: string) => string;

/**
 * Every lead with any of `columns` set, a batch at a time in id order: each value `rewrite` changes
 * is written back in one UPDATE per batch and column.
 */
async function rewriteAll(
  { queryInterface: qi, transaction }: MigrationContext,
  columns: readonly string[],
  rewrite: Rewrite,
) {
  const any = columns.map((column) => `${column} IS NOT NULL`).join(" OR ");
  let after = "00000000-0000-0000-0000-000000000000";
  for (;;) {
    const rows = await qi.sequelize.query<Record<string, string | null>>(
      `SELECT id, ${columns.join(", ")} FROM applications WHERE id > :after AND (${any}) ORDER BY id LIMIT ${BATCH}`,
      { type: QueryTypes.SELECT, replacements: { after }, transaction },
    );
    if (rows.length === 0) return;
    after = String(rows[rows.length - 1]!.id);
    for (const column of columns) {
      const changed = rows.flatMap((row) => {
        const value = row[column];
        if (typeof value !== "string" || value === "") return [];
        const next = rewrite(value);
        return next === value ? [] : [{ id: String(row.id), value: next }];
      });
      if (changed.length === 0) continue;
      const replacements: Record<string, unknown> = { ids: changed.map((row) => row.id) };
      const cases = changed.map((row, index) => {
        replacements[`i${index}`] = row.id;
        replacements[`v${index}`] = row.value;
        return `WHEN :i${index} THEN :v${index}`;
      });
      await qi.sequelize.query(
        `UPDATE applications SET ${column} = CASE id ${cases.join(" ")} ELSE ${column} END WHERE id IN (:ids)`,
        { replacements, transaction },
      );
    }
  }
}

export async function up({ context }: { context: MigrationContext }) {
  const { queryInterface: qi, transaction } = context;
  const postgres = qi.sequelize.getDialect() === "postgres";
  for (const { plain, encrypted, varchar } of COLUMNS) {
    if (postgres || varchar === null) {
      await qi.sequelize.query(`ALTER TABLE applications RENAME COLUMN ${plain} TO ${encrypted}`, { transaction });
      if (postgres && varchar !== null) {
        await qi.sequelize.query(`ALTER TABLE applications ALTER COLUMN ${encrypted} TYPE TEXT`, { transaction });
      }
      continue;
    }
    await qi.addColumn("applications", encrypted, { type: DataTypes.TEXT, allowNull: true }, { transaction });
    await qi.sequelize.query(`UPDATE applications SET ${encrypted} = ${plain} WHERE ${plain} IS NOT NULL`, {
      transaction,
    });
    await qi.sequelize.query(`ALTER TABLE applications DROP COLUMN ${plain}`, { transaction });
  }
  await rewriteAll(
    context,
    COLUMNS.map((column) => column.encrypted),
    (value) => (ENCRYPTED_FIELD_FORMAT.test(value) ? value : encryptField(dataKey(), value)),
  );
}

export async function down({ context }: { context: MigrationContext }) {
  const { queryInterface: qi, transaction } = context;
  const postgres = qi.sequelize.getDialect() === "postgres";
  await rewriteAll(
    context,
    COLUMNS.map((column) => column.encrypted),
    (value) => (ENCRYPTED_FIELD_FORMAT.test(value) ? decryptField(dataKey(), value) : value),
  );
  for (const { plain, encrypted, varchar } of COLUMNS) {
    if (postgres || varchar === null) {
      await qi.sequelize.query(`ALTER TABLE applications RENAME COLUMN ${encrypted} TO ${plain}`, { transaction });
      if (postgres && varchar !== null) {
        await qi.sequelize.query(`ALTER TABLE applications ALTER COLUMN ${plain} TYPE VARCHAR(${varchar})`, {
          transaction,
        });
      }
      continue;
    }
    await qi.addColumn("applications", plain, { type: DataTypes.STRING(varchar), allowNull: true }, { transaction });
    await qi.sequelize.query(`UPDATE applications SET ${plain} = ${encrypted} WHERE ${encrypted} IS NOT NULL`, {
      transaction,
    });
    await qi.sequelize.query(`ALTER TABLE applications DROP COLUMN ${encrypted}`, { transaction });
  }
}
