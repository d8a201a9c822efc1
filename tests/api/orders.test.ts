import { describe, expect, it } from "vitest";
import { ActivityLog, Order } from "~db";
import { action as orderAction, loader as ordersLoader } from "~/routes/api+/admin.orders";
import { action as itemAction } from "~/routes/api+/admin.orders.$id";
import { loader as statsLoader } from "~/routes/api+/admin.order-stats";
import { action as pageAction, loader as pageLoader } from "~/routes/admin+/orders";
import { COMPANY_SOURCES, PAYMENT_GATEWAYS } from "~/domain/orders";
import { createOrder, listOrders, orderJson, orderSheet, orderStats } from "~/services/orders.server";
import { readToast } from "~/utils/toast.server";
import { createAdmin, createAgent, signInAs } from "../support/factories";
import { callRoute, jsonOf } from "../support/http";
import { createBdm, createOrderRow } from "../support/order-factories";

type ErrorBody = { error: string; fieldErrors?: Record<string, string[]> };
/** An order as the API sends it: the service's orderJson. */
type OrderJson = ReturnType<typeof orderJson>;
type StatsJson = {
  totalOrders: number;
  totalCallsOrdered: number;
  totalCallsCompleted: number;
  totalRevenue: string;
  averageCostPerCall: string;
};

const adminCookie = async () => (await signInAs(await createAdmin())).cookie;
const agentCookie = async () => (await signInAs((await createAgent()).user)).cookie;

const list = (query: string, cookie?: string) => callRoute(ordersLoader, { path: `/api/admin/orders${query}`, cookie });
const stats = (query: string, cookie?: string) =>
  callRoute(statsLoader, { path: `/api/admin/order-stats${query}`, cookie });
const post = (json: unknown, cookie?: string) => callRoute(orderAction, { path: "/api/admin/orders", json, cookie });
const patch = (id: string, json: unknown, cookie?: string) =>
  callRoute(itemAction, { method: "PATCH", path: `/api/admin/orders/${id}`, params: { id }, json, cookie });
const remove = (id: string, cookie?: string) =>
  callRoute(itemAction, { method: "DELETE", path: `/api/admin/orders/${id}`, params: { id }, cookie });

const valid = (overrides: Record<string, unknown> = {}) => ({
  agentName: "Walk-in Wanda",
  callsOrdered: 40,
  companySource: "Direct",
  platformSource: "Google Ads",
  referrer: "",
  totalPayment: "720.50",
  ...overrides,
});

async function toastOf(response: Response) {
  const cookie = response.headers.get("Set-Cookie") ?? "";
  const request = new Request("http://localhost/", { headers: { Cookie: cookie.split(";")[0]! } });
  return (await readToast(request)).toast;
}

/** A day far from every other test's orders, filtered to the test's own BDM. */
const DAY = "2097-03-10";
const onDay = (hourUtc: number) => new Date(`${DAY}T${String(hourUtc).padStart(2, "0")}:00:00Z`);
const dayQuery = (bdmId: string, extra = "") =>
  `?period=custom&startDate=${DAY}&endDate=${DAY}&timezone=UTC&bdm=${bdmId}${extra}`;

describe("who may use the order sheet", () => {
  it("answers 401 signed out and 403 to an agent on every /api route, and changes nothing", async () => {
    const order = await createOrderRow();
    const cookie = await agentCookie();
    for (const res of [
      await list("", cookie),
      await stats("", cookie),
      await post(valid(), cookie),
      await patch(order.id, { status: "Completed" }, cookie),
      await remove(order.id, cookie),
    ]) {
      expect(res.status).toBe(403);
      expect((await jsonOf<ErrorBody>(res)).error).toBeTruthy();
    }
    for (const res of [await list(""), await stats(""), await post(valid()), await remove(order.id)]) {
      expect(res.status).toBe(401);
    }
    await order.reload();
    expect(order.status).toBe("Active");
  });

  it("refuses an agent in the service itself", async () => {
    const { user } = await createAgent();
    const { actor } = await signInAs(user);
    await expect(listOrders(actor, { page: 1, pageSize: 20 })).rejects.toMatchObject({ status: 403 });
    await expect(orderStats(actor, {})).rejects.toMatchObject({ status: 403 });
    await expect(orderSheet(actor, { page: 1, pageSize: 20 })).rejects.toMatchObject({ status: 403 });
    await expect(createOrder(actor, {} as never)).rejects.toMatchObject({ status: 403 });
  });

  it("redirects an agent away from the page to /", async () => {
    const res = await callRoute(pageLoader, { path: "/admin/orders", cookie: await agentCookie() });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/");
  });
});

describe("POST /api/admin/orders", () => {
  it("adds an order with a typed agent name: Active, Zelle by default, money in cents, in the audit trail", async () => {
    const bdm = await createBdm();
    const res = await post(valid({ bdm: bdm.id, referrer: "Partner network" }), await adminCookie());
    expect(res.status).toBe(201);
    const body = await jsonOf<OrderJson>(res);
    expect(body).toMatchObject({
      agentId: null,
      agentName: "Walk-in Wanda",
      callsOrdered: 40,
      callsCompleted: 0,
      companySource: "Direct",
      platformSource: "Google Ads",
      referrer: "Partner network",
      totalPayment: "720.50",
      costPerCall: "18.01",
      paymentGateway: "Zelle",
      bdm: bdm.id,
      bdmName: `${bdm.firstName} ${bdm.lastName}`,
      status: "Active",
    });
    const row = await Order.findByPk(body.id);
    expect(Number(row!.totalPaymentCents)).toBe(72_050);
    const log = await ActivityLog.findOne({ where: { entityId: body.id, action: "order_created" } });
    expect(log?.summary).toBe("Added an order of 40 calls for Walk-in Wanda");
  });

  it("takes the name from a chosen agent's first and last name (approved or pending), never a paused one", async () => {
    const cookie = await adminCookie();
    const approved = await createAgent({ firstName: "Priya", lastName: "Shah" });
    const chosen = await jsonOf<OrderJson>(
      await post(valid({ agentId: approved.agent.id, agentName: "Ignored" }), cookie),
    );
    expect(chosen).toMatchObject({ agentId: approved.agent.id, agentName: "Priya Shah" });

    const pending = await createAgent({ status: "pending", firstName: "Pat", lastName: "Pending" });
    const pendingOrder = await post(valid({ agentId: pending.agent.id, agentName: "" }), cookie);
    expect(pendingOrder.status).toBe(201);
    expect((await jsonOf<OrderJson>(pendingOrder)).agentName).toBe("Pat Pending");

    const paused = await createAgent({ status: "paused" });
    const refused = await post(valid({ agentId: paused.agent.id }), cookie);
    expect(refused.status).toBe(400);
    expect((await jsonOf<ErrorBody>(refused)).fieldErrors!.agentId).toEqual([
      "Choose an agent from the list, or Manual entry",
    ]);
  });

  it("uses the spec's fallbacks Unknown and Agent for a missing part of the agent's name", async () => {
    const blank = await createAgent({ firstName: " ", lastName: " " });
    const res = await post(valid({ agentId: blank.agent.id }), await adminCookie());
    expect((await jsonOf<OrderJson>(res)).agentName).toBe("Unknown Agent");
  });

  it("answers every missing required field with the spec's message", async () => {
    const res = await post({}, await adminCookie());
    expect(res.status).toBe(400);
    const { fieldErrors } = await jsonOf<ErrorBody>(res);
    expect(fieldErrors!.agentName).toEqual(["Agent name is required"]);
    expect(fieldErrors!.callsOrdered).toEqual(["Calls ordered is required"]);
    expect(fieldErrors!.platformSource).toEqual(["Platform source is required"]);
    expect(fieldErrors!.totalPayment).toEqual(["Total payment is required"]);
    expect(fieldErrors!.companySource).toEqual(["Company source must be one of: Direct, Referral Partner"]);
    expect(fieldErrors!.referrer).toBeUndefined();
    expect(fieldErrors!.paymentGateway).toBeUndefined();
  });

  it("needs at least 1 call ordered, a whole number", async () => {
    const cookie = await adminCookie();
    for (const [callsOrdered, message] of [
      [0, "Calls ordered must be at least 1"],
      [-3, "Calls ordered must be at least 1"],
      [2.5, "Calls must be a whole number"],
      ["many", "Calls must be a whole number"],
    ] as const) {
      const res = await post(valid({ callsOrdered }), cookie);
      expect(res.status, String(callsOrdered)).toBe(400);
      expect((await jsonOf<ErrorBody>(res)).fieldErrors!.callsOrdered).toEqual([message]);
    }
    expect((await post(valid({ callsOrdered: 1 }), cookie)).status).toBe(201);
    expect((await post(valid({ callsOrdered: "25" }), cookie)).status).toBe(201);
  });

  it("takes a total payment of 0 or more with at most two decimals, as a string or a number, stored in cents", async () => {
    const cookie = await adminCookie();
    for (const [totalPayment, message] of [
      ["-0.01", "Total payment must be 0 or more"],
      [-5, "Total payment must be 0 or more"],
      ["12.345", "Total payment must be an amount in dollars with at most two decimals"],
      ["twelve", "Total payment must be an amount in dollars with at most two decimals"],
    ] as const) {
      const res = await post(valid({ totalPayment }), cookie);
      expect(res.status, String(totalPayment)).toBe(400);
      expect((await jsonOf<ErrorBody>(res)).fieldErrors!.totalPayment).toEqual([message]);
    }
    const free = await jsonOf<OrderJson>(await post(valid({ totalPayment: "0" }), cookie));
    expect(free.totalPayment).toBe("0.00");
    const number = await jsonOf<OrderJson>(await post(valid({ totalPayment: 1234.5 }), cookie));
    expect(number.totalPayment).toBe("1234.50");
    expect(Number((await Order.findByPk(number.id))!.totalPaymentCents)).toBe(123_450);
    const typed = await jsonOf<OrderJson>(await post(valid({ totalPayment: "$1,000.10" }), cookie));
    expect(typed.totalPayment).toBe("1000.10");
  });

  it("accepts exactly the two company sources and the eight gateways; BDMs only from the database", async () => {
    const cookie = await adminCookie();
    for (const companySource of COMPANY_SOURCES) {
      expect((await post(valid({ companySource }), cookie)).status).toBe(201);
    }
    expect((await post(valid({ companySource: "Walk-in" }), cookie)).status).toBe(400);
    for (const paymentGateway of PAYMENT_GATEWAYS) {
      const res = await post(valid({ paymentGateway }), cookie);
      expect((await jsonOf<OrderJson>(res)).paymentGateway).toBe(paymentGateway);
    }
    const paypal = await post(valid({ paymentGateway: "PayPal" }), cookie);
    expect((await jsonOf<ErrorBody>(paypal)).fieldErrors!.paymentGateway).toEqual([
      "Payment gateway must be one of: Zelle, Venmo, Wise, Remitly, Western Union, ACH, Stripe, Cash App",
    ]);
    const ghost = await post(valid({ bdm: "5f0c6c2e-7a1b-4c3d-8e9f-0a1b2c3d4e5f" }), cookie);
    expect(ghost.status).toBe(400);
    expect((await jsonOf<ErrorBody>(ghost)).fieldErrors!.bdm).toEqual([
      "Choose one of the business development managers",
    ]);
    expect((await post(valid({ bdm: "Dana" }), cookie)).status).toBe(400);
  });

  it("requires a platform source that is not only spaces", async () => {
    const res = await post(valid({ platformSource: "   " }), await adminCookie());
    expect((await jsonOf<ErrorBody>(res)).fieldErrors!.platformSource).toEqual(["Platform source is required"]);
  });
});

describe("PATCH and DELETE /api/admin/orders/{id}", () => {
  it("changes only the fields sent and records a status change in the audit trail", async () => {
    const cookie = await adminCookie();
    const order = await createOrderRow({ agentName: "Nina Patch", callsOrdered: 20, totalPaymentCents: 40_000 });
    const res = await patch(order.id, { status: "Completed", callsCompleted: 20 }, cookie);
    expect(res.status).toBe(200);
    expect(await jsonOf<OrderJson>(res)).toMatchObject({
      status: "Completed",
      callsCompleted: 20,
      callsOrdered: 20,
      totalPayment: "400.00",
      agentName: "Nina Patch",
    });
    const log = await ActivityLog.findOne({ where: { entityId: order.id, action: "order_updated" } });
    expect(log?.summary).toBe("Marked Nina Patch's order Completed (was Active)");

    const money = await jsonOf<OrderJson>(await patch(order.id, { totalPayment: "500" }, cookie));
    expect(money).toMatchObject({ totalPayment: "500.00", costPerCall: "25.00", status: "Completed" });
  });

  it("takes each of the four statuses and nothing else; calls completed must be 0 or more", async () => {
    const cookie = await adminCookie();
    const order = await createOrderRow();
    for (const status of ["Active", "Completed", "Refunded", "Paused"]) {
      expect((await jsonOf<OrderJson>(await patch(order.id, { status }, cookie))).status).toBe(status);
    }
    const bad = await patch(order.id, { status: "Done" }, cookie);
    expect(bad.status).toBe(400);
    expect((await jsonOf<ErrorBody>(bad)).fieldErrors!.status).toEqual([
      "Status must be one of: Active, Completed, Refunded, Paused",
    ]);
    const negative = await patch(order.id, { callsCompleted: -1 }, cookie);
    expect(negative.status).toBe(400);
    expect((await jsonOf<ErrorBody>(negative)).fieldErrors!.callsCompleted).toEqual([
      "Calls completed must be 0 or more",
    ]);
    expect((await patch(order.id, { callsCompleted: 0 }, cookie)).status).toBe(200);
    expect((await patch(order.id, { callsOrdered: 0 }, cookie)).status).toBe(400);
  });

  it("moves an order to a manual name only with a name, and to an agent by id", async () => {
    const cookie = await adminCookie();
    const { agent } = await createAgent({ firstName: "Omar", lastName: "Odell" });
    const order = await createOrderRow({ agentId: agent.id, agentName: "Omar Odell" });
    const noName = await patch(order.id, { agentId: "manual" }, cookie);
    expect((await jsonOf<ErrorBody>(noName)).fieldErrors!.agentName).toEqual(["Agent name is required"]);
    const manual = await jsonOf<OrderJson>(
      await patch(order.id, { agentId: "manual", agentName: "Ola Typed" }, cookie),
    );
    expect(manual).toMatchObject({ agentId: null, agentName: "Ola Typed" });
    const renamed = await jsonOf<OrderJson>(await patch(order.id, { agentName: "Ola Retyped" }, cookie));
    expect(renamed).toMatchObject({ agentId: null, agentName: "Ola Retyped" });
    const back = await jsonOf<OrderJson>(await patch(order.id, { agentId: agent.id }, cookie));
    expect(back).toMatchObject({ agentId: agent.id, agentName: "Omar Odell" });
  });

  it("keeps an order's agent who has since been paused when the edit leaves them chosen", async () => {
    const cookie = await adminCookie();
    const { agent } = await createAgent({ status: "paused", firstName: "Pam", lastName: "Paused" });
    const order = await createOrderRow({ agentId: agent.id, agentName: "Pam Paused" });
    const kept = await patch(order.id, { agentId: agent.id, agentName: "", status: "Paused" }, cookie);
    expect(kept.status).toBe(200);
    expect(await jsonOf<OrderJson>(kept)).toMatchObject({
      agentId: agent.id,
      agentName: "Pam Paused",
      status: "Paused",
    });
    const other = await createOrderRow();
    const refused = await patch(other.id, { agentId: agent.id }, cookie);
    expect(refused.status).toBe(400);
  });

  it("answers 404 for an unknown or malformed id", async () => {
    const cookie = await adminCookie();
    for (const id of ["5f0c6c2e-7a1b-4c3d-8e9f-0a1b2c3d4e5f", "nope", "1 OR 1=1"]) {
      expect((await patch(id, { status: "Paused" }, cookie)).status, id).toBe(404);
      const res = await remove(id, cookie);
      expect(res.status, id).toBe(404);
      expect((await jsonOf<ErrorBody>(res)).error).toBe("Order not found");
    }
  });

  it("deletes an order, records it, and a second delete is a 404", async () => {
    const cookie = await adminCookie();
    const order = await createOrderRow({ agentName: "Del Gone", callsOrdered: 10 });
    const res = await remove(order.id, cookie);
    expect(res.status).toBe(200);
    expect(await jsonOf(res)).toEqual({ message: "Order deleted successfully" });
    expect(await Order.findByPk(order.id)).toBeNull();
    const log = await ActivityLog.findOne({ where: { entityId: order.id, action: "order_deleted" } });
    expect(log?.summary).toBe("Deleted Del Gone's order of 10 calls");
    expect((await remove(order.id, cookie)).status).toBe(404);
  });
});

describe("GET /api/admin/orders and /api/admin/order-stats", () => {
  it("filter by BDM and period alike, newest first, paginated with X-Total-Count", async () => {
    const cookie = await adminCookie();
    const bdm = await createBdm();
    const other = await createBdm();
    const first = await createOrderRow({
      bdmId: bdm.id,
      createdAt: onDay(10),
      callsOrdered: 10,
      totalPaymentCents: 10_000,
    });
    const second = await createOrderRow({
      bdmId: bdm.id,
      createdAt: onDay(12),
      callsOrdered: 30,
      callsCompleted: 12,
      totalPaymentCents: 50_000,
    });
    const third = await createOrderRow({
      bdmId: bdm.id,
      createdAt: onDay(14),
      callsOrdered: 5,
      totalPaymentCents: 1_000,
    });
    await createOrderRow({ bdmId: other.id, createdAt: onDay(11) });
    await createOrderRow({ bdmId: bdm.id, createdAt: new Date("2097-03-11T01:00:00Z") });

    const page1 = await list(dayQuery(bdm.id, "&page=1&pageSize=2"), cookie);
    expect(page1.status).toBe(200);
    expect(page1.headers.get("X-Total-Count")).toBe("3");
    expect((await jsonOf<OrderJson[]>(page1)).map((o) => o.id)).toEqual([third.id, second.id]);
    const page2 = await jsonOf<OrderJson[]>(await list(dayQuery(bdm.id, "&page=2&pageSize=2"), cookie));
    expect(page2.map((o) => o.id)).toEqual([first.id]);

    const figures = await jsonOf<StatsJson>(await stats(dayQuery(bdm.id), cookie));
    // Avg cost per call is the revenue over the calls ordered: $610.00 / 45.
    expect(figures).toEqual({
      totalOrders: 3,
      totalCallsOrdered: 45,
      totalCallsCompleted: 12,
      totalRevenue: "610.00",
      averageCostPerCall: "13.56",
    });
  });

  it("gives the page the same rows, total and figures in two statements (orderSheet)", async () => {
    const admin = (await signInAs(await createAdmin())).actor;
    const bdm = await createBdm();
    for (const day of [3, 4, 5]) await createOrderRow({ bdmId: bdm.id, createdAt: onDay(day), callsOrdered: day });
    const query = { bdm: bdm.id, page: 2, pageSize: 2 };
    const sheet = await orderSheet(admin, query);
    expect(sheet.list).toEqual(await listOrders(admin, query));
    expect(sheet.stats).toEqual(await orderStats(admin, query));
    expect(sheet.list.total).toBe(3);
    expect(sheet.list.rows).toHaveLength(1);
  });

  it("counts the period's days in the given time zone, and all time when the period is left out", async () => {
    const cookie = await adminCookie();
    const bdm = await createBdm();
    // 02:00 UTC on the 11th is still the 10th in New York.
    const late = await createOrderRow({ bdmId: bdm.id, createdAt: new Date("2097-03-11T02:00:00Z") });
    const old = await createOrderRow({ bdmId: bdm.id, createdAt: new Date("2001-01-01T12:00:00Z") });
    const range = `?period=custom&startDate=${DAY}&endDate=${DAY}&bdm=${bdm.id}`;
    const ny = await jsonOf<OrderJson[]>(await list(`${range}&timezone=America/New_York`, cookie));
    expect(ny.map((o) => o.id)).toEqual([late.id]);
    expect(await jsonOf<OrderJson[]>(await list(`${range}&timezone=UTC`, cookie))).toEqual([]);
    const all = await list(`?bdm=${bdm.id}`, cookie);
    expect(all.headers.get("X-Total-Count")).toBe("2");
    expect((await jsonOf<OrderJson[]>(all)).map((o) => o.id)).toEqual([late.id, old.id]);
    const allStats = await jsonOf<StatsJson>(await stats(`?bdm=${bdm.id}`, cookie));
    expect(allStats.totalOrders).toBe(2);
  });

  it("answers no orders with zeros", async () => {
    const bdm = await createBdm();
    const figures = await jsonOf<StatsJson>(await stats(dayQuery(bdm.id), await adminCookie()));
    expect(figures).toEqual({
      totalOrders: 0,
      totalCallsOrdered: 0,
      totalCallsCompleted: 0,
      totalRevenue: "0.00",
      averageCostPerCall: "0.00",
    });
  });

  it("refuses a bad query with the field at fault", async () => {
    const cookie = await adminCookie();
    for (const [query, field] of [
      ["?period=fortnight", "period"],
      ["?bdm=dana", "bdm"],
      ["?timezone=Mars/Base", "timezone"],
      ["?period=custom&startDate=2097-03-10", "endDate"],
      ["?period=custom&startDate=2097-03-10&endDate=2097-03-01", "endDate"],
      ["?pageSize=501", "pageSize"],
    ] as const) {
      for (const res of [await list(query, cookie), await stats(query, cookie)]) {
        expect(res.status, query).toBe(400);
        expect(Object.keys((await jsonOf<ErrorBody>(res)).fieldErrors!), query).toContain(field);
      }
    }
  });
});

describe("the Order Management page", () => {
  const postPage = (query: string, form: Record<string, string>, cookie: string) =>
    callRoute(pageAction, { method: "POST", path: `/admin/orders${query}`, form, cookie });
  const addForm = (overrides: Record<string, string> = {}) => ({
    intent: "create",
    agentId: "manual",
    agentName: "Manny Manual",
    callsOrdered: "30",
    companySource: "Referral Partner",
    platformSource: "TV Leads",
    referrer: "",
    totalPayment: "540.00",
    paymentGateway: "Zelle",
    bdm: "",
    ...overrides,
  });

  it("shows today's orders by default, in the admin's time zone, with the figures of the same rows", async () => {
    const admin = await createAdmin({ timezone: "America/Chicago" });
    const { cookie } = await signInAs(admin);
    const bdm = await createBdm();
    const today = await createOrderRow({ bdmId: bdm.id, callsOrdered: 8, totalPaymentCents: 16_000 });
    await createOrderRow({ bdmId: bdm.id, createdAt: new Date(Date.now() - 3 * 86_400_000) });
    const res = await callRoute(pageLoader, { path: `/admin/orders?bdm=${bdm.id}`, cookie });
    expect(res.status).toBe(200);
    const body = await jsonOf<{
      list: { rows: { id: string }[]; total: number };
      stats: { totalOrders: number; totalRevenueCents: number; averageCostPerCallCents: number };
      selection: { period: string };
    }>(res);
    expect(body.selection.period).toBe("today");
    expect(body.list.rows.map((r) => r.id)).toEqual([today.id]);
    expect(body.stats).toMatchObject({ totalOrders: 1, totalRevenueCents: 16_000, averageCostPerCallCents: 2_000 });
  });

  it("offers approved agents, then pending ones marked, never paused, in the Add dialog", async () => {
    const { cookie } = await signInAs(await createAdmin());
    const approved = await createAgent({ firstName: "Ava", lastName: "Approved" });
    const pending = await createAgent({ status: "pending", firstName: "Pia", lastName: "Pending" });
    const paused = await createAgent({ status: "paused" });
    const res = await callRoute(pageLoader, { path: "/admin/orders?dialog=add", cookie });
    const body = await jsonOf<{ agents: { id: string; name: string; pending: boolean }[]; dialog: string }>(res);
    expect(body.dialog).toBe("add");
    expect(body.agents.find((a) => a.id === approved.agent.id)).toEqual({
      id: approved.agent.id,
      name: "Ava Approved",
      pending: false,
    });
    expect(body.agents.find((a) => a.id === pending.agent.id)?.pending).toBe(true);
    expect(body.agents.some((a) => a.id === paused.agent.id)).toBe(false);
    const lastApproved = body.agents.map((a) => a.pending).lastIndexOf(false);
    const firstPending = body.agents.map((a) => a.pending).indexOf(true);
    expect(lastApproved).toBeLessThan(firstPending);
  });

  it("answers 404 for an edit or delete dialog of an unknown order", async () => {
    const { cookie } = await signInAs(await createAdmin());
    for (const dialog of ["edit", "delete"]) {
      const res = await callRoute(pageLoader, { path: `/admin/orders?dialog=${dialog}&id=nope`, cookie });
      expect(res.status, dialog).toBe(404);
    }
  });

  it("adds with a manual name, edits to Completed and deletes, each with the spec's toast", async () => {
    const { cookie } = await signInAs(await createAdmin());
    const created = await postPage("?period=all&dialog=add", addForm(), cookie);
    expect(created.status).toBe(302);
    expect(created.headers.get("Location")).toBe("/admin/orders?period=all");
    expect(await toastOf(created)).toMatchObject({ title: "Order created successfully" });
    const order = (await Order.findOne({ where: { agentName: "Manny Manual" }, order: [["createdAt", "DESC"]] }))!;
    expect(order).toMatchObject({
      agentId: null,
      callsOrdered: 30,
      status: "Active",
      companySource: "Referral Partner",
    });
    expect(Number(order.totalPaymentCents)).toBe(54_000);

    const updated = await postPage(
      `?dialog=edit&id=${order.id}`,
      { ...addForm({ intent: "update", id: order.id, callsCompleted: "30", status: "Completed" }) },
      cookie,
    );
    expect(updated.status).toBe(302);
    expect(await toastOf(updated)).toMatchObject({ title: "Order updated successfully" });
    await order.reload();
    expect(order.status).toBe("Completed");
    expect(order.callsCompleted).toBe(30);

    const deleted = await postPage(`?dialog=delete&id=${order.id}`, { intent: "delete", id: order.id }, cookie);
    expect(await toastOf(deleted)).toMatchObject({ title: "Order deleted successfully" });
    expect(await Order.findByPk(order.id)).toBeNull();
    const again = await postPage(`?dialog=delete&id=${order.id}`, { intent: "delete", id: order.id }, cookie);
    expect(again.status).toBe(302);
    expect(await toastOf(again)).toMatchObject({ type: "error", title: "Failed to delete order" });
  });

  it("keeps the dialog open with the messages at the fields and everything typed", async () => {
    const { cookie } = await signInAs(await createAdmin());
    const before = await Order.count();
    const res = await postPage(
      "?dialog=add",
      addForm({ agentName: "", callsOrdered: "0", platformSource: "", totalPayment: "-1", referrer: "Keep me" }),
      cookie,
    );
    expect(res.status).toBe(400);
    const body = await jsonOf<{
      intent: string;
      result: { error: Record<string, string[]>; initialValue: Record<string, string> };
    }>(res);
    expect(body.intent).toBe("create");
    expect(body.result.error).toMatchObject({
      agentName: ["Agent name is required"],
      callsOrdered: ["Calls ordered must be at least 1"],
      platformSource: ["Platform source is required"],
      totalPayment: ["Total payment must be 0 or more"],
    });
    expect(body.result.initialValue).toMatchObject({ referrer: "Keep me", totalPayment: "-1", callsOrdered: "0" });
    expect(await Order.count()).toBe(before);

    const order = await createOrderRow();
    const edit = await postPage(
      `?dialog=edit&id=${order.id}`,
      addForm({ intent: "update", id: order.id, callsCompleted: "-2", status: "Active" }),
      cookie,
    );
    expect(edit.status).toBe(400);
    const editBody = await jsonOf<{ result: { error: Record<string, string[]> } }>(edit);
    expect(editBody.result.error.callsCompleted).toEqual(["Calls completed must be 0 or more"]);
  });

  it("gives the failure toast when the order to update is gone", async () => {
    const { cookie } = await signInAs(await createAdmin());
    const id = "5f0c6c2e-7a1b-4c3d-8e9f-0a1b2c3d4e5f";
    const res = await postPage(
      `?dialog=edit&id=${id}`,
      addForm({ intent: "update", id, callsCompleted: "0", status: "Active" }),
      cookie,
    );
    expect(res.status).toBe(302);
    expect(await toastOf(res)).toMatchObject({ type: "error", title: "Failed to update order" });
  });
});
