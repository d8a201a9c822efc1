import { DataTypes } from "sequelize";
import type { MigrationContext } from "./index";

// Signed outbound webhooks (issue 27 item 6, docs/decisions/083-webhooks.md).
// - webhooks: an endpoint an admin registered: its URL, the events it hears (a JSON array of event
//   names), its signing secret encrypted (the server signs every delivery with it, so it cannot be
//   a hash), a description, active, who made it, and `sending_until`: the lease of the one worker
//   sending to it, which keeps its deliveries in order across machines.
// - webhook_deliveries: the outbox and the delivery log in one. A row is written in the transaction
//   of the change it tells of, so a rolled-back change sends nothing and a committed one is never
//   lost. The id is a sequence: an endpoint's deliveries are sent in id order. `body` is the exact
//   JSON that is signed and sent (ids and statuses, no personal numbers).
// - Indexes: an endpoint's log newest first (webhook_id, id); its next delivery, the oldest pending
//   one (partial, pending only); the sweep's due deliveries (partial, pending only, by next attempt);
//   the finished ones by age, which the sweep deletes after 30 days (partial, delivered or failed).

const LOG = { name: "webhook_deliveries_webhook_id", fields: ["webhook_id", "id"] };
const PENDING = {
  name: "webhook_deliveries_pending",
  fields: ["webhook_id", "id"],
  where: { status: "pending" },
};
const DUE = { name: "webhook_deliveries_due", fields: ["next_attempt_at"], where: { status: "pending" } };
const FINISHED = {
  name: "webhook_deliveries_finished",
  fields: ["created_at"],
  where: { status: ["delivered", "failed"] },
};

export async function up({ context: { queryInterface: qi, transaction } }: { context: MigrationContext }) {
  const now = { type: DataTypes.DATE, allowNull: false };
  await qi.createTable(
    "webhooks",
    {
      id: { type: DataTypes.UUID, primaryKey: true, allowNull: false },
      url: { type: DataTypes.STRING(2048), allowNull: false },
      events: { type: DataTypes.TEXT, allowNull: false },
      secret_encrypted: { type: DataTypes.TEXT, allowNull: false },
      description: { type: DataTypes.STRING(200), allowNull: true },
      active: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
      created_by_id: {
        type: DataTypes.UUID,
        allowNull: true,
        references: { model: "users", key: "id" },
        onDelete: "SET NULL",
      },
      sending_until: { type: DataTypes.DATE, allowNull: true },
      created_at: now,
      updated_at: now,
    },
    { transaction },
  );
  await qi.addIndex("webhooks", ["active"], { name: "webhooks_active", transaction });
  await qi.createTable(
    "webhook_deliveries",
    {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true, allowNull: false },
      webhook_id: {
        type: DataTypes.UUID,
        allowNull: false,
        references: { model: "webhooks", key: "id" },
        onDelete: "CASCADE",
      },
      event_id: { type: DataTypes.UUID, allowNull: false },
      event_type: { type: DataTypes.STRING(64), allowNull: false },
      body: { type: DataTypes.TEXT, allowNull: false },
      status: { type: DataTypes.STRING(16), allowNull: false, defaultValue: "pending" },
      attempts: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
      last_response_code: { type: DataTypes.INTEGER, allowNull: true },
      last_error: { type: DataTypes.STRING(200), allowNull: true },
      first_attempt_at: { type: DataTypes.DATE, allowNull: true },
      next_attempt_at: { type: DataTypes.DATE, allowNull: false },
      delivered_at: { type: DataTypes.DATE, allowNull: true },
      created_at: now,
      updated_at: now,
    },
    { transaction },
  );
  await qi.addIndex("webhook_deliveries", LOG.fields, { name: LOG.name, transaction });
  for (const index of [PENDING, DUE, FINISHED]) {
    await qi.addIndex("webhook_deliveries", index.fields, { name: index.name, where: index.where, transaction });
  }
}

export async function down({ context: { queryInterface: qi, transaction } }: { context: MigrationContext }) {
  await qi.dropTable("webhook_deliveries", { transaction });
  await qi.dropTable("webhooks", { transaction });
}
