import {
  DataTypes,
  Model,
  type ForeignKey,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from "sequelize";
import type { User } from "./user";

/**
 * A user's number of unread leads, written only by the database's triggers (migration 007,
 * docs/decisions/024); app/services/leads.server.ts reads it. No timestamps: a trigger would have
 * to write them on every lead for every admin, and nothing reads them. The service reads it in SQL, so
 * only the tests name the model (to look at the counts the triggers keep).
 * @internal
 */
export class UnreadLeadCount extends Model<InferAttributes<UnreadLeadCount>, InferCreationAttributes<UnreadLeadCount>> {
  declare userId: ForeignKey<User["id"]>;
  declare count: number;
}

export function initUnreadLeadCountModel(sequelize: Sequelize) {
  UnreadLeadCount.init(
    {
      userId: { type: DataTypes.UUID, primaryKey: true, allowNull: false },
      count: { type: DataTypes.INTEGER, allowNull: false },
    },
    { sequelize, tableName: "unread_lead_counts", underscored: true, timestamps: false },
  );
}
