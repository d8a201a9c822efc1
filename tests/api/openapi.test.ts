import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { CallAttempt } from "~db";
import { openApiDocument } from "~/openapi/document.server";
import { loader as documentLoader, action as documentAction } from "~/routes/api.openapi[.json]";
import { createWebhook, deleteWebhook } from "~/services/webhooks.server";
import { TEST_PASSWORD, createAdmin, createLead, signInAs } from "../support/factories";
import { createFormSubmissionRow } from "../support/form-submission-factories";
import { callRoute, jsonOf } from "../support/http";
import { createBdm, createOrderRow } from "../support/order-factories";
import { premiumSeller, recordPremiumSale } from "../support/premiums-factories";

// Issue 27 item 5 (decision 082): the OpenAPI document covers every /api route file and method,
// names no path that no route file serves, and real answers of the real routes fit its schemas.

type Method = "get" | "post" | "put" | "patch" | "delete";
type RouteModule = { loader?: unknown; action?: unknown };
type Handler = Parameters<typeof callRoute>[0];

const METHODS: Method[] = ["get", "post", "put", "patch", "delete"];
const ROUTES_DIR = path.resolve(__dirname, "../../app/routes/api+");

/**
 * Each route file's path in the document's form: "admin.agents.$id.approve" is
 * /api/admin/agents/{id}/approve, "admin.imports.$id.rejected[.csv]" /api/admin/imports/{id}/rejected.csv.
 * The catch-all `$` (any unknown /api path answers 404) is no operation of its own.
 */
function documentPathOf(name: string) {
  const segments = name
    .replace(/\[\.(\w+)\]$/, "\u0000$1")
    .split(".")
    .map((segment) => (segment.startsWith("$") ? `{${segment.slice(1)}}` : segment));
  return `/api/${segments.join("/")}`.replace("\u0000", ".");
}

const routeFiles = fs
  .readdirSync(ROUTES_DIR)
  .filter((file) => /\.tsx?$/.test(file) && !file.startsWith("__") && !/\.server\.tsx?$/.test(file))
  .map((file) => file.replace(/\.tsx?$/, ""))
  .filter((name) => name !== "$")
  .sort();

/** The methods a route file serves: apiRoute answers every other one 405 before anything else. */
async function methodsOf(name: string): Promise<Method[]> {
  const mod = (await import(path.join(ROUTES_DIR, `${name}.ts`))) as RouteModule;
  const served: Method[] = [];
  for (const method of METHODS) {
    const handler = (method === "get" ? mod.loader : mod.action) as Handler;
    const res = await callRoute(handler, {
      method: method.toUpperCase(),
      path: documentPathOf(name).replace(/\{\w+\}/g, "00000000-0000-4000-8000-000000000000"),
      params: {},
      rawBody: method === "get" ? undefined : "{",
    });
    if (res.status !== 405) served.push(method);
  }
  return served;
}

/** Served outside app/routes/api+ (the document itself, cacheable, so not under apiRoute's no-store). */
const OUTSIDE_API_FOLDER: Record<string, Method[]> = { "/api/openapi.json": ["get"] };

describe("the OpenAPI document", () => {
  const document = openApiDocument();
  const documented = Object.entries(document.paths ?? {}).map(
    ([documentPath, item]) => [documentPath, METHODS.filter((method) => method in (item ?? {}))] as const,
  );

  it("has an entry for every route file and every method it serves", async () => {
    const missing: string[] = [];
    for (const name of routeFiles) {
      const item = document.paths?.[documentPathOf(name)];
      for (const method of await methodsOf(name)) {
        if (!item?.[method]) missing.push(`${method.toUpperCase()} ${documentPathOf(name)} (${name}.ts)`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("names no path or method that no route serves", async () => {
    const served = new Map<string, Method[]>(Object.entries(OUTSIDE_API_FOLDER));
    for (const name of routeFiles) served.set(documentPathOf(name), await methodsOf(name));
    const extra = documented.flatMap(([documentPath, methods]) =>
      methods.filter((method) => !served.get(documentPath)?.includes(method)).map((m) => `${m} ${documentPath}`),
    );
    expect(extra).toEqual([]);
  });

  it("gives every operation a summary, a tag, an answer and the Error shape for its refusals", () => {
    for (const [documentPath, methods] of documented) {
      for (const method of methods) {
        const operation = document.paths![documentPath]![method]!;
        expect(operation.summary, `${method} ${documentPath}`).toBeTruthy();
        expect(operation.tags?.length, `${method} ${documentPath}`).toBe(1);
        const statuses = Object.keys(operation.responses ?? {});
        expect(statuses.some((status) => status.startsWith("2"))).toBe(true);
        for (const status of statuses.filter((s) => s.startsWith("4"))) {
          expect(operation.responses![status].content?.["application/json"]?.schema).toEqual({
            $ref: "#/components/schemas/Error",
          });
        }
      }
    }
  });

  it("is served at GET /api/openapi.json, public and cacheable briefly; other methods are 405", async () => {
    const res = await callRoute(documentLoader, { path: "/api/openapi.json" });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=300");
    expect(await jsonOf(res)).toEqual(JSON.parse(JSON.stringify(document)));

    const post = await callRoute(documentAction, { method: "POST", path: "/api/openapi.json", rawBody: "{}" });
    expect(post.status).toBe(405);
    expect(post.headers.get("Allow")).toBe("GET, HEAD");
    expect(typeof (await jsonOf(post)).error).toBe("string");
  });
});

/** A validator of answers against the document's response schemas (JSON Schema 2020-12). */
function answerValidator() {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(JSON.parse(JSON.stringify(openApiDocument())) as object, "openapi");
  const pointer = (part: string) => part.replace(/~/g, "~0").replace(/\//g, "~1");
  return (method: Method, documentPath: string, status: number, body: unknown) => {
    const schemaRef = `openapi#/paths/${pointer(documentPath)}/${method}/responses/${status}/content/${pointer("application/json")}/schema`;
    const validate = ajv.getSchema(schemaRef);
    expect(validate, `${method} ${documentPath} documents a ${status} answer`).toBeTruthy();
    const valid = validate!(body);
    return valid ? [] : (validate!.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
  };
}

/** The route file of a document path: /api/admin/agents/{id}/approve is admin.agents.$id.approve. */
async function routeOf(documentPath: string): Promise<RouteModule> {
  const name = documentPath
    .replace(/^\/api\//, "")
    .replace(/\.csv$/, "[.csv]")
    .replace(/\{(\w+)\}/g, "$$$1")
    .replaceAll("/", ".");
  return (await import(path.join(ROUTES_DIR, `${name}.ts`))) as RouteModule;
}

type Sample = {
  method?: Method;
  /** The document's path; `{name}` filled from `params`. */
  path: string;
  query?: string;
  params?: Record<string, string>;
  json?: unknown;
  as: "agent" | "admin" | "nobody" | "other agent";
  /** The status the call must answer (200 when left out). */
  status?: number;
};

describe("real answers of the real routes fit the document's schemas (ajv, JSON Schema 2020-12)", () => {
  it("for a sample of reads and writes as an agent, an admin and nobody, errors included", async () => {
    const seller = await premiumSeller("Openapi");
    const sale = await recordPremiumSale(seller, { premiumCents: 12_345, soldAt: new Date() });
    // A refused call on the sale's lead, so its call log and evidence pack have an attempt to describe.
    await CallAttempt.create({
      applicationId: sale.id,
      userId: seller.user.id,
      phoneE164: "+13055550100",
      allowed: false,
      reasons: "outside_hours",
      ruleState: "FL",
      windowStart: "08:00",
      windowEnd: "20:00",
      windowDays: "mon,tue,wed,thu,fri,sat",
      maxCallsPer24h: 3,
      timeZone: "America/New_York",
    });
    const other = await premiumSeller("Stranger");
    const lead = await createLead(seller.agent.id, { firstName: "Quinn", lastName: "Sample" });
    // The lead opted out has a number of its own: an opt-out lists the lead's numbers as do not
    // call, and the default test number is every other file's lead's (their dnc flags would turn).
    const optingOut = await createLead(
      seller.agent.id,
      { firstName: "Olive", lastName: "Optout" },
      {
        phones: [{ phoneNumber: `305${crypto.randomInt(2_000_000, 9_999_999)}`, phoneType: "mobile", isPrimary: true }],
      },
    );
    const adminUser = await createAdmin();
    const admin = await signInAs(adminUser);
    // A row in each list the sample reads, so its rows are checked, not only an empty array.
    await createFormSubmissionRow();
    await createLead(seller.agent.id, { status: "callback", callbackDate: new Date(Date.now() + 86_400_000) });
    await createOrderRow();
    await createBdm();
    // Paused by its sample below before anything is emitted, and deleted at the end: no other file hears it.
    const { webhook } = await createWebhook(admin.actor, {
      url: "https://receiver.example.test/hooks",
      events: ["sale.recorded"],
      description: null,
    });
    const cookies = { agent: seller.cookie, admin: admin.cookie, nobody: undefined, "other agent": other.cookie };

    const samples: Sample[] = [
      // Writes first: the lists read below then hold their rows.
      {
        method: "patch",
        path: "/api/admin/webhooks/{id}",
        params: { id: webhook.id },
        json: { active: false, description: "Paused for the sample" },
        as: "admin",
      },
      {
        method: "post",
        path: "/api/admin/lead-sources",
        json: { name: `Openapi ${seller.agent.id.slice(0, 8)}`, costPerLead: "12.50" },
        as: "admin",
        status: 201,
      },
      {
        method: "post",
        path: "/api/admin/dnc",
        json: { phone: `3055${String(Date.now()).slice(-6)}`, reason: "internal" },
        as: "admin",
        status: 201,
      },
      {
        method: "post",
        path: "/api/agent/applications/{id}/return",
        params: { id: lead.id },
        json: {},
        as: "agent",
        status: 400,
      },
      { path: "/api/auth/me", as: "agent" },
      { path: "/api/auth/me", as: "admin" },
      { path: "/api/auth/me", as: "nobody", status: 401 },
      { path: "/api/agent/applications", as: "agent" },
      { path: "/api/agent/applications", as: "admin", status: 403 },
      { path: "/api/agent/applications", query: "?pageSize=0", as: "agent", status: 400 },
      { path: "/api/applications/{id}", params: { id: sale.id }, as: "agent" },
      { path: "/api/applications/{id}", params: { id: lead.id }, as: "admin" },
      { path: "/api/applications/{id}", params: { id: sale.id }, as: "other agent", status: 404 },
      { method: "post", path: "/api/applications/{id}/reveal", params: { id: sale.id }, json: {}, as: "agent" },
      { path: "/api/leads/unread-count", as: "agent" },
      { path: "/api/leads/unread-ids", as: "agent" },
      { path: "/api/leads/version", as: "agent" },
      { method: "post", path: "/api/leads/{id}/mark-read", params: { id: lead.id }, as: "agent" },
      { path: "/api/counts", as: "agent" },
      { path: "/api/notifications", as: "agent" },
      { path: "/api/notifications/unread-count", as: "agent" },
      { method: "post", path: "/api/notifications/mark-all-read", as: "agent" },
      { method: "delete", path: "/api/notifications/clear-all", as: "agent" },
      {
        method: "put",
        path: "/api/admin/agents/{id}/add-calls",
        params: { id: seller.agent.id },
        json: { callsToAdd: 5 },
        as: "admin",
      },
      { path: "/api/social-security-days", query: "?dateOfBirth=1950-03-15", as: "agent" },
      { path: "/api/products/all", as: "agent" },
      { path: "/api/admin/applications", as: "admin" },
      { path: "/api/admin/applications", query: "?status=sale", as: "admin" },
      { path: "/api/admin/commissions", query: "?period=all", as: "admin" },
      { path: "/api/admin/order-stats", as: "admin" },
      { path: "/api/admin/jobs", as: "admin" },
      { path: "/api/admin/form-submissions", as: "admin" },
      { path: "/api/admin/lead-sources", as: "admin" },
      { path: "/api/carriers", as: "admin" },
      { path: "/api/applications/{id}/calls", params: { id: sale.id }, as: "agent" },
      { path: "/api/applications/{id}/evidence", params: { id: sale.id }, as: "agent" },
      {
        method: "put",
        path: "/api/agent/applications/{id}/status",
        params: { id: lead.id },
        json: { status: "contacted", notes: "Left a message" },
        as: "agent",
      },
      {
        method: "put",
        path: "/api/agent/callbacks/{id}/reschedule",
        params: { id: lead.id },
        json: { callbackDate: new Date(Date.now() + 2 * 86_400_000).toISOString() },
        as: "agent",
      },
      { path: "/api/agent/applications/{id}/call-check", params: { id: lead.id }, as: "agent" },
      { method: "post", path: "/api/agent/applications/{id}/opt-out", params: { id: optingOut.id }, as: "agent" },
      { path: "/api/admin/applications/{id}/call-check", params: { id: lead.id }, as: "admin" },
      { path: "/api/agent/dashboard", as: "agent" },
      { path: "/api/agent/commissions", as: "agent" },
      { path: "/api/agent/retention", as: "agent" },
      { path: "/api/agent/callbacks", as: "agent" },
      { path: "/api/agent/at-risk", as: "agent" },
      { path: "/api/agent/profile", as: "agent" },
      { path: "/api/agent/setup", as: "agent" },
      { path: "/api/agent/stats", as: "agent" },
      { path: "/api/agent/reports", as: "agent" },
      { path: "/api/agent/reports/persistency", as: "agent" },
      { path: "/api/agent/reports/lead-sources", as: "agent" },
      { path: "/api/admin/agents", as: "admin" },
      { path: "/api/admin/agents/{id}/profile", params: { id: seller.agent.id }, as: "admin" },
      { path: "/api/admin/bdms", as: "admin" },
      { path: "/api/admin/dashboard", as: "admin" },
      { path: "/api/admin/reports", as: "admin" },
      { path: "/api/admin/reports/persistency", as: "admin" },
      { path: "/api/admin/reports/lead-sources", as: "admin" },
      { path: "/api/admin/premiums", as: "admin" },
      { path: "/api/admin/retention", as: "admin" },
      { path: "/api/admin/callbacks", as: "admin" },
      { path: "/api/admin/at-risk", as: "admin" },
      { path: "/api/admin/orders", as: "admin" },
      { path: "/api/admin/calling-rules", as: "admin" },
      { path: "/api/admin/dnc", as: "admin" },
      { path: "/api/admin/activity", as: "admin" },
      { path: "/api/admin/password-reset-requests", as: "admin" },
      { path: "/api/admin/lead-returns", as: "admin" },
      { path: "/api/public/agents", as: "nobody" },
      { path: "/api/public/carriers", as: "nobody" },
      { method: "post", path: "/api/auth/login", json: { email: "nobody@example.com" }, as: "nobody", status: 400 },
      // An enrolled admin's password asks for the second factor.
      {
        method: "post",
        path: "/api/auth/login",
        json: { email: adminUser.email, password: TEST_PASSWORD },
        as: "nobody",
      },
      { method: "post", path: "/api/auth/two-factor/setup", as: "agent" },
      { path: "/api/tokens", as: "agent" },
      { path: "/api/admin/webhooks", as: "admin" },
    ];

    const validate = answerValidator();
    // The validator does refuse: a user without its fields is not the documented answer.
    expect(validate("get", "/api/auth/me", 200, { user: { id: seller.user.id } })).not.toEqual([]);
    const failures: string[] = [];
    for (const sample of samples) {
      const method = sample.method ?? "get";
      const mod = await routeOf(sample.path);
      const url = sample.path.replace(/\{(\w+)\}/g, (_, name: string) => sample.params![name]!) + (sample.query ?? "");
      const res = await callRoute((method === "get" ? mod.loader : mod.action) as Handler, {
        method: method.toUpperCase(),
        path: url,
        params: sample.params,
        json: sample.json,
        cookie: cookies[sample.as],
      });
      const label = `${method.toUpperCase()} ${url} as ${sample.as}`;
      const body: unknown = await res.json();
      if (res.status !== (sample.status ?? 200)) {
        failures.push(`${label}: ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
        continue;
      }
      for (const error of validate(method, sample.path, res.status, body)) failures.push(`${label}: ${error}`);
    }
    await deleteWebhook(admin.actor, webhook.id);
    expect(failures).toEqual([]);
    expect(samples.length).toBeGreaterThanOrEqual(15);
  });
});
