import {
  DataTypes,
  Model,
  type CreationOptional,
  type ForeignKey,
  type InferAttributes,
  type InferCreationAttributes,
  type NonAttribute,
  type Sequelize,
} from "sequelize";
import type { Agent } from "./agent";
import { timestamps, uuid } from "./columns";

export class Carrier extends Model<InferAttributes<Carrier>, InferCreationAttributes<Carrier>> {
  declare id: CreationOptional<string>;
  declare name: string;
  declare preset: CreationOptional<boolean>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
  declare products?: NonAttribute<Product[]>;
}

export class Product extends Model<InferAttributes<Product>, InferCreationAttributes<Product>> {
  declare id: CreationOptional<string>;
  declare carrierId: ForeignKey<Carrier["id"]>;
  declare agentId: ForeignKey<Agent["id"]> | null;
  declare name: string;
  /** DECIMAL comes back from pg as a string; the getter makes it a number on both databases. */
  declare compPercentage: number;
  /** Set instead of deleting: sales keep pointing at the product they were sold under. */
  declare archivedAt: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
  declare carrier?: NonAttribute<Carrier>;
}

export function initCarrierModels(sequelize: Sequelize) {
  Carrier.init(
    {
      id: uuid(),
      name: { type: DataTypes.STRING(120), allowNull: false, unique: true },
      preset: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
      ...timestamps(),
    },
    { sequelize, tableName: "carriers", underscored: true },
  );
  Product.init(
    {
      id: uuid(),
      carrierId: { type: DataTypes.UUID, allowNull: false },
      agentId: { type: DataTypes.UUID, allowNull: true },
      name: { type: DataTypes.STRING(120), allowNull: false },
      compPercentage: {
        type: DataTypes.DECIMAL(6, 2),
        allowNull: false,
        get() {
          return Number(this.getDataValue("compPercentage"));
        },
      },
      archivedAt: { type: DataTypes.DATE, allowNull: true },
      ...timestamps(),
    },
    {
      sequelize,
      tableName: "products",
      underscored: true,
      indexes: [{ fields: ["agent_id", "carrier_id"] }, { fields: ["carrier_id"] }],
    },
  );
}
