import type { Sequelize } from "sequelize";
import { Agent, AgentCarrier, Bdm, LicensedState, initAgentModels } from "./agent";
import { ApiToken, initApiTokenModel } from "./api-token";
import {
  Application,
  Beneficiary,
  LeadRead,
  PaymentTracking,
  Phone,
  PolicyStatusChange,
  StatusChange,
  initApplicationModels,
} from "./application";
import { CallAttempt, CallingRule, initCallingModels } from "./calling";
import { Carrier, Product, initCarrierModels } from "./carrier";
import { DncImport, DncImportChunk, DncNumber, DncRemoval, initDncModels } from "./dnc";
import { initJobModel } from "./job";
import { LeadImport, LeadImportKey, LeadImportRejection, LeadImportRow, initLeadImportModels } from "./lead-import";
import { LeadDuplicate, LeadReturn, LeadSource, initLeadSupplyModels } from "./lead-supply";
import {
  ActivityLog,
  Attempt,
  FormSubmission,
  Notification,
  Order,
  PasswordResetRequest,
  initOperationModels,
} from "./operations";
import { initUnreadLeadCountModel } from "./unread-lead-count";
import { RecoveryCode, TwoFactorChallenge, TwoFactorCredential, initTwoFactorModels } from "./two-factor";
import { Session, User, initUserModels } from "./user";
import { Webhook, WebhookDelivery, initWebhookModels } from "./webhook";

export {
  ActivityLog,
  Agent,
  AgentCarrier,
  ApiToken,
  Application,
  Attempt,
  Bdm,
  Beneficiary,
  CallAttempt,
  CallingRule,
  Carrier,
  DncImport,
  DncImportChunk,
  DncNumber,
  DncRemoval,
  FormSubmission,
  LeadDuplicate,
  LeadImport,
  LeadImportKey,
  LeadImportRejection,
  LeadImportRow,
  LeadRead,
  LeadReturn,
  LeadSource,
  LicensedState,
  Notification,
  Order,
  PasswordResetRequest,
  PaymentTracking,
  Phone,
  PolicyStatusChange,
  Product,
  RecoveryCode,
  Session,
  StatusChange,
  TwoFactorChallenge,
  TwoFactorCredential,
  User,
  Webhook,
  WebhookDelivery,
};

/**
 * The migrations make the schema; each model repeats its table's columns (foreign keys included)
 * and indexes so it reads as the table does. tests/api/schema.test.ts fails when the two disagree.
 */
export function initModels(sequelize: Sequelize) {
  initUserModels(sequelize);
  initAgentModels(sequelize);
  initCarrierModels(sequelize);
  initApplicationModels(sequelize);
  initOperationModels(sequelize);
  initUnreadLeadCountModel(sequelize);
  initLeadSupplyModels(sequelize);
  initLeadImportModels(sequelize);
  initCallingModels(sequelize);
  initDncModels(sequelize);
  initApiTokenModel(sequelize);
  initWebhookModels(sequelize);
  initTwoFactorModels(sequelize);
  // The SQLite job runner's table; on Postgres the jobs are pg-boss's (schema pgboss).
  if (sequelize.getDialect() === "sqlite") initJobModel(sequelize);

  User.hasOne(Agent, { as: "agent", foreignKey: "userId" });
  Agent.belongsTo(User, { as: "user", foreignKey: "userId" });
  Session.belongsTo(User, { as: "user", foreignKey: "userId" });
  User.hasMany(Session, { as: "sessions", foreignKey: "userId" });
  ApiToken.belongsTo(User, { as: "user", foreignKey: "userId" });

  Agent.belongsTo(Bdm, { as: "bdm", foreignKey: "bdmId" });
  Agent.belongsToMany(Carrier, { through: AgentCarrier, as: "carriers", foreignKey: "agentId", otherKey: "carrierId" });
  AgentCarrier.belongsTo(Agent, { as: "agent", foreignKey: "agentId" });
  AgentCarrier.belongsTo(Carrier, { as: "carrier", foreignKey: "carrierId" });
  Agent.hasMany(Product, { as: "products", foreignKey: "agentId" });
  Agent.hasMany(LicensedState, { as: "licensedStates", foreignKey: "agentId" });
  Carrier.hasMany(Product, { as: "products", foreignKey: "carrierId" });
  Product.belongsTo(Carrier, { as: "carrier", foreignKey: "carrierId" });
  Product.belongsTo(Agent, { as: "agent", foreignKey: "agentId" });

  Application.belongsTo(Agent, { as: "agent", foreignKey: "agentId" });
  Agent.hasMany(Application, { as: "applications", foreignKey: "agentId" });
  Application.belongsTo(Carrier, { as: "carrier", foreignKey: "carrierId" });
  Application.belongsTo(Product, { as: "product", foreignKey: "productId" });
  Application.hasMany(Phone, { as: "phones", foreignKey: "applicationId" });
  Application.hasMany(Beneficiary, { as: "beneficiaries", foreignKey: "applicationId" });
  Application.hasMany(PaymentTracking, { as: "paymentTracking", foreignKey: "applicationId" });
  PaymentTracking.belongsTo(Application, { as: "application", foreignKey: "applicationId" });
  Application.hasMany(StatusChange, { as: "statusChanges", foreignKey: "applicationId" });
  StatusChange.belongsTo(User, { as: "user", foreignKey: "userId" });
  Application.hasMany(LeadRead, { as: "reads", foreignKey: "applicationId" });
  LeadRead.belongsTo(User, { as: "user", foreignKey: "userId" });

  Notification.belongsTo(User, { as: "user", foreignKey: "userId" });
  Notification.belongsTo(Application, { as: "application", foreignKey: "applicationId" });
  PasswordResetRequest.belongsTo(User, { as: "user", foreignKey: "userId" });
  PasswordResetRequest.belongsTo(User, { as: "decidedBy", foreignKey: "decidedById" });
  Order.belongsTo(Agent, { as: "agent", foreignKey: "agentId" });
  Order.belongsTo(Bdm, { as: "bdm", foreignKey: "bdmId" });
  ActivityLog.belongsTo(User, { as: "user", foreignKey: "userId" });
}
