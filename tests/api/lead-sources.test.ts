import crypto from "node:crypto";
import { QueryTypes } from "sequelize";
import { describe, expect, it } from "vitest";
import { ActivityLog, Carrier, LeadSource, sequelize } from "~db";
import { LEAD_SOURCE_MESSAGES as M } from "~/domain/lead-sources";
import { leadSourceCreateSchema } from "~/domain/schemas/lead-sources";
import { action as listAction, loader as listLoader } from "~/routes/api+/admin.lead-sources";
import { action as itemAction, loader as itemLoader } from "~/routes/api+/admin.lead-sources.$id";
import { action as rotateAction } from "~/routes/api+/admin.lead-sources.$id.rotate-key";
import { action as pageAction, loader as pageLoader } from "~/routes/admin+/lead-sources";
import {
  createLeadSource,
  findSourceByPostingKey,
  getLeadSource,
  listLeadSources,
  rotateLeadSourceKey,
  updateLeadSource,
} from "~/services/lead-sources.server";
import { postingKeyHash } from "~/services/posting-keys.server";
import { createAdmin, createAgent, signInAs } from "../support/factories";
import { callRoute, jsonOf } from "../support/http";

// Issue 24 item 1: lead sources, their rules and their posting keys, through the service, the
// /api routes and the page's loader and action, on the test database (SQLite or Postgres).

type ErrorBody = { error: string; fieldErrors?: Record<string, string[]> };
type Created = { id: string; name: string; postingKey: string; postingUrl: string };
type SourceJson = {
  id: string;
  name: string;
  costPerLead: string;
  returnWindowHours: number;
  duplicateWindowDays: number;
  defaultCarrierId: string | null;
  defaultCarrierName: string | null;
  status: string;
  keyLast4: string;
  keyRotatedAt: string | null;
  createdAt: string;
};

const sourceName = (prefix = "Vendor") => `${prefix} ${crypto.randomBytes(4).toString("hex")}`;
const adminCookie = async () => (await signInAs(await createAdmin())).cookie;
const admin = async () => (await signInAs(await createAdmin())).actor;

const list = (query: string, cookie?: string) =>
  callRoute(listLoader, { path: `/api/admin/lead-sources${query}`, cookie });
const post = (json: unknown, cookie?: string) =>
  callRoute(listAction, { path: "/api/admin/lead-sources", json, cookie });
const getOne = (id: string, cookie?: string) =>
  callRoute(itemLoader, { path: `/api/admin/lead-sources/${id}`, params: { id }, cookie });
const patch = (id: string, json: unknown, cookie?: string) =>
  callRoute(itemAction, { method: "PATCH", path: `/api/admin/lead-sources/${id}`, params: { id }, json, cookie });
const rotate = (id: string, cookie?: string) =>
  callRoute(rotateAction, { method: "POST", path: `/api/admin/lead-sources/${id}/rotate-key`, params: { id }, cookie });

const valid = (overrides: Record<string, unknown> = {}) => ({
  name: sourceName(),
  costPerLead: "160.00",
  ...overrides,
});

/** The stored row as the database holds it, every column. */
async function storedRow(id: string) {
  const [row] = await sequelize.query<Record<string, unknown>>("SELECT * FROM lead_sources WHERE id = ?", {
    replacements: [id],
    type: QueryTypes.SELECT,
  });
  return row!;
}

async function fieldErrorsOf(res: Response) {
  expect(res.status).toBe(400);
  return (await jsonOf<ErrorBody>(res)).fieldErrors ?? {};
}

describe("who may manage lead sources", () => {
  it("answers 401 signed out and 403 to an agent on every route, and changes nothing", async () => {
    const cookie = await adminCookie();
    const created = await jsonOf<Created>(await post(valid(), cookie));
    const agent = (await signInAs((await createAgent({ status: "approved" })).user)).cookie;
    for (const res of [
      await list("", agent),
      await post(valid(), agent),
      await getOne(created.id, agent),
      await patch(created.id, { status: "paused" }, agent),
      await rotate(created.id, agent),
    ]) {
      expect(res.status).toBe(403);
      expect((await jsonOf<ErrorBody>(res)).error).toBeTruthy();
    }
    for (const res of [
      await list(""),
      await post(valid()),
      await getOne(created.id),
      await patch(created.id, { status: "paused" }),
      await rotate(created.id),
    ]) {
      expect(res.status).toBe(401);
    }
    const row = await LeadSource.findByPk(created.id);
    expect(row?.status).toBe("active");
    expect(row?.postingKeyHash).toBe(postingKeyHash(created.postingKey));
  });

  it("refuses an agent in the service itself", async () => {
    const { actor } = await signInAs((await createAgent({ status: "approved" })).user);
    const source = await createLeadSource(await admin(), leadSourceCreateSchema.parse(valid()));
    await expect(listLeadSources(actor, { page: 1, pageSize: 20 })).rejects.toMatchObject({ status: 403 });
    await expect(createLeadSource(actor, leadSourceCreateSchema.parse(valid()))).rejects.toMatchObject({ status: 403 });
    await expect(getLeadSource(actor, source.source.id)).rejects.toMatchObject({ status: 403 });
    await expect(updateLeadSource(actor, source.source.id, { status: "paused" })).rejects.toMatchObject({
      status: 403,
    });
    await expect(rotateLeadSourceKey(actor, source.source.id)).rejects.toMatchObject({ status: 403 });
  });

  it("sends an agent away from the page", async () => {
    const { cookie } = await signInAs((await createAgent({ status: "approved" })).user);
    const res = await callRoute(pageLoader, { path: "/admin/lead-sources", cookie });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/");
  });
});

describe("POST /api/admin/lead-sources", () => {
  it("answers 201 with the key once; the list shows only its last four; the database keeps only its hash", async () => {
    const cookie = await adminCookie();
    const name = sourceName("Acme Leads");
    const res = await post({ name, costPerLead: 160 }, cookie);
    expect(res.status).toBe(201);
    const body = await jsonOf<Created>(res);
    expect(Object.keys(body).sort()).toEqual(["id", "name", "postingKey", "postingUrl"]);
    expect(body.name).toBe(name);
    expect(body.postingKey).toMatch(/^lsk_[A-Za-z0-9_-]{40,}$/);
    expect(body.postingUrl).toBe("http://localhost/api/intake/leads");
    expect(res.headers.get("Cache-Control")).toBe("no-store");

    // The stored row: the hash and the last four, the key in no column.
    const row = await storedRow(body.id);
    expect(row.posting_key_hash).toBe(crypto.createHash("sha256").update(body.postingKey).digest("hex"));
    expect(row.posting_key_last4).toBe(body.postingKey.slice(-4));
    expect(JSON.stringify(row)).not.toContain(body.postingKey);
    expect(JSON.stringify(row)).not.toContain(body.postingKey.slice(4, 20));

    // Read back: the defaults, the money as text, never the key nor the hash.
    const one = await getOne(body.id, cookie);
    expect(one.status).toBe(200);
    const text = await one.text();
    expect(text).not.toContain(body.postingKey);
    expect(text).not.toContain(String(row.posting_key_hash));
    expect(JSON.parse(text)).toMatchObject({
      id: body.id,
      name,
      costPerLead: "160.00",
      returnWindowHours: 72,
      duplicateWindowDays: 30,
      defaultCarrierId: null,
      defaultCarrierName: null,
      status: "active",
      keyLast4: body.postingKey.slice(-4),
      keyRotatedAt: null,
    });
    const page = await list("?pageSize=500", cookie);
    const pageText = await page.text();
    expect(pageText).not.toContain(body.postingKey);
    expect(pageText).not.toContain(String(row.posting_key_hash));
    expect(Object.keys(JSON.parse(pageText)[0]).sort()).toEqual(
      [
        "costPerLead",
        "createdAt",
        "defaultCarrierId",
        "defaultCarrierName",
        "duplicateWindowDays",
        "id",
        "keyLast4",
        "keyRotatedAt",
        "name",
        "returnWindowHours",
        "status",
      ].sort(),
    );

    // The audit trail names the source, never the key.
    const logs = await ActivityLog.findAll({ where: { entityId: body.id } });
    expect(logs.map((log) => log.action)).toEqual(["lead_source_created"]);
    expect(logs[0]!.summary).toBe(`Added lead source ${name} at $160.00 per lead`);
    expect(JSON.stringify(logs.map((log) => log.toJSON()))).not.toContain(body.postingKey);

    // The intake finds the source by the key, and by nothing else.
    expect(await findSourceByPostingKey(body.postingKey)).toMatchObject({
      id: body.id,
      name,
      status: "active",
      costPerLeadCents: 16_000,
      returnWindowHours: 72,
      duplicateWindowDays: 30,
      defaultCarrierId: null,
      rateLimitPerMinute: 120,
    });
    expect(await findSourceByPostingKey(`${body.postingKey}x`)).toBeNull();
    expect(await findSourceByPostingKey(body.postingKey.slice(0, -1))).toBeNull();
    expect(await findSourceByPostingKey("")).toBeNull();
    expect(await findSourceByPostingKey(String(row.posting_key_hash))).toBeNull();
  });

  it("lists newest first, paged, with the total in X-Total-Count", async () => {
    const cookie = await adminCookie();
    const first = await jsonOf<Created>(await post(valid(), cookie));
    const second = await jsonOf<Created>(await post(valid(), cookie));
    const res = await list("?page=1&pageSize=1", cookie);
    expect(res.status).toBe(200);
    const total = Number(res.headers.get("X-Total-Count"));
    expect(total).toBeGreaterThanOrEqual(2);
    expect(await jsonOf<SourceJson[]>(res)).toHaveLength(1);
    const all = await jsonOf<SourceJson[]>(await list("?pageSize=500", cookie));
    const ids = all.map((row) => row.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    expect((await list("?page=0", cookie)).status).toBe(400);
    expect((await list("?pageSize=501", cookie)).status).toBe(400);
  });

  it("takes each window at its bounds, money with cents, a carrier that exists, and the defaults when left out", async () => {
    const cookie = await adminCookie();
    const carrier = (await Carrier.findOne({ where: { preset: true } }))!;
    const cases: [Record<string, unknown>, Partial<SourceJson>][] = [
      [
        { costPerLead: 0, returnWindowHours: 1, duplicateWindowDays: 0 },
        { costPerLead: "0.00", returnWindowHours: 1, duplicateWindowDays: 0 },
      ],
      [
        { costPerLead: "1,250.5", returnWindowHours: 720, duplicateWindowDays: 365 },
        { costPerLead: "1250.50", returnWindowHours: 720, duplicateWindowDays: 365 },
      ],
      [
        { costPerLead: "$189.99", returnWindowHours: "48", duplicateWindowDays: "7" },
        { costPerLead: "189.99", returnWindowHours: 48, duplicateWindowDays: 7 },
      ],
      [
        { costPerLead: 100000, returnWindowHours: "", duplicateWindowDays: null },
        { costPerLead: "100000.00", returnWindowHours: 72, duplicateWindowDays: 30 },
      ],
      [{ defaultCarrierId: carrier.id }, { defaultCarrierId: carrier.id, defaultCarrierName: carrier.name }],
    ];
    for (const [input, expected] of cases) {
      const res = await post(valid(input), cookie);
      expect(res.status, JSON.stringify(input)).toBe(201);
      const { id } = await jsonOf<Created>(res);
      expect(await jsonOf<SourceJson>(await getOne(id, cookie))).toMatchObject(expected);
    }
  });

  it("answers 400 with the message at the field for every rule", async () => {
    const cookie = await adminCookie();
    const unknownCarrier = "5f0c6c2e-7a1b-4c3d-8e9f-0a1b2c3d4e5f";
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: undefined }, "name", M.name],
      [{ name: "   " }, "name", M.name],
      [{ name: 42 }, "name", M.name],
      [{ name: "x".repeat(121) }, "name", M.nameTooLong],
      [{ costPerLead: undefined }, "costPerLead", M.costPerLead],
      [{ costPerLead: "" }, "costPerLead", M.costPerLead],
      [{ costPerLead: -1 }, "costPerLead", M.costPerLeadMin],
      [{ costPerLead: "-0.01" }, "costPerLead", M.costPerLeadMin],
      [{ costPerLead: "1.234" }, "costPerLead", M.costPerLeadShape],
      [{ costPerLead: "ten" }, "costPerLead", M.costPerLeadShape],
      [{ costPerLead: true }, "costPerLead", M.costPerLeadShape],
      [{ costPerLead: "100000.01" }, "costPerLead", M.costPerLeadMax],
      [{ returnWindowHours: 0 }, "returnWindowHours", M.returnWindow],
      [{ returnWindowHours: 721 }, "returnWindowHours", M.returnWindow],
      [{ returnWindowHours: 1.5 }, "returnWindowHours", M.returnWindow],
      [{ returnWindowHours: "a day" }, "returnWindowHours", M.returnWindow],
      [{ duplicateWindowDays: -1 }, "duplicateWindowDays", M.duplicateWindow],
      [{ duplicateWindowDays: 366 }, "duplicateWindowDays", M.duplicateWindow],
      [{ duplicateWindowDays: "2.5" }, "duplicateWindowDays", M.duplicateWindow],
      [{ defaultCarrierId: "Aetna" }, "defaultCarrierId", M.defaultCarrier],
      [{ defaultCarrierId: unknownCarrier }, "defaultCarrierId", M.defaultCarrier],
    ];
    const before = await LeadSource.count();
    for (const [input, field, message] of cases) {
      const res = await post(valid(input), cookie);
      const fieldErrors = await fieldErrorsOf(res);
      expect(fieldErrors[field], JSON.stringify(input)).toEqual([message]);
    }
    expect(M.returnWindow).toBe("Return window must be a whole number of hours from 1 to 720");
    expect(M.duplicateWindow).toBe("Duplicate window must be a whole number of days from 0 to 365");
    expect(await LeadSource.count()).toBe(before);
  });

  it("refuses a name another source has, whatever its case, at the name field", async () => {
    const cookie = await adminCookie();
    const name = sourceName("Unique");
    expect((await post(valid({ name }), cookie)).status).toBe(201);
    for (const again of [name, name.toUpperCase(), `  ${name}  `]) {
      const res = await post(valid({ name: again }), cookie);
      const body = await jsonOf<ErrorBody>(res.clone());
      expect(await fieldErrorsOf(res)).toEqual({ name: [M.nameTaken(again.trim())] });
      expect(body.error).toBe(`A source named "${again.trim()}" already exists`);
    }
    expect(await LeadSource.count({ where: { name } })).toBe(1);
  });

  it("answers a body it cannot read with a 4xx, never a 5xx", async () => {
    const cookie = await adminCookie();
    const before = await LeadSource.count();
    const answers = [
      await callRoute(listAction, { path: "/api/admin/lead-sources", rawBody: "{not json", cookie }),
      await callRoute(listAction, { path: "/api/admin/lead-sources", rawBody: "[1,2]", cookie }),
      await callRoute(listAction, { path: "/api/admin/lead-sources", rawBody: "null", cookie }),
      await callRoute(listAction, {
        path: "/api/admin/lead-sources",
        rawBody: "<source><name>x</name></source>",
        cookie,
        headers: { "Content-Type": "application/xml" },
      }),
      await callRoute(listAction, {
        path: "/api/admin/lead-sources",
        rawBody: "name=x",
        cookie,
        headers: { "Content-Type": "text/plain" },
      }),
      await callRoute(listAction, { method: "DELETE", path: "/api/admin/lead-sources", cookie }),
    ];
    for (const res of answers) {
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect((await jsonOf<ErrorBody>(res)).error).toBeTruthy();
    }
    expect(await LeadSource.count()).toBe(before);
  });
});

describe("PATCH /api/admin/lead-sources/{id}", () => {
  it("changes the fields given, pauses and activates, and logs each change without the key", async () => {
    const cookie = await adminCookie();
    const carrier = (await Carrier.findOne({ where: { preset: true } }))!;
    const created = await jsonOf<Created>(await post(valid(), cookie));
    const renamed = sourceName("Renamed");
    const res = await patch(
      created.id,
      {
        name: renamed,
        costPerLead: "175.25",
        returnWindowHours: 48,
        duplicateWindowDays: 14,
        defaultCarrierId: carrier.id,
      },
      cookie,
    );
    expect(res.status).toBe(200);
    expect(await jsonOf<SourceJson>(res)).toMatchObject({
      name: renamed,
      costPerLead: "175.25",
      returnWindowHours: 48,
      duplicateWindowDays: 14,
      defaultCarrierId: carrier.id,
      defaultCarrierName: carrier.name,
      status: "active",
      keyLast4: created.postingKey.slice(-4),
    });
    // What is left out stays; null clears the carrier.
    const cleared = await jsonOf<SourceJson>(await patch(created.id, { defaultCarrierId: null }, cookie));
    expect(cleared).toMatchObject({
      name: renamed,
      costPerLead: "175.25",
      defaultCarrierId: null,
      defaultCarrierName: null,
    });

    const paused = await patch(created.id, { status: "paused" }, cookie);
    expect((await jsonOf<SourceJson>(paused)).status).toBe("paused");
    // A paused source is still found by its key, as paused: the intake answers it 403, not 401.
    expect(await findSourceByPostingKey(created.postingKey)).toMatchObject({ id: created.id, status: "paused" });
    expect((await jsonOf<SourceJson>(await patch(created.id, { status: "active" }, cookie))).status).toBe("active");

    const logs = await ActivityLog.findAll({ where: { entityId: created.id }, order: [["createdAt", "ASC"]] });
    expect(logs.map((log) => log.action)).toEqual([
      "lead_source_created",
      "lead_source_updated",
      "lead_source_updated",
      "lead_source_paused",
      "lead_source_activated",
    ]);
    expect(logs[1]!.summary).toContain("cost per lead $160.00 to $175.25");
    expect(logs[1]!.summary).toContain("return window 72 to 48 hours");
    expect(logs[1]!.summary).toContain("duplicate window 30 to 14 days");
    expect(logs[3]!.summary).toBe(`Paused lead source ${renamed}`);
    expect(JSON.stringify(logs.map((log) => log.toJSON()))).not.toContain(created.postingKey);
  });

  it("answers 400 at the field for bad values, a taken name, a bad status or an unknown field", async () => {
    const cookie = await adminCookie();
    const other = await jsonOf<Created>(await post(valid(), cookie));
    const created = await jsonOf<Created>(await post(valid(), cookie));
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: "" }, "name", M.name],
      [{ name: other.name.toLowerCase() }, "name", M.nameTaken(other.name.toLowerCase())],
      [{ costPerLead: -5 }, "costPerLead", M.costPerLeadMin],
      [{ returnWindowHours: 0 }, "returnWindowHours", M.returnWindow],
      [{ returnWindowHours: null }, "returnWindowHours", M.returnWindow],
      [{ duplicateWindowDays: 400 }, "duplicateWindowDays", M.duplicateWindow],
      [{ status: "deleted" }, "status", M.status],
      [{ defaultCarrierId: "5f0c6c2e-7a1b-4c3d-8e9f-0a1b2c3d4e5f" }, "defaultCarrierId", M.defaultCarrier],
    ];
    for (const [input, field, message] of cases) {
      expect(await fieldErrorsOf(await patch(created.id, input, cookie)), JSON.stringify(input)).toMatchObject({
        [field]: [message],
      });
    }
    const unknown = await patch(created.id, { postingKeyHash: "0".repeat(64) }, cookie);
    expect(unknown.status).toBe(400);
    // Its own name, in another case, is not "taken".
    expect((await patch(created.id, { name: created.name.toUpperCase() }, cookie)).status).toBe(200);
    expect((await storedRow(created.id)).posting_key_hash).toBe(postingKeyHash(created.postingKey));
  });

  it("answers 404 for an unknown or malformed id", async () => {
    const cookie = await adminCookie();
    for (const id of ["5f0c6c2e-7a1b-4c3d-8e9f-0a1b2c3d4e5f", "nope", "1 OR 1=1"]) {
      expect((await patch(id, { status: "paused" }, cookie)).status).toBe(404);
      expect((await getOne(id, cookie)).status).toBe(404);
      expect((await rotate(id, cookie)).status).toBe(404);
      expect((await jsonOf<ErrorBody>(await rotate(id, cookie))).error).toBe(M.notFound);
    }
  });
});

describe("POST /api/admin/lead-sources/{id}/rotate-key", () => {
  it("answers a new key once and retires the old at once", async () => {
    const cookie = await adminCookie();
    const created = await jsonOf<Created>(await post(valid(), cookie));
    const res = await rotate(created.id, cookie);
    expect(res.status).toBe(200);
    const body = await jsonOf<{ postingKey: string }>(res);
    expect(Object.keys(body)).toEqual(["postingKey"]);
    expect(body.postingKey).toMatch(/^lsk_/);
    expect(body.postingKey).not.toBe(created.postingKey);

    expect(await findSourceByPostingKey(created.postingKey)).toBeNull();
    expect(await findSourceByPostingKey(body.postingKey)).toMatchObject({ id: created.id });
    const row = await storedRow(created.id);
    expect(row.posting_key_hash).toBe(postingKeyHash(body.postingKey));
    expect(JSON.stringify(row)).not.toContain(body.postingKey);
    const shown = await jsonOf<SourceJson>(await getOne(created.id, cookie));
    expect(shown.keyLast4).toBe(body.postingKey.slice(-4));
    expect(shown.keyRotatedAt).not.toBeNull();

    const log = await ActivityLog.findOne({ where: { entityId: created.id, action: "lead_source_key_rotated" } });
    expect(log?.summary).toBe(`Rotated the posting key of lead source ${created.name}`);
    expect(log?.summary).not.toContain(body.postingKey);
  });
});

/** The cookie a response sets under `name`, as a Cookie header's part. */
function cookieOf(res: Response, name: string) {
  const found = res.headers.getSetCookie().find((cookie) => cookie.startsWith(`${name}=`));
  return found?.split(";")[0] ?? null;
}

describe("the /admin/lead-sources page", () => {
  it("adds a source and shows its key on the next load only, never in the address", async () => {
    const cookie = await adminCookie();
    const name = sourceName("Page");
    const res = await callRoute(pageAction, {
      path: "/admin/lead-sources?dialog=add",
      cookie,
      form: { intent: "create", name, costPerLead: "185", returnWindowHours: "", duplicateWindowDays: "" },
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin/lead-sources");
    const carried = cookieOf(res, "__posting_key");
    expect(carried).toBeTruthy();
    const row = (await LeadSource.findOne({ where: { name } }))!;
    expect(row.returnWindowHours).toBe(72);
    expect(row.duplicateWindowDays).toBe(30);
    expect(Number(row.costPerLeadCents)).toBe(18_500);

    // The carrying cookie is encrypted: the key cannot be read from it.
    const first = await callRoute(pageLoader, { path: "/admin/lead-sources", cookie: `${cookie}; ${carried}` });
    expect(first.status).toBe(200);
    expect(first.headers.get("Cache-Control")).toBe("no-store");
    expect(cookieOf(first, "__posting_key")).toBe("__posting_key=");
    const shown = (await jsonOf<{ shownKey: { postingKey: string; postingUrl: string; sourceName: string } }>(first))
      .shownKey;
    expect(shown.sourceName).toBe(name);
    expect(shown.postingUrl).toBe("http://localhost/api/intake/leads");
    expect(postingKeyHash(shown.postingKey)).toBe(row.postingKeyHash);
    expect(carried).not.toContain(shown.postingKey);
    expect(res.headers.get("Location")).not.toContain(shown.postingKey);

    const again = await callRoute(pageLoader, { path: "/admin/lead-sources", cookie });
    expect((await jsonOf<{ shownKey: unknown }>(again)).shownKey).toBeNull();
  });

  it("keeps a bad form open with the messages at the fields", async () => {
    const cookie = await adminCookie();
    const res = await callRoute(pageAction, {
      path: "/admin/lead-sources?dialog=add",
      cookie,
      form: { intent: "create", name: "", costPerLead: "-1", returnWindowHours: "0", duplicateWindowDays: "400" },
    });
    expect(res.status).toBe(400);
    const body = await jsonOf<{ intent: string; result: { error: Record<string, string[]> } }>(res);
    expect(body.intent).toBe("create");
    expect(body.result.error).toMatchObject({
      name: [M.name],
      costPerLead: [M.costPerLeadMin],
      returnWindowHours: [M.returnWindow],
      duplicateWindowDays: [M.duplicateWindow],
    });
    expect(cookieOf(res, "__posting_key")).toBeNull();
  });

  it("edits, pauses and rotates from the page; the rotated key comes once", async () => {
    const cookie = await adminCookie();
    const { source, postingKey } = await createLeadSource(await admin(), leadSourceCreateSchema.parse(valid()));
    const edited = await callRoute(pageAction, {
      path: `/admin/lead-sources?dialog=edit&id=${source.id}`,
      cookie,
      form: {
        intent: "update",
        id: source.id,
        name: source.name,
        costPerLead: "99.5",
        returnWindowHours: "24",
        duplicateWindowDays: "10",
        defaultCarrierId: "",
      },
    });
    expect(edited.status).toBe(302);
    // An emptied window on an existing source is a mistake, not a return to the default.
    const emptied = await callRoute(pageAction, {
      path: `/admin/lead-sources?dialog=edit&id=${source.id}`,
      cookie,
      form: {
        intent: "update",
        id: source.id,
        name: source.name,
        costPerLead: "99.5",
        returnWindowHours: "",
        duplicateWindowDays: "10",
      },
    });
    expect(emptied.status).toBe(400);
    const paused = await callRoute(pageAction, {
      path: "/admin/lead-sources",
      cookie,
      form: { intent: "status", id: source.id, status: "paused" },
    });
    expect(paused.status).toBe(302);
    const row = (await LeadSource.findByPk(source.id))!;
    expect([Number(row.costPerLeadCents), row.returnWindowHours, row.duplicateWindowDays, row.status]).toEqual([
      9_950,
      24,
      10,
      "paused",
    ]);

    const rotated = await callRoute(pageAction, {
      path: `/admin/lead-sources?dialog=rotate&id=${source.id}`,
      cookie,
      form: { intent: "rotate", id: source.id },
    });
    expect(rotated.status).toBe(302);
    const carried = cookieOf(rotated, "__posting_key")!;
    const shown = (
      await jsonOf<{ shownKey: { postingKey: string; rotated: boolean } }>(
        await callRoute(pageLoader, { path: "/admin/lead-sources", cookie: `${cookie}; ${carried}` }),
      )
    ).shownKey;
    expect(shown.rotated).toBe(true);
    expect(shown.postingKey).not.toBe(postingKey);
    expect(await findSourceByPostingKey(postingKey)).toBeNull();
    expect(await findSourceByPostingKey(shown.postingKey)).toMatchObject({ id: source.id, status: "paused" });
  });

  it("answers 404 for a dialog of an unknown source", async () => {
    const cookie = await adminCookie();
    for (const path of [
      "/admin/lead-sources?dialog=edit&id=5f0c6c2e-7a1b-4c3d-8e9f-0a1b2c3d4e5f",
      "/admin/lead-sources?dialog=rotate&id=nope",
    ]) {
      const res = await callRoute(pageLoader, { path, cookie }).catch((error: unknown) => error as Response);
      expect(res.status).toBe(404);
    }
    const rotated = await callRoute(pageAction, {
      path: "/admin/lead-sources",
      cookie,
      form: { intent: "rotate", id: "5f0c6c2e-7a1b-4c3d-8e9f-0a1b2c3d4e5f" },
    });
    expect(rotated.status).toBe(302);
    expect(cookieOf(rotated, "__posting_key")).toBeNull();
  });
});
