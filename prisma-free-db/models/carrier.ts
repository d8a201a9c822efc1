import {
  DataTypes, Model, type CreationOptional, type ForeignKey, type InferAttributes,
  type InferCreationAttributes, type NonAttribute, type Sequelize,
} from "sequelize";
import type { Agent } from "./agent";

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
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
  declare carrier?: NonAttribute<Carrier>;
}

// A factory, not a shared object: Sequelize writes field names into each definition it is given.
const uuid = () => ({ type: DataTypes.UUID, defaultValue: DataTypes.UUIDV4, primaryKey: true });

export function initCarrierModels(sequelize: Sequelize) {
  Carrier.init(
    {
      id: uuid(),
      name: { type: DataTypes.STRING(120), allowNull: false, unique: true },
      preset: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
      createdAt: DataTypes.DATE,
      updatedAt: DataTypes.DATE,
    },
    { sequelize, tableName: "carriers", underscored: true },
  );
  Product.init(
    {
      id: uuid(),
      name: { type: DataTypes.STRING(120), allowNull: false },
      compPercentage: {
        type: DataTypes.DECIMAL(6, 2),
        allowNull: false,
        get() {
          return Number(this.getDataValue("compPercentage"));
        },
      },
      createdAt: DataTypes.DATE,
      updatedAt: DataTypes.DATE,
    },
    { sequelize, tableName: "products", underscored: true },
  );
}
