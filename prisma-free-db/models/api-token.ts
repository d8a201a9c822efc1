import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from "sequelize";
import { uuid } from "./columns";

/** A personal API token (migration 048, decision 081): never the token, only its SHA-256 and prefix. */
export class ApiToken extends Model<InferAttributes<ApiToken>, InferCreationAttributes<ApiToken>> {
  declare id: CreationOptional<string>;
  declare userId: string;
  declare name: string;
  declare tokenHash: string;
  /** "acrm_" and the token's next six characters, shown to tell tokens apart. */
  declare tokenPrefix: string;
  declare scope: "read" | "read-write";
  declare expiresAt: Date | null;
  declare lastUsedAt: CreationOptional<Date | null>;
  declare revokedAt: CreationOptional<Date | null>;
  /** The rate limit's current one-minute window and the requests counted in it. */
  declare windowStartedAt: CreationOptional<Date | null>;
  declare windowCount: CreationOptional<number>;
  declare createdAt: CreationOptional<Date>;
}

export function initApiTokenModel(sequelize: Sequelize) {
  const optionalDate = () => ({ type: DataTypes.DATE, allowNull: true });
  ApiToken.init(
    {
      id: uuid(),
      userId: { type: DataTypes.UUID, allowNull: false },
      name: { type: DataTypes.STRING(100), allowNull: false },
      tokenHash: { type: DataTypes.STRING(64), allowNull: false, unique: true },
      tokenPrefix: { type: DataTypes.STRING(16), allowNull: false },
      scope: { type: DataTypes.STRING(10), allowNull: false },
      expiresAt: optionalDate(),
      lastUsedAt: optionalDate(),
      revokedAt: optionalDate(),
      windowStartedAt: optionalDate(),
      windowCount: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
      createdAt: { type: DataTypes.DATE, allowNull: false },
    },
    {
      sequelize,
      tableName: "api_tokens",
      underscored: true,
      updatedAt: false,
      indexes: [{ name: "api_tokens_user_created", fields: ["user_id", "created_at"] }],
    },
  );
}
