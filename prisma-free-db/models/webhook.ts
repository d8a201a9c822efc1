import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from "sequelize";
import { timestamps, uuid } from "./columns";

/** An endpoint an admin registered for outbound webhooks (migration 049, docs/decisions/083-webhooks.md). */
export class Webhook extends Model<InferAttributes<Webhook>, InferCreationAttributes<Webhook>> {
  declare id: CreationOptional<string>;
  declare url: string;
  /** The event names it hears, as a JSON array. */
  declare events: string;
  /** The signing secret, encrypted (app/utils/crypto.server.ts): the server signs with it, so it is not a hash. */
  declare secretEncrypted: string;
  declare description: string | null;
  declare active: CreationOptional<boolean>;
  declare createdById: string | null;
  /** The lease of the worker sending to this endpoint: one at a time, so deliveries go in order. */
  declare sendingUntil: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

export type WebhookDeliveryStatus = "pending" | "delivered" | "failed";

/** One event for one endpoint: the outbox row written with the change, then its delivery record. */
export class WebhookDelivery extends Model<InferAttributes<WebhookDelivery>, InferCreationAttributes<WebhookDelivery>> {
  /** A sequence: an endpoint's deliveries are sent in id order. */
  declare id: CreationOptional<number>;
  declare webhookId: string;
  declare eventId: string;
  declare eventType: string;
  /** The exact JSON signed and sent. */
  declare body: string;
  declare status: CreationOptional<WebhookDeliveryStatus>;
  declare attempts: CreationOptional<number>;
  declare lastResponseCode: CreationOptional<number | null>;
  declare lastError: CreationOptional<string | null>;
  declare firstAttemptAt: CreationOptional<Date | null>;
  declare nextAttemptAt: Date;
  declare deliveredAt: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

export function initWebhookModels(sequelize: Sequelize) {
  Webhook.init(
    {
      id: uuid(),
      url: { type: DataTypes.STRING(2048), allowNull: false },
      events: { type: DataTypes.TEXT, allowNull: false },
      secretEncrypted: { type: DataTypes.TEXT, allowNull: false },
      description: { type: DataTypes.STRING(200), allowNull: true },
      active: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
      createdById: { type: DataTypes.UUID, allowNull: true },
      sendingUntil: { type: DataTypes.DATE, allowNull: true },
      ...timestamps(),
    },
    {
      sequelize,
      tableName: "webhooks",
      underscored: true,
      indexes: [{ name: "webhooks_active", fields: ["active"] }],
    },
  );
  WebhookDelivery.init(
    {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      webhookId: { type: DataTypes.UUID, allowNull: false },
      eventId: { type: DataTypes.UUID, allowNull: false },
      eventType: { type: DataTypes.STRING(64), allowNull: false },
      body: { type: DataTypes.TEXT, allowNull: false },
      status: { type: DataTypes.STRING(16), allowNull: false, defaultValue: "pending" },
      attempts: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
      lastResponseCode: { type: DataTypes.INTEGER, allowNull: true },
      lastError: { type: DataTypes.STRING(200), allowNull: true },
      firstAttemptAt: { type: DataTypes.DATE, allowNull: true },
      nextAttemptAt: { type: DataTypes.DATE, allowNull: false },
      deliveredAt: { type: DataTypes.DATE, allowNull: true },
      ...timestamps(),
    },
    {
      sequelize,
      tableName: "webhook_deliveries",
      underscored: true,
      indexes: [
        { name: "webhook_deliveries_webhook_id", fields: ["webhook_id", "id"] },
        { name: "webhook_deliveries_pending", fields: ["webhook_id", "id"], where: { status: "pending" } },
        { name: "webhook_deliveries_due", fields: ["next_attempt_at"], where: { status: "pending" } },
        {
          name: "webhook_deliveries_finished",
          fields: ["created_at"],
          where: { status: ["delivered", "failed"] },
        },
      ],
    },
  );
}
