import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from "sequelize";
import { uuid } from "./columns";

/** The states pg-boss gives a job; the SQLite runner uses the same words (never `cancelled`). */
type JobState = "created" | "retry" | "active" | "completed" | "failed" | "cancelled";

/**
 * The background jobs of the embedded SQLite database (app/jobs, docs/decisions/049). On Postgres
 * pg-boss keeps its own tables in the `pgboss` schema and this table does not exist, so the model
 * is registered on SQLite only. Instants are epoch milliseconds: the claim computes a job's lease
 * (`expires_at`) in the same UPDATE that takes it, and SQLite has no date arithmetic on the text
 * dates Sequelize writes elsewhere.
 */
class Job extends Model<InferAttributes<Job>, InferCreationAttributes<Job>> {
  declare id: CreationOptional<string>;
  declare name: string;
  /** The payload, as JSON text. */
  declare data: string;
  declare state: JobState;
  declare retryLimit: number;
  declare retryCount: number;
  declare retryDelaySeconds: number;
  declare expireSeconds: number;
  declare startAfter: number;
  declare startedAt: number | null;
  declare expiresAt: number | null;
  declare finishedAt: number | null;
  declare createdAt: number;
  declare singletonKey: string | null;
  declare singletonOn: number | null;
  /** The last failure's message, trimmed and masked (app/jobs/engine.server.ts). */
  declare lastError: string | null;
}

export function initJobModel(sequelize: Sequelize) {
  Job.init(
    {
      id: uuid(),
      name: { type: DataTypes.STRING(100), allowNull: false },
      data: { type: DataTypes.TEXT, allowNull: false },
      state: { type: DataTypes.STRING(16), allowNull: false },
      retryLimit: { type: DataTypes.INTEGER, allowNull: false },
      retryCount: { type: DataTypes.INTEGER, allowNull: false },
      retryDelaySeconds: { type: DataTypes.INTEGER, allowNull: false },
      expireSeconds: { type: DataTypes.INTEGER, allowNull: false },
      startAfter: { type: DataTypes.BIGINT, allowNull: false },
      startedAt: { type: DataTypes.BIGINT, allowNull: true },
      expiresAt: { type: DataTypes.BIGINT, allowNull: true },
      finishedAt: { type: DataTypes.BIGINT, allowNull: true },
      createdAt: { type: DataTypes.BIGINT, allowNull: false },
      singletonKey: { type: DataTypes.STRING(200), allowNull: true },
      singletonOn: { type: DataTypes.BIGINT, allowNull: true },
      lastError: { type: DataTypes.STRING(500), allowNull: true },
    },
    {
      sequelize,
      tableName: "jobs",
      underscored: true,
      timestamps: false,
      indexes: [
        // The claim: the oldest due job among the waiting ones; the lease sweep: the active ones.
        { name: "jobs_state_start_after", fields: ["state", "start_after"] },
        // The admin's list, newest first, all or of one state.
        { name: "jobs_created_at", fields: ["created_at"] },
        { name: "jobs_state_created_at", fields: ["state", "created_at"] },
        // One job per name, key and window (a cron slot, or an enqueue's singleton window); rows
        // without a window have a NULL singleton_on, and NULLs never collide in a unique index.
        { name: "jobs_singleton", unique: true, fields: ["name", "singleton_key", "singleton_on"] },
      ],
    },
  );
}
