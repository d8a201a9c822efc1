import { DataTypes } from "sequelize";

// Factories, not shared objects: Sequelize writes field names into each definition it is given.

export const uuid = () => ({ type: DataTypes.UUID, defaultValue: DataTypes.UUIDV4, primaryKey: true });

/** Sequelize fills both on every write; the columns are NOT NULL, and the models say so. */
export const timestamps = () => ({
  createdAt: { type: DataTypes.DATE, allowNull: false },
  updatedAt: { type: DataTypes.DATE, allowNull: false },
});
