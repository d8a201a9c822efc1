import { DataTypes } from "sequelize";
import type { MigrationContext } from "./index";

// The whole first schema. Column names are snake_case (models use `underscored: true`) so the
// tables read naturally in psql; every list filter has an index.
// Factories, not shared objects: Sequelize annotates the definitions it is given.
const id = () => ({ type: DataTypes.UUID, primaryKey: true, allowNull: false });
const fk = (table: string, onDelete: "CASCADE" | "SET NULL" = "CASCADE", allowNull = false) => ({
  type: DataTypes.UUID,
  allowNull,
  references: { model: table, key: "id" },
  onDelete,
});
const timestamps = () => ({
  created_at: { type: DataTypes.DATE, allowNull: false },
  updated_at: { type: DataTypes.DATE, allowNull: false },
});

export async function up({ context: { queryInterface: qi, transaction } }: { context: MigrationContext }) {
  await qi.createTable(
    "users",
    {
      id: id(),
      email: { type: DataTypes.STRING(254), allowNull: false, unique: true },
      password_hash: { type: DataTypes.STRING(255), allowNull: false },
      first_name: { type: DataTypes.STRING(100), allowNull: false },
      last_name: { type: DataTypes.STRING(100), allowNull: false },
      phone: { type: DataTypes.STRING(32), allowNull: true },
      role: { type: DataTypes.STRING(16), allowNull: false },
      timezone: { type: DataTypes.STRING(64), allowNull: false, defaultValue: "America/New_York" },
      must_change_password: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
      ...timestamps(),
    },
    { transaction },
  );
  await qi.addIndex("users", ["role"], { transaction });

  await qi.createTable(
    "sessions",
    {
      id: { type: DataTypes.STRING(64), primaryKey: true, allowNull: false },
      user_id: fk("users"),
      expires_at: { type: DataTypes.DATE, allowNull: false },
      ip_address: { type: DataTypes.STRING(64), allowNull: true },
      user_agent: { type: DataTypes.STRING(255), allowNull: true },
      ...timestamps(),
    },
    { transaction },
  );
  await qi.addIndex("sessions", ["user_id"], { transaction });
  await qi.addIndex("sessions", ["expires_at"], { transaction });

  await qi.createTable(
    "bdms",
    {
      id: id(),
      first_name: { type: DataTypes.STRING(100), allowNull: false },
      last_name: { type: DataTypes.STRING(100), allowNull: false },
      email: { type: DataTypes.STRING(254), allowNull: false, unique: true },
      ...timestamps(),
    },
    { transaction },
  );

  await qi.createTable(
    "agents",
    {
      id: id(),
      user_id: { ...fk("users"), unique: true },
      license_number: { type: DataTypes.STRING(64), allowNull: false },
      company_name: { type: DataTypes.STRING(200), allowNull: true },
      status: { type: DataTypes.STRING(16), allowNull: false, defaultValue: "pending" },
      calls_ordered: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
      calls_left: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
      call_quota: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
      calls_sold: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
      bdm_id: fk("bdms", "SET NULL", true),
      setup_complete: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
      temporary_password_encrypted: { type: DataTypes.TEXT, allowNull: true },
      approved_at: { type: DataTypes.DATE, allowNull: true },
      ...timestamps(),
    },
    { transaction },
  );
  await qi.addIndex("agents", ["status", "created_at"], { transaction });
  await qi.addIndex("agents", ["bdm_id"], { transaction });

  await qi.createTable(
    "carriers",
    {
      id: id(),
      name: { type: DataTypes.STRING(120), allowNull: false, unique: true },
      preset: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
      ...timestamps(),
    },
    { transaction },
  );

  await qi.createTable(
    "products",
    {
      id: id(),
      carrier_id: fk("carriers"),
      agent_id: fk("agents", "CASCADE", true),
      name: { type: DataTypes.STRING(120), allowNull: false },
      comp_percentage: { type: DataTypes.DECIMAL(6, 2), allowNull: false },
      ...timestamps(),
    },
    { transaction },
  );
  await qi.addIndex("products", ["agent_id", "carrier_id"], { transaction });
  await qi.addIndex("products", ["carrier_id"], { transaction });

  await qi.createTable(
    "agent_carriers",
    {
      id: id(),
      agent_id: fk("agents"),
      carrier_id: fk("carriers"),
      ...timestamps(),
    },
    { transaction },
  );
  await qi.addIndex("agent_carriers", ["agent_id", "carrier_id"], { unique: true, transaction });

  await qi.createTable(
    "licensed_states",
    {
      id: id(),
      agent_id: fk("agents"),
      state: { type: DataTypes.STRING(2), allowNull: false },
      ...timestamps(),
    },
    { transaction },
  );
  await qi.addIndex("licensed_states", ["agent_id", "state"], { unique: true, transaction });

  await qi.createTable(
    "applications",
    {
      id: id(),
      agent_id: fk("agents", "SET NULL", true),
      carrier_id: fk("carriers", "SET NULL", true),
      product_id: fk("products", "SET NULL", true),
      status: { type: DataTypes.STRING(24), allowNull: false, defaultValue: "pending" },
      first_name: { type: DataTypes.STRING(100), allowNull: false },
      last_name: { type: DataTypes.STRING(100), allowNull: false },
      has_email: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
      email: { type: DataTypes.STRING(254), allowNull: true },
      gender: { type: DataTypes.STRING(16), allowNull: true },
      date_of_birth: { type: DataTypes.DATEONLY, allowNull: true },
      state_born_in: { type: DataTypes.STRING(64), allowNull: true },
      address: { type: DataTypes.STRING(255), allowNull: true },
      city: { type: DataTypes.STRING(120), allowNull: true },
      state: { type: DataTypes.STRING(2), allowNull: true },
      zip_code: { type: DataTypes.STRING(10), allowNull: true },
      height: { type: DataTypes.STRING(32), allowNull: true },
      weight: { type: DataTypes.INTEGER, allowNull: true },
      marital_status: { type: DataTypes.STRING(16), allowNull: true },
      ssn_encrypted: { type: DataTypes.TEXT, allowNull: true },
      ssn_last4: { type: DataTypes.STRING(4), allowNull: true },
      smoker: { type: DataTypes.BOOLEAN, allowNull: true },
      doctor_name: { type: DataTypes.STRING(200), allowNull: true },
      doctor_phone: { type: DataTypes.STRING(32), allowNull: true },
      medications: { type: DataTypes.TEXT, allowNull: true },
      medical_history: { type: DataTypes.TEXT, allowNull: true },
      coverage_amount_cents: { type: DataTypes.BIGINT, allowNull: true },
      monthly_premium_cents: { type: DataTypes.INTEGER, allowNull: true },
      product_type: { type: DataTypes.STRING(120), allowNull: true },
      policy_term: { type: DataTypes.STRING(120), allowNull: true },
      riders: { type: DataTypes.TEXT, allowNull: true },
      policy_notes: { type: DataTypes.TEXT, allowNull: true },
      payment_method: { type: DataTypes.STRING(16), allowNull: true },
      bank_name: { type: DataTypes.STRING(200), allowNull: true },
      routing_number_encrypted: { type: DataTypes.TEXT, allowNull: true },
      routing_number_last4: { type: DataTypes.STRING(4), allowNull: true },
      account_number_encrypted: { type: DataTypes.TEXT, allowNull: true },
      account_number_last4: { type: DataTypes.STRING(4), allowNull: true },
      card_number_encrypted: { type: DataTypes.TEXT, allowNull: true },
      card_number_last4: { type: DataTypes.STRING(4), allowNull: true },
      card_expiry: { type: DataTypes.STRING(5), allowNull: true },
      card_cvv_encrypted: { type: DataTypes.TEXT, allowNull: true },
      first_draft_date: { type: DataTypes.DATEONLY, allowNull: true },
      future_draft_date: { type: DataTypes.DATEONLY, allowNull: true },
      payment_notes: { type: DataTypes.TEXT, allowNull: true },
      notes: { type: DataTypes.TEXT, allowNull: true },
      calculated_commission_cents: { type: DataTypes.INTEGER, allowNull: true },
      commission_cancelled_at: { type: DataTypes.DATE, allowNull: true },
      sold_at: { type: DataTypes.DATE, allowNull: true },
      callback_date: { type: DataTypes.DATE, allowNull: true },
      source: { type: DataTypes.STRING(32), allowNull: false, defaultValue: "public_form" },
      consent_given: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
      consent_text: { type: DataTypes.TEXT, allowNull: true },
      consent_at: { type: DataTypes.DATE, allowNull: true },
      consent_ip: { type: DataTypes.STRING(64), allowNull: true },
      ...timestamps(),
    },
    { transaction },
  );
  await qi.addIndex("applications", ["agent_id", "status", "created_at"], { transaction });
  await qi.addIndex("applications", ["agent_id", "created_at"], { transaction });
  await qi.addIndex("applications", ["status", "created_at"], { transaction });
  await qi.addIndex("applications", ["created_at"], { transaction });
  await qi.addIndex("applications", ["carrier_id"], { transaction });
  await qi.addIndex("applications", ["callback_date"], { transaction });
  await qi.addIndex("applications", ["sold_at"], { transaction });
  await qi.addIndex("applications", ["last_name", "first_name"], { transaction });
  await qi.addIndex("applications", ["email"], { transaction });

  await qi.createTable(
    "phones",
    {
      id: id(),
      application_id: fk("applications"),
      phone_number: { type: DataTypes.STRING(32), allowNull: false },
      phone_type: { type: DataTypes.STRING(16), allowNull: false, defaultValue: "mobile" },
      is_primary: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
      ...timestamps(),
    },
    { transaction },
  );
  await qi.addIndex("phones", ["application_id"], { transaction });

  await qi.createTable(
    "beneficiaries",
    {
      id: id(),
      application_id: fk("applications"),
      name: { type: DataTypes.STRING(200), allowNull: false },
      relationship: { type: DataTypes.STRING(32), allowNull: false },
      other_relationship: { type: DataTypes.STRING(120), allowNull: true },
      date_of_birth: { type: DataTypes.DATEONLY, allowNull: true },
      age: { type: DataTypes.INTEGER, allowNull: true },
      phone: { type: DataTypes.STRING(32), allowNull: true },
      percentage: { type: DataTypes.DECIMAL(5, 2), allowNull: true },
      ...timestamps(),
    },
    { transaction },
  );
  await qi.addIndex("beneficiaries", ["application_id"], { transaction });

  await qi.createTable(
    "payment_trackings",
    {
      id: id(),
      application_id: fk("applications"),
      month_number: { type: DataTypes.INTEGER, allowNull: false },
      due_date: { type: DataTypes.DATEONLY, allowNull: false },
      amount_cents: { type: DataTypes.INTEGER, allowNull: false },
      status: { type: DataTypes.STRING(16), allowNull: false, defaultValue: "not_paid" },
      notes: { type: DataTypes.TEXT, allowNull: true },
      ...timestamps(),
    },
    { transaction },
  );
  await qi.addIndex("payment_trackings", ["application_id", "month_number"], { unique: true, transaction });
  await qi.addIndex("payment_trackings", ["status", "due_date"], { transaction });

  await qi.createTable(
    "status_changes",
    {
      id: id(),
      application_id: fk("applications"),
      user_id: fk("users", "SET NULL", true),
      from_status: { type: DataTypes.STRING(24), allowNull: true },
      to_status: { type: DataTypes.STRING(24), allowNull: false },
      notes: { type: DataTypes.TEXT, allowNull: true },
      ...timestamps(),
    },
    { transaction },
  );
  await qi.addIndex("status_changes", ["application_id", "created_at"], { transaction });

  await qi.createTable(
    "lead_reads",
    {
      id: id(),
      user_id: fk("users"),
      application_id: fk("applications"),
      ...timestamps(),
    },
    { transaction },
  );
  await qi.addIndex("lead_reads", ["user_id", "application_id"], { unique: true, transaction });
  await qi.addIndex("lead_reads", ["application_id"], { transaction });

  await qi.createTable(
    "notifications",
    {
      id: id(),
      user_id: fk("users"),
      application_id: fk("applications", "CASCADE", true),
      type: { type: DataTypes.STRING(32), allowNull: false },
      title: { type: DataTypes.STRING(200), allowNull: false },
      message: { type: DataTypes.TEXT, allowNull: false },
      is_read: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
      ...timestamps(),
    },
    { transaction },
  );
  await qi.addIndex("notifications", ["user_id", "is_read", "created_at"], { transaction });

  await qi.createTable(
    "password_reset_requests",
    {
      id: id(),
      user_id: fk("users"),
      email: { type: DataTypes.STRING(254), allowNull: false },
      status: { type: DataTypes.STRING(16), allowNull: false, defaultValue: "pending" },
      kind: { type: DataTypes.STRING(16), allowNull: false, defaultValue: "request" },
      token_hash: { type: DataTypes.STRING(64), allowNull: true, unique: true },
      expires_at: { type: DataTypes.DATE, allowNull: false },
      approved_at: { type: DataTypes.DATE, allowNull: true },
      denied_at: { type: DataTypes.DATE, allowNull: true },
      completed_at: { type: DataTypes.DATE, allowNull: true },
      decided_by_id: fk("users", "SET NULL", true),
      ...timestamps(),
    },
    { transaction },
  );
  await qi.addIndex("password_reset_requests", ["status", "created_at"], { transaction });
  await qi.addIndex("password_reset_requests", ["user_id"], { transaction });

  await qi.createTable(
    "form_submissions",
    {
      id: id(),
      full_name: { type: DataTypes.STRING(200), allowNull: false },
      company_name: { type: DataTypes.STRING(200), allowNull: true },
      email: { type: DataTypes.STRING(254), allowNull: false },
      phone: { type: DataTypes.STRING(32), allowNull: false },
      service: { type: DataTypes.STRING(32), allowNull: false },
      message: { type: DataTypes.TEXT, allowNull: true },
      status: { type: DataTypes.STRING(16), allowNull: false, defaultValue: "new" },
      notes: { type: DataTypes.TEXT, allowNull: true },
      ...timestamps(),
    },
    { transaction },
  );
  await qi.addIndex("form_submissions", ["status", "created_at"], { transaction });
  await qi.addIndex("form_submissions", ["created_at"], { transaction });

  await qi.createTable(
    "orders",
    {
      id: id(),
      agent_id: fk("agents", "SET NULL", true),
      agent_name: { type: DataTypes.STRING(200), allowNull: false },
      calls_ordered: { type: DataTypes.INTEGER, allowNull: false },
      calls_completed: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
      company_source: { type: DataTypes.STRING(64), allowNull: false },
      platform_source: { type: DataTypes.STRING(120), allowNull: false },
      referrer: { type: DataTypes.STRING(200), allowNull: true },
      total_payment_cents: { type: DataTypes.INTEGER, allowNull: false },
      payment_gateway: { type: DataTypes.STRING(32), allowNull: false, defaultValue: "Zelle" },
      bdm_id: fk("bdms", "SET NULL", true),
      status: { type: DataTypes.STRING(16), allowNull: false, defaultValue: "Active" },
      ...timestamps(),
    },
    { transaction },
  );
  await qi.addIndex("orders", ["created_at"], { transaction });
  await qi.addIndex("orders", ["bdm_id", "created_at"], { transaction });

  await qi.createTable(
    "activity_logs",
    {
      id: id(),
      user_id: fk("users", "SET NULL", true),
      action: { type: DataTypes.STRING(64), allowNull: false },
      entity_type: { type: DataTypes.STRING(32), allowNull: true },
      entity_id: { type: DataTypes.UUID, allowNull: true },
      summary: { type: DataTypes.STRING(500), allowNull: false },
      ...timestamps(),
    },
    { transaction },
  );
  await qi.addIndex("activity_logs", ["created_at"], { transaction });

  // Attempt counters for rate limits live in the database so limits hold across app machines.
  await qi.createTable(
    "attempts",
    {
      id: id(),
      kind: { type: DataTypes.STRING(32), allowNull: false },
      key: { type: DataTypes.STRING(300), allowNull: false },
      ...timestamps(),
    },
    { transaction },
  );
  await qi.addIndex("attempts", ["kind", "key", "created_at"], { transaction });
}

export async function down({ context: { queryInterface: qi, transaction } }: { context: MigrationContext }) {
  for (const table of [
    "attempts",
    "activity_logs",
    "orders",
    "form_submissions",
    "password_reset_requests",
    "notifications",
    "lead_reads",
    "status_changes",
    "payment_trackings",
    "beneficiaries",
    "phones",
    "applications",
    "licensed_states",
    "agent_carriers",
    "products",
    "carriers",
    "agents",
    "bdms",
    "sessions",
    "users",
  ]) {
    await qi.dropTable(table, { transaction });
  }
}
