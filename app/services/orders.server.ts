import { z } from "zod";
import { Agent, Bdm, Order, User, sequelize } from "~db";
import { ORDER_MESSAGES, costPerCallCents, decimalString } from "~/domain/orders";
import { periodRange, type Period } from "~/domain/periods";
import type { OrderCreateInput, OrderUpdateInput } from "~/domain/schemas/orders";
import type { Page } from "~/utils/list";
import { logActivity } from "./activity.server";
import { badRequest, notFound } from "./errors.server";
import { assertAdmin, isUuid } from "./permissions.server";
import type { SessionUser } from "./sessions.server";
import {
  and,
  column,
  pageRowsSql,
  selectOne,
  selectRows,
  sql,
  sqlPage,
  withinRange,
  type PageQuery,
  type Sql,
} from "./sql/reads.server";

// The Order Sheet (issue 13 item 1): what the agency sold its agents. Administrators only. The
// list and its five figures read the same filters (period on created_at in the admin's time zone,
// and a BDM) through plain SQL over the (created_at) and (bdm_id, created_at) indexes.

/** One order as the page and the API show it (part 2, section 3), money in cents. */
export type OrderView = {
  id: string;
  agentId: string | null;
  agentName: string;
  callsOrdered: number;
  callsCompleted: number;
  companySource: string;
  platformSource: string;
  referrer: string | null;
  totalPaymentCents: number;
  costPerCallCents: number | null;
  paymentGateway: string;
  bdmId: string | null;
  bdmName: string | null;
  status: string;
  createdAt: string;
};

export type OrderStats = {
  totalOrders: number;
  totalCallsOrdered: number;
  totalCallsCompleted: number;
  totalRevenueCents: number;
  /** Revenue over calls ordered, across the filtered orders; none without calls. */
  averageCostPerCallCents: number | null;
};

/**
 * An order as the API gives it: the spec's names, money as decimal strings ("1250.00"), `bdm`
 * the BDM's id (what POST and PATCH take) and `bdmName` to show.
 */
export function orderJson(order: OrderView) {
  const { totalPaymentCents, costPerCallCents, bdmId, ...rest } = order;
  return {
    ...rest,
    totalPayment: decimalString(totalPaymentCents),
    costPerCall: costPerCallCents === null ? null : decimalString(costPerCallCents),
    bdm: bdmId,
  };
}

/** The filters the list and the figures share. `timezone` is the admin's own when left out. */
export type OrderFilters = {
  period?: Period;
  startDate?: string;
  endDate?: string;
  bdm?: string;
  timezone?: string;
};

/** An agent the dialogs offer: approved ones, and pending ones marked (Pending). */
export type OrderAgentChoice = { id: string; name: string; pending: boolean };

/** An order as the SQL answers it (ORDER_COLUMNS), read into the view. */
const OrderRow = z
  .object({
    id: column.text,
    agentId: column.text.nullable(),
    agentName: column.text,
    callsOrdered: column.integer,
    callsCompleted: column.integer,
    companySource: column.text,
    platformSource: column.text,
    referrer: column.text.nullable(),
    totalPaymentCents: column.cents,
    paymentGateway: column.text,
    bdmId: column.text.nullable(),
    bdmFirstName: column.text.nullable(),
    bdmLastName: column.text.nullable(),
    status: column.text,
    createdAt: column.isoDate,
  })
  .transform((row): OrderView => ({
    id: row.id,
    agentId: row.agentId,
    agentName: row.agentName,
    callsOrdered: row.callsOrdered,
    callsCompleted: row.callsCompleted,
    companySource: row.companySource,
    platformSource: row.platformSource,
    referrer: row.referrer,
    totalPaymentCents: row.totalPaymentCents,
    costPerCallCents: costPerCallCents(row.totalPaymentCents, row.callsOrdered),
    paymentGateway: row.paymentGateway,
    bdmId: row.bdmId,
    bdmName: row.bdmId ? `${row.bdmFirstName ?? ""} ${row.bdmLastName ?? ""}`.trim() : null,
    status: row.status,
    createdAt: row.createdAt,
  }));

const ORDER_COLUMNS = sql`o.id, o.agent_id AS "agentId", o.agent_name AS "agentName", o.calls_ordered AS "callsOrdered",
  o.calls_completed AS "callsCompleted", o.company_source AS "companySource", o.platform_source AS "platformSource",
  o.referrer, o.total_payment_cents AS "totalPaymentCents", o.payment_gateway AS "paymentGateway",
  o.bdm_id AS "bdmId", b.first_name AS "bdmFirstName", b.last_name AS "bdmLastName", o.status,
  o.created_at AS "createdAt"`;

/**
 * The WHERE both the list and the figures use, over `orders o`: the period's bounds on
 * created_at (none for All Time or no period), and the BDM when one is chosen.
 */
function orderWhere(actor: SessionUser, filters: OrderFilters, now = new Date()): Sql {
  const range = periodRange(filters.period ?? "all", {
    timeZone: filters.timezone ?? actor.timezone,
    now,
    startDate: filters.startDate,
    endDate: filters.endDate,
  });
  return and([filters.bdm && sql`o.bdm_id = ${filters.bdm}`, withinRange(sql`o.created_at`, range)]);
}

type OrderPageQuery = OrderFilters & { page: number; pageSize: number };

/** The list's statement over the filtered orders, newest first, with each order's BDM. */
const orderList = (where: Sql): PageQuery => ({
  select: ORDER_COLUMNS,
  from: sql`orders o`,
  join: sql`LEFT JOIN bdms b ON b.id = o.bdm_id`,
  where,
  orderBy: sql`o.created_at DESC, o.id DESC`,
});

const OrderFigures = z.object({
  totalOrders: column.integer,
  totalCallsOrdered: column.integer.nullable(),
  totalCallsCompleted: column.integer.nullable(),
  totalRevenueCents: column.cents.nullable(),
});

/** The five cards over the filtered orders, in one statement (COUNT and SUMs of the same rows). */
async function readOrderStats(where: Sql): Promise<OrderStats> {
  const row = await selectOne(
    sql`SELECT COUNT(*) AS "totalOrders", SUM(o.calls_ordered) AS "totalCallsOrdered",
          SUM(o.calls_completed) AS "totalCallsCompleted", SUM(o.total_payment_cents) AS "totalRevenueCents"
        FROM orders o WHERE ${where}`,
    OrderFigures,
  );
  // A SUM over no orders is NULL: no calls, no revenue.
  const totalRevenueCents = row?.totalRevenueCents ?? 0;
  const totalCallsOrdered = row?.totalCallsOrdered ?? 0;
  return {
    totalOrders: row?.totalOrders ?? 0,
    totalCallsOrdered,
    totalCallsCompleted: row?.totalCallsCompleted ?? 0,
    totalRevenueCents,
    averageCostPerCallCents: costPerCallCents(totalRevenueCents, totalCallsOrdered),
  };
}

/** Newest first, one page, with the filtered total (GET /api/admin/orders). Admins only. */
export async function listOrders(
  actor: SessionUser,
  query: OrderPageQuery,
  now = new Date(),
): Promise<Page<OrderView>> {
  assertAdmin(actor);
  return sqlPage(orderList(orderWhere(actor, query, now)), query, OrderRow);
}

/** The five cards over the list's filters (GET /api/admin/order-stats). Admins only. */
export async function orderStats(actor: SessionUser, filters: OrderFilters, now = new Date()): Promise<OrderStats> {
  assertAdmin(actor);
  return readOrderStats(orderWhere(actor, filters, now));
}

/**
 * The Order Sheet page: one page of orders and the five cards, in two statements. The cards'
 * Total Orders is the list's total, so the page needs no COUNT of its own (at a few ms a
 * statement through the driver, a third statement was a third of the page's database time).
 */
export async function orderSheet(
  actor: SessionUser,
  query: OrderPageQuery,
  now = new Date(),
): Promise<{ list: Page<OrderView>; stats: OrderStats }> {
  assertAdmin(actor);
  const where = orderWhere(actor, query, now);
  const [rows, stats] = await Promise.all([
    selectRows(pageRowsSql(orderList(where), query), OrderRow),
    readOrderStats(where),
  ]);
  return { list: { rows, total: stats.totalOrders, page: query.page, pageSize: query.pageSize }, stats };
}

/** Approved agents, then pending ones, by name: the dialogs' agent select. Admins only. */
export async function orderAgentChoices(actor: SessionUser): Promise<OrderAgentChoice[]> {
  assertAdmin(actor);
  const rows = await selectRows(
    sql`SELECT a.id, a.status, u.first_name AS "firstName", u.last_name AS "lastName"
        FROM agents a JOIN users u ON u.id = a.user_id
        WHERE a.status IN ('approved', 'pending')
        ORDER BY CASE WHEN a.status = 'approved' THEN 0 ELSE 1 END, u.first_name, u.last_name, a.id`,
    z.object({
      id: column.text,
      status: column.text,
      firstName: column.text.nullable(),
      lastName: column.text.nullable(),
    }),
  );
  return rows.map((row) => ({ id: row.id, name: agentFullName(row), pending: row.status === "pending" }));
}

/** The spec's fallbacks when a part of the agent's name is missing: "Unknown" and "Agent". */
function agentFullName(user: { firstName: string | null; lastName: string | null }) {
  return `${user.firstName?.trim() || "Unknown"} ${user.lastName?.trim() || "Agent"}`;
}

async function findOrder(id: string): Promise<OrderView> {
  const order = isUuid(id)
    ? await selectOne(
        sql`SELECT ${ORDER_COLUMNS} FROM orders o LEFT JOIN bdms b ON b.id = o.bdm_id WHERE o.id = ${id}`,
        OrderRow,
      )
    : null;
  if (!order) throw notFound(ORDER_MESSAGES.notFound);
  return order;
}

export async function getOrder(actor: SessionUser, id: string): Promise<OrderView> {
  assertAdmin(actor);
  return findOrder(id);
}

/** The chosen agent (approved or pending) and the name the order takes from them, or a 400 at agentId. */
async function agentFor(agentId: string) {
  const agent = await Agent.findOne({
    where: { id: agentId, status: ["approved", "pending"] },
    attributes: ["id"],
    include: [{ model: User, as: "user", attributes: ["firstName", "lastName"] }],
  });
  if (!agent) throw badRequest(ORDER_MESSAGES.agentId, { agentId: [ORDER_MESSAGES.agentId] });
  return { agentId: agent.id, agentName: agentFullName(agent.user!) };
}

async function assertBdm(bdmId: string | null) {
  if (bdmId && !(await Bdm.findByPk(bdmId, { attributes: ["id"] }))) {
    throw badRequest(ORDER_MESSAGES.bdm, { bdm: [ORDER_MESSAGES.bdm] });
  }
}

/** Who the order is for: a chosen agent's name from their record, else the name typed. */
async function agentOf(input: { agentId?: string | null; agentName?: string | null }) {
  if (input.agentId) return agentFor(input.agentId);
  return { agentId: null, agentName: input.agentName ?? "" };
}

/** Adds an order, Active, with the entry in the activity log in the same transaction. */
export async function createOrder(actor: SessionUser, input: OrderCreateInput): Promise<OrderView> {
  assertAdmin(actor);
  const agent = await agentOf(input);
  await assertBdm(input.bdm);
  const id = await sequelize.transaction(async (transaction) => {
    const order = await Order.create(
      {
        ...agent,
        callsOrdered: input.callsOrdered,
        callsCompleted: 0,
        companySource: input.companySource,
        platformSource: input.platformSource,
        referrer: input.referrer,
        totalPaymentCents: input.totalPayment,
        paymentGateway: input.paymentGateway,
        bdmId: input.bdm,
        status: "Active",
      },
      { transaction },
    );
    await logActivity(
      {
        userId: actor.id,
        action: "order_created",
        entityType: "order",
        entityId: order.id,
        summary: `Added an order of ${input.callsOrdered} calls for ${agent.agentName}`,
      },
      { transaction },
    );
    return order.id;
  });
  return findOrder(id);
}

/** Changes the fields given; a status change is named in the activity log. */
export async function updateOrder(actor: SessionUser, id: string, change: OrderUpdateInput): Promise<OrderView> {
  assertAdmin(actor);
  const before = await findOrder(id);
  // The order's own agent stays as it is even if since paused: only a new choice must be approved or pending.
  const keepsAgent = change.agentId === undefined || (change.agentId !== null && change.agentId === before.agentId);
  // A typed name alone renames an order that has no agent of record.
  const renamed = change.agentId === undefined && change.agentName && !before.agentId;
  const agent = renamed ? { agentId: null, agentName: change.agentName! } : keepsAgent ? null : await agentOf(change);
  if (change.bdm !== undefined) await assertBdm(change.bdm);
  const values = {
    ...(agent ?? {}),
    callsOrdered: change.callsOrdered,
    callsCompleted: change.callsCompleted,
    companySource: change.companySource,
    platformSource: change.platformSource,
    referrer: change.referrer,
    totalPaymentCents: change.totalPayment,
    paymentGateway: change.paymentGateway,
    bdmId: change.bdm,
    status: change.status,
  };
  // Only what was sent: a PATCH leaves the other fields as they are.
  const changes = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
  const name = agent?.agentName ?? before.agentName;
  await sequelize.transaction(async (transaction) => {
    await Order.update(changes, { where: { id: before.id }, transaction });
    await logActivity(
      {
        userId: actor.id,
        action: "order_updated",
        entityType: "order",
        entityId: before.id,
        summary:
          change.status && change.status !== before.status
            ? `Marked ${name}'s order ${change.status} (was ${before.status})`
            : `Updated ${name}'s order`,
      },
      { transaction },
    );
  });
  return findOrder(before.id);
}

export async function deleteOrder(actor: SessionUser, id: string): Promise<void> {
  assertAdmin(actor);
  const before = await findOrder(id);
  await sequelize.transaction(async (transaction) => {
    await Order.destroy({ where: { id: before.id }, transaction });
    await logActivity(
      {
        userId: actor.id,
        action: "order_deleted",
        entityType: "order",
        entityId: before.id,
        summary: `Deleted ${before.agentName}'s order of ${before.callsOrdered} calls`,
      },
      { transaction },
    );
  });
}
