import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { Agent, Session } from "~db";
import { listPublicAgents } from "~/services/applications.server";
import { listPublicCarriers } from "~/services/carriers.server";
import { loader as publicAgentsLoader } from "~/routes/api+/public.agents";
import { loader as publicCarriersLoader } from "~/routes/api+/public.carriers";
import { action as loginAction } from "~/routes/api+/auth.login";
import { TEST_PASSWORD, createAgent } from "../support/factories";
import { callRoute, jsonOf, setCookieOf } from "../support/http";

// The contract every /api route keeps (DESIGN.md, "API routes are declared with one factory"):
// exactly the spec's methods, 405 with Allow for the others, JSON { error } for every error, and
// no-store and nosniff on every answer. The route files are read from disk, so a new route fails
// here until it is added to ROUTES with its methods.

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
type RouteModule = { loader?: unknown; action?: unknown };
type Handler = Parameters<typeof callRoute>[0];

const ALL_METHODS: readonly Method[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];

/**
 * Each route file's methods (the spec's /api tables), and what an accepted method answers to a
 * request that cannot succeed: no session, a malformed JSON body, or `?page=0` for a GET. Sign-in
 * is checked before the body, so guarded routes answer 401; logout has nothing to refuse.
 */
const ROUTES: Record<string, { methods: Method[]; probe: number }> = {
  $: { methods: ["GET", "POST", "PUT", "PATCH", "DELETE"], probe: 404 },
  "admin.activity": { methods: ["GET"], probe: 401 },
  "admin.at-risk": { methods: ["GET"], probe: 401 },
  "admin.agents": { methods: ["GET"], probe: 401 },
  "admin.agents.$id.add-calls": { methods: ["PUT"], probe: 401 },
  "admin.agents.$id.approve": { methods: ["POST", "PATCH"], probe: 401 },
  "admin.agents.$id.assign-bdm": { methods: ["POST"], probe: 401 },
  "admin.agents.$id.generate-temp-password": { methods: ["PUT"], probe: 401 },
  "admin.agents.$id.reset-two-factor": { methods: ["POST"], probe: 401 },
  "admin.agents.$id.profile": { methods: ["GET"], probe: 401 },
  "admin.agents.$id.reject": { methods: ["PATCH"], probe: 401 },
  "admin.agents.$id.status": { methods: ["PUT"], probe: 401 },
  "admin.applications": { methods: ["GET"], probe: 401 },
  "admin.applications.$id.call-check": { methods: ["GET"], probe: 401 },
  "admin.applications.$id.reassign": { methods: ["PUT"], probe: 401 },
  "admin.applications.$id.status": { methods: ["PUT"], probe: 401 },
  "admin.applications.reassign": { methods: ["PUT"], probe: 401 },
  "admin.bdms": { methods: ["GET"], probe: 401 },
  "admin.callbacks": { methods: ["GET"], probe: 401 },
  "admin.calling-rules": { methods: ["GET"], probe: 401 },
  "admin.calling-rules.$state": { methods: ["PUT", "DELETE"], probe: 401 },
  "admin.commissions": { methods: ["GET"], probe: 401 },
  "admin.dashboard": { methods: ["GET"], probe: 401 },
  "admin.form-submissions": { methods: ["GET"], probe: 401 },
  "admin.form-submissions.$id": { methods: ["PUT", "DELETE"], probe: 401 },
  "admin.jobs": { methods: ["GET"], probe: 401 },
  "admin.jobs.$id.retry": { methods: ["POST"], probe: 401 },
  "admin.dnc": { methods: ["GET", "POST"], probe: 401 },
  "admin.dnc.$phone": { methods: ["DELETE"], probe: 401 },
  "admin.dnc.import": { methods: ["POST"], probe: 401 },
  "admin.dnc.import.$id": { methods: ["GET"], probe: 401 },
  "admin.imports.$id": { methods: ["GET"], probe: 401 },
  "admin.imports.$id.rejected[.csv]": { methods: ["GET"], probe: 401 },
  "admin.lead-returns": { methods: ["GET"], probe: 401 },
  "admin.lead-returns.$id.approve": { methods: ["POST"], probe: 401 },
  "admin.lead-returns.$id.deny": { methods: ["POST"], probe: 401 },
  "admin.lead-sources": { methods: ["GET", "POST"], probe: 401 },
  "admin.lead-sources.$id": { methods: ["GET", "PATCH"], probe: 401 },
  "admin.lead-sources.$id.rotate-key": { methods: ["POST"], probe: 401 },
  "admin.webhooks": { methods: ["GET", "POST"], probe: 401 },
  "admin.webhooks.$id": { methods: ["PATCH", "DELETE"], probe: 401 },
  "admin.webhooks.$id.deliveries": { methods: ["GET"], probe: 401 },
  "admin.leads.import": { methods: ["POST"], probe: 401 },
  "admin.order-stats": { methods: ["GET"], probe: 401 },
  "admin.orders": { methods: ["GET", "POST"], probe: 401 },
  "admin.orders.$id": { methods: ["PATCH", "DELETE"], probe: 401 },
  "admin.password-reset-requests": { methods: ["GET"], probe: 401 },
  "admin.password-reset-requests.$id.approve": { methods: ["POST"], probe: 401 },
  "admin.password-reset-requests.$id.deny": { methods: ["POST"], probe: 401 },
  "admin.premiums": { methods: ["GET"], probe: 401 },
  "admin.payment-tracking.$id": { methods: ["PUT"], probe: 401 },
  "admin.reports": { methods: ["GET"], probe: 401 },
  "admin.reports.lead-sources": { methods: ["GET"], probe: 401 },
  "admin.reports.persistency": { methods: ["GET"], probe: 401 },
  "admin.retention": { methods: ["GET"], probe: 401 },
  "agent.carriers": { methods: ["PUT"], probe: 401 },
  "agent.applications": { methods: ["GET"], probe: 401 },
  "agent.applications.$id": { methods: ["PUT"], probe: 401 },
  "agent.applications.$id.status": { methods: ["PUT"], probe: 401 },
  "agent.applications.$id.return": { methods: ["POST"], probe: 401 },
  "agent.applications.$id.opt-out": { methods: ["POST"], probe: 401 },
  "agent.applications.$id.call-check": { methods: ["GET"], probe: 401 },
  "agent.at-risk": { methods: ["GET"], probe: 401 },
  "agent.callbacks": { methods: ["GET"], probe: 401 },
  "agent.callbacks.$id.reschedule": { methods: ["PUT"], probe: 401 },
  "agent.applications.$id.cancel": { methods: ["PUT"], probe: 401 },
  "agent.commissions": { methods: ["GET"], probe: 401 },
  "agent.dashboard": { methods: ["GET"], probe: 401 },
  "agent.retention": { methods: ["GET"], probe: 401 },
  "agent.products.$carrierId": { methods: ["GET"], probe: 401 },
  "agent.reports": { methods: ["GET"], probe: 401 },
  "agent.reports.lead-sources": { methods: ["GET"], probe: 401 },
  "agent.reports.persistency": { methods: ["GET"], probe: 401 },
  "agent.profile": { methods: ["GET", "PUT"], probe: 401 },
  "agent.setup": { methods: ["GET", "POST"], probe: 401 },
  "agent.stats": { methods: ["GET"], probe: 401 },
  "applications.$id": { methods: ["GET", "PATCH"], probe: 401 },
  "applications.$id.reveal": { methods: ["POST"], probe: 401 },
  "applications.$id.evidence": { methods: ["GET"], probe: 401 },
  "applications.$id.policy": { methods: ["PUT"], probe: 401 },
  "applications.$id.calls": { methods: ["GET", "POST"], probe: 401 },
  "applications.$id.calls.$callId.outcome": { methods: ["POST"], probe: 401 },
  "auth.complete-password-reset": { methods: ["POST"], probe: 400 },
  "auth.login": { methods: ["POST"], probe: 400 },
  "auth.logout": { methods: ["POST"], probe: 200 },
  "auth.me": { methods: ["GET"], probe: 401 },
  "auth.register": { methods: ["POST"], probe: 400 },
  "auth.request-password-reset": { methods: ["POST"], probe: 400 },
  "auth.reset-password": { methods: ["POST"], probe: 400 },
  "auth.sessions": { methods: ["GET"], probe: 401 },
  "auth.sessions.$id": { methods: ["DELETE"], probe: 401 },
  "auth.sessions.sign-out-others": { methods: ["POST"], probe: 401 },
  "auth.timezone": { methods: ["PUT"], probe: 401 },
  "auth.two-factor.disable": { methods: ["POST"], probe: 401 },
  "auth.two-factor.enable": { methods: ["POST"], probe: 401 },
  "auth.two-factor.recovery-codes": { methods: ["POST"], probe: 401 },
  "auth.two-factor.setup": { methods: ["POST"], probe: 401 },
  "auth.verify-two-factor": { methods: ["POST"], probe: 400 },
  "auth.verify-reset-token": { methods: ["POST"], probe: 400 },
  carriers: { methods: ["GET"], probe: 401 },
  counts: { methods: ["GET"], probe: 401 },
  "form-submissions": { methods: ["POST"], probe: 400 },
  // A posting key, never a session, authorises it: without one, 401 before the body is read.
  "intake.leads": { methods: ["POST"], probe: 401 },
  "leads.$id.mark-read": { methods: ["POST"], probe: 401 },
  "leads.unread-count": { methods: ["GET"], probe: 401 },
  "leads.unread-ids": { methods: ["GET"], probe: 401 },
  "leads.version": { methods: ["GET"], probe: 401 },
  notifications: { methods: ["GET"], probe: 401 },
  "notifications.$id.read": { methods: ["POST"], probe: 401 },
  "notifications.clear-all": { methods: ["DELETE"], probe: 401 },
  "notifications.mark-all-read": { methods: ["POST"], probe: 401 },
  "notifications.unread-count": { methods: ["GET"], probe: 401 },
  "payment-tracking.$paymentId": { methods: ["PATCH"], probe: 401 },
  "products.all": { methods: ["GET"], probe: 401 },
  "public.agents": { methods: ["GET"], probe: 400 },
  "public.applications": { methods: ["POST"], probe: 400 },
  "public.carriers": { methods: ["GET"], probe: 400 },
  "social-security-days": { methods: ["GET"], probe: 401 },
  tokens: { methods: ["GET", "POST"], probe: 401 },
  "tokens.$id": { methods: ["DELETE"], probe: 401 },
};

const ROUTES_DIR = path.resolve(__dirname, "../../app/routes/api+");
const routeNames = fs
  .readdirSync(ROUTES_DIR)
  .filter((file) => /\.tsx?$/.test(file) && !file.startsWith("__") && !/\.server\.tsx?$/.test(file))
  .map((file) => file.replace(/\.tsx?$/, ""))
  .sort();

/** The URL and params Remix would hand the route: "admin.agents.$id.approve" is /api/admin/agents/{id}/approve. */
function requestFor(name: string) {
  const params: Record<string, string> = {};
  const segments = name.split(".").map((segment) => {
    if (!segment.startsWith("$")) return segment;
    const value = segment === "$" ? "no/such/path" : crypto.randomUUID();
    params[segment.slice(1) || "*"] = value;
    return value;
  });
  return { path: `/api/${segments.join("/")}`, params };
}

async function importRoute(name: string): Promise<RouteModule> {
  return (await import(path.join(ROUTES_DIR, `${name}.ts`))) as RouteModule;
}

function handlerFor(mod: RouteModule, method: string) {
  return (method === "GET" || method === "HEAD" ? mod.loader : mod.action) as Handler;
}

function expectApiHeaders(res: Response) {
  expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
  expect(res.headers.get("Cache-Control")).toBe("no-store");
  expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
}

async function expectJsonError(res: Response, status: number) {
  expect(res.status).toBe(status);
  expectApiHeaders(res);
  const body = await jsonOf<{ error?: unknown }>(res);
  expect(typeof body.error).toBe("string");
  expect(body.error).not.toBe("");
  return body;
}

describe("every /api route file", () => {
  it("is in the table of methods (add a new route to ROUTES with the spec's methods)", () => {
    expect(routeNames.length).toBeGreaterThan(0);
    expect(routeNames).toEqual(Object.keys(ROUTES).sort());
  });

  describe.each(routeNames)("%s", (name) => {
    const spec = ROUTES[name];
    const { path: url, params } = requestFor(name);
    const allowed = spec?.methods ?? [];
    const refused = [...ALL_METHODS.filter((m) => !allowed.includes(m)), ...(allowed.includes("GET") ? [] : ["HEAD"])];
    const allow = [...allowed, ...(allowed.includes("GET") ? ["HEAD"] : [])].sort();

    it("exports a loader and an action", async () => {
      const mod = await importRoute(name);
      expect(typeof mod.loader).toBe("function");
      expect(typeof mod.action).toBe("function");
    });

    it.each(refused)("answers %s with 405, a JSON error and Allow", async (method) => {
      const mod = await importRoute(name);
      const hasBody = method !== "GET" && method !== "HEAD";
      const res = await callRoute(handlerFor(mod, method), {
        method,
        path: url,
        params,
        rawBody: hasBody ? "{}" : undefined,
      });
      await expectJsonError(res, 405);
      const header = res.headers.get("Allow") ?? "";
      expect(
        header
          .split(",")
          .map((m) => m.trim())
          .sort(),
      ).toEqual(allow);
    });

    it.each(allowed)("answers %s it cannot honour in JSON with the API headers", async (method) => {
      const mod = await importRoute(name);
      const res = await callRoute(handlerFor(mod, method), {
        method,
        path: method === "GET" ? `${url}?page=0` : url,
        params,
        rawBody: method === "GET" ? undefined : "{",
      });
      if (spec!.probe >= 400) {
        await expectJsonError(res, spec!.probe);
      } else {
        expect(res.status).toBe(spec!.probe);
        expectApiHeaders(res);
      }
    });
  });
});

describe("PUT /api/auth/login", () => {
  it("is refused with 405 even with valid credentials, and signs nobody in", async () => {
    const { user } = await createAgent({ status: "approved" });
    const credentials = { email: user.email, password: TEST_PASSWORD };

    const res = await callRoute(loginAction, { method: "PUT", path: "/api/auth/login", json: credentials });
    await expectJsonError(res, 405);
    expect(res.headers.get("Allow")).toBe("POST");
    expect(setCookieOf(res)).toBe("");
    expect(await Session.count({ where: { userId: user.id } })).toBe(0);

    const post = await callRoute(loginAction, { method: "POST", path: "/api/auth/login", json: credentials });
    expect(post.status).toBe(200);
    expect(setCookieOf(post)).not.toBe("");
  });
});

describe("public lists page and sort in the database", () => {
  type Row = { id: string; name: string };

  it("GET /api/public/agents?page=2&pageSize=1 is the second agent by name, with the total", async () => {
    for (const firstName of ["Ursula", "bertha", "Zed"]) await createAgent({ status: "approved", firstName });
    await createAgent({ status: "paused", firstName: "Hidden" });
    // Listed: approved agents whose setup is complete (an agent in setup cannot take applications).
    const total = await Agent.count({ where: { status: "approved", setupComplete: true } });

    // Every page of the largest size, in turn: the suite's other files add agents to this
    // database, so there may be more than one page of 500.
    const everyone: Row[] = [];
    for (let page = 1; page <= Math.ceil(total / 500); page++) {
      const res = await callRoute(publicAgentsLoader, { path: `/api/public/agents?page=${page}&pageSize=500` });
      everyone.push(...(await jsonOf<Row[]>(res)));
    }
    expect(everyone).toHaveLength(total);
    // The page's list, less the licensed states it carries for the form's note.
    expect(everyone).toEqual(
      (await listPublicAgents()).map(({ id, name, licenseNumber }) => ({ id, name, licenseNumber })),
    );
    const names = everyone.map((a) => a.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en-US", { sensitivity: "base" })));

    const res = await callRoute(publicAgentsLoader, { path: "/api/public/agents?page=2&pageSize=1" });
    expect(res.status).toBe(200);
    expectApiHeaders(res);
    expect(res.headers.get("X-Total-Count")).toBe(String(total));
    expect(await jsonOf(res)).toEqual(everyone.slice(1, 2));

    const past = await callRoute(publicAgentsLoader, { path: `/api/public/agents?page=${total + 1}&pageSize=1` });
    expect(await jsonOf(past)).toEqual([]);
    expect(past.headers.get("X-Total-Count")).toBe(String(total));
  });

  it("GET /api/public/carriers?page=2&pageSize=5 is carriers 6 to 10 by name, with the total, not cached", async () => {
    // The catalogue and the carriers of agents who take applications (tests/api/public-carriers.test.ts).
    const total = (await listPublicCarriers()).length;
    expect(total).toBeGreaterThanOrEqual(18);

    const everyone = await jsonOf<Row[]>(
      await callRoute(publicCarriersLoader, { path: "/api/public/carriers?pageSize=500" }),
    );
    expect(everyone).toHaveLength(total);
    expect(everyone).toEqual(await listPublicCarriers());
    const names = everyone.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en-US", { sensitivity: "base" })));

    const res = await callRoute(publicCarriersLoader, { path: "/api/public/carriers?page=2&pageSize=5" });
    expect(res.status).toBe(200);
    expectApiHeaders(res);
    expect(res.headers.get("X-Total-Count")).toBe(String(total));
    expect(await jsonOf(res)).toEqual(everyone.slice(5, 10));
  });

  it.each([
    ["agents", publicAgentsLoader],
    ["carriers", publicCarriersLoader],
  ] as const)("GET /api/public/%s refuses a pageSize of 0, 501 or abc with 400", async (list, loader) => {
    for (const pageSize of ["0", "501", "abc"]) {
      const res = await callRoute(loader, { path: `/api/public/${list}?pageSize=${pageSize}` });
      const body = await expectJsonError(res, 400);
      expect(
        (body as { fieldErrors?: Record<string, string[]> }).fieldErrors?.pageSize,
        `pageSize=${pageSize}`,
      ).toBeTruthy();
    }
  });
});
