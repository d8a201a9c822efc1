import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { ActivityLog, DncImport, DncNumber, DncRemoval, Phone } from "~db";
import { phoneE164 } from "~db/phone-e164";
import { DNC_MESSAGES as M, DNC_TOASTS as T } from "~/domain/dnc";
import { action as dncPageAction, loader as dncPageLoader } from "~/routes/admin+/dnc";
import { action as optOutPageAction, loader as optOutPageLoader } from "~/routes/_portal+/applications.$id_.opt-out";
import { readToast } from "~/utils/toast.server";
import { loader as listApi, action as addApi } from "~/routes/api+/admin.dnc";
import { action as removeApi } from "~/routes/api+/admin.dnc.$phone";
import { action as importApi } from "~/routes/api+/admin.dnc.import";
import { loader as importStatusApi } from "~/routes/api+/admin.dnc.import.$id";
import { action as optOutApi } from "~/routes/api+/agent.applications.$id.opt-out";
import { loader as myLeadsApi } from "~/routes/api+/agent.applications";
import { loader as allLeadsApi } from "~/routes/api+/admin.applications";
import { loader as leadApi } from "~/routes/api+/applications.$id";
import { loader as callbacksApi } from "~/routes/api+/agent.callbacks";
import { addDncNumber, dncSearchRange, isLeadOnDncList, listDncNumbers, removeDncNumber } from "~/services/dnc.server";
import { runDncImport } from "~/services/dnc-import.server";
import { answeringServiceErrors } from "../../server/service-errors";
import { createLead, signedInAdmin, signedInAgent } from "../support/factories";
import { callRoute, jsonOf } from "../support/http";

// Issue 25 items 1 and 2 (decision 069): the do-not-call list (add, search, remove with a reason,
// audited), a file of numbers listed by a job with its counts, "Asked not to be called" listing
// every phone of a lead for every agent at once, and the DNC flag on the lead lists and the lead.

type ApiError = { error: string; fieldErrors?: Record<string, string[]> };
type Entry = { phone: string; reason: string; reasonLabel: string; alreadyListed?: boolean; addedById: string | null };

/** A US number no other test uses: (4xx) 555-01xx is fictional; the random middle keeps runs apart. */
function freshNumber() {
  const area = crypto.randomInt(201, 989);
  const exchange = crypto.randomInt(200, 999);
  const line = crypto.randomInt(1000, 9999);
  return { typed: `(${area}) ${exchange}-${line}`, e164: `+1${area}${exchange}${line}` };
}

describe("phone numbers read as E.164", () => {
  it("reads the usual US forms, and refuses what is not a phone number", () => {
    for (const typed of [
      "(305) 555-0142",
      "305-555-0142",
      "305.555.0142",
      "3055550142",
      "+1 305 555 0142",
      "1-305-555-0142",
    ]) {
      expect(phoneE164(typed), typed).toBe("+13055550142");
    }
    expect(phoneE164("+44 20 7946 0958")).toBe("+442079460958");
    for (const bad of ["", "12345", "not a phone", "555-01", "+1 305 555 0142 999 999"])
      expect(phoneE164(bad), bad).toBeNull();
  });

  it("searches a whole number exactly and the first digits as a range of the key", () => {
    expect(dncSearchRange("(305) 555-0142")).toEqual({ from: "+13055550142", to: "+13055550142" });
    expect(dncSearchRange("305 55")).toEqual({ from: "+130555", to: "+130556" });
    expect(dncSearchRange("1305")).toEqual({ from: "+1305", to: "+1306" });
    expect(dncSearchRange("+4420")).toEqual({ from: "+4420", to: "+4421" });
    expect(dncSearchRange("3059")).toEqual({ from: "+13059", to: "+1306" });
    expect(dncSearchRange("no digits")).toBeNull();
  });
});

describe("the list: add, search, remove", () => {
  it("adds a number in any form once, finds it by any form or its first digits, and answers a second add clearly", async () => {
    const { admin, cookie } = await signedInAdmin();
    const number = freshNumber();
    const added = await callRoute(addApi, {
      path: "/api/admin/dnc",
      json: { phone: number.typed, reason: "internal" },
      cookie,
    });
    expect(added.status).toBe(201);
    const entry = await jsonOf<Entry>(added);
    expect(entry).toMatchObject({
      phone: number.e164,
      reason: "internal",
      reasonLabel: "Internal",
      alreadyListed: false,
    });
    expect(entry.addedById).toBe(admin.id);

    const again = await callRoute(addApi, {
      path: "/api/admin/dnc",
      json: { phone: number.e164.replace("+1", ""), reason: "customer_request" },
      cookie,
    });
    expect(again.status).toBe(200);
    expect(await jsonOf<Entry>(again)).toMatchObject({ phone: number.e164, reason: "internal", alreadyListed: true });

    for (const search of [number.typed, number.e164, number.e164.slice(2, 8)]) {
      const response = await callRoute(listApi, {
        path: `/api/admin/dnc?search=${encodeURIComponent(search)}`,
        cookie,
      });
      expect(response.status).toBe(200);
      const rows = await jsonOf<Entry[]>(response);
      expect(
        rows.map((row) => row.phone),
        search,
      ).toContain(number.e164);
      expect(Number(response.headers.get("X-Total-Count"))).toBeGreaterThanOrEqual(1);
    }
  });

  it("refuses a bad phone or reason at its field, and any body or content type with a 4xx", async () => {
    const { cookie } = await signedInAdmin();
    const post = (json: unknown) => callRoute(addApi, { path: "/api/admin/dnc", json, cookie });
    const badPhone = await post({ phone: "12345", reason: "internal" });
    expect(badPhone.status).toBe(400);
    expect((await jsonOf<ApiError>(badPhone)).fieldErrors?.phone).toEqual([M.phoneInvalid]);
    const noPhone = await post({ reason: "internal" });
    expect((await jsonOf<ApiError>(noPhone)).fieldErrors?.phone).toEqual([M.phoneRequired]);
    const badReason = await post({ phone: freshNumber().typed, reason: "because" });
    expect(badReason.status).toBe(400);
    expect((await jsonOf<ApiError>(badReason)).fieldErrors?.reason).toEqual([M.reasonInvalid]);
    for (const json of [null, [], "text", 42, { phone: 3055550142, reason: "internal" }, { phone: { a: 1 } }]) {
      const response = await post(json);
      expect(response.status, JSON.stringify(json)).toBeGreaterThanOrEqual(400);
      expect(response.status, JSON.stringify(json)).toBeLessThan(500);
    }
    const notJson = await callRoute(addApi, { path: "/api/admin/dnc", rawBody: "{not json", cookie });
    expect(notJson.status).toBe(400);
    const badPage = await callRoute(listApi, { path: "/api/admin/dnc?pageSize=100000", cookie });
    expect(badPage.status).toBe(400);
  });

  it("removes a number with a reason, keeps the entry as it was, and audits it by its last four digits", async () => {
    const { admin, actor, cookie } = await signedInAdmin();
    const number = freshNumber();
    await addDncNumber(actor, { phone: number.typed, reason: "national_registry" });
    const remove = (phone: string, init: { json?: unknown; query?: string }) =>
      callRoute(removeApi, {
        method: "DELETE",
        path: `/api/admin/dnc/${encodeURIComponent(phone)}${init.query ?? ""}`,
        params: { phone },
        json: init.json,
        cookie,
      });
    const noReason = await remove(number.e164, { json: {} });
    expect(noReason.status).toBe(400);
    expect((await jsonOf<ApiError>(noReason)).fieldErrors?.reason).toEqual([M.removalReasonRequired]);
    const tooLong = await remove(number.e164, { json: { reason: "x".repeat(501) } });
    expect((await jsonOf<ApiError>(tooLong)).fieldErrors?.reason).toEqual([M.removalReasonTooLong]);

    const removed = await remove(number.typed, { query: "?reason=Listed%20in%20error" });
    expect(removed.status).toBe(200);
    expect(await DncNumber.findByPk(number.e164)).toBeNull();
    const kept = await DncRemoval.findOne({ where: { phoneE164: number.e164 } });
    expect(kept).toMatchObject({
      reason: "national_registry",
      removedById: admin.id,
      removalReason: "Listed in error",
    });
    const audit = await ActivityLog.findOne({ where: { userId: admin.id, action: "dnc_number_removed" } });
    expect(audit?.summary).toContain(`ending ${number.e164.slice(-4)}`);
    expect(audit?.summary).toContain("Listed in error");
    expect(audit?.summary).not.toContain(number.e164.slice(2));

    const again = await remove(number.e164, { json: { reason: "twice" } });
    expect(again.status).toBe(404);
    expect((await jsonOf<ApiError>(again)).error).toBe(M.notListed);
    await expect(removeDncNumber(actor, "not a phone", { reason: "x" })).rejects.toMatchObject({ status: 404 });
  });

  it("is the admins' alone: an agent gets 403 from every route", async () => {
    const { actor, cookie } = await signedInAgent();
    expect((await callRoute(listApi, { path: "/api/admin/dnc", cookie })).status).toBe(403);
    expect(
      (await callRoute(addApi, { path: "/api/admin/dnc", json: { phone: "3055550142", reason: "internal" }, cookie }))
        .status,
    ).toBe(403);
    const remove = await callRoute(removeApi, {
      method: "DELETE",
      path: "/api/admin/dnc/3055550142",
      params: { phone: "3055550142" },
      json: { reason: "x" },
      cookie,
    });
    expect(remove.status).toBe(403);
    const id = crypto.randomUUID();
    expect(
      (await callRoute(importStatusApi, { path: `/api/admin/dnc/import/${id}`, params: { id }, cookie })).status,
    ).toBe(403);
    await expect(listDncNumbers(actor, { page: 1, pageSize: 20 })).rejects.toMatchObject({ status: 403 });
    expect((await callRoute(listApi, { path: "/api/admin/dnc" })).status).toBe(401);
  });
});

function uploadRequest(
  cookie: string,
  file: { name: string; content: string } | null,
  fields: Record<string, string> = {},
) {
  const form = new FormData();
  if (file) form.append("file", new File([file.content], file.name, { type: "text/csv" }));
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  return new Request("http://localhost/api/admin/dnc/import", {
    method: "POST",
    body: form,
    headers: { Cookie: cookie },
  });
}

async function send(request: Request) {
  try {
    return (await answeringServiceErrors(importApi)({ request, params: {}, context: {} } as never)) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

describe("a file of numbers", () => {
  it("lists a file's numbers through the job with its counts: added, already listed, invalid", async () => {
    const { actor, cookie } = await signedInAdmin();
    const listed = freshNumber();
    await addDncNumber(actor, { phone: listed.typed, reason: "internal" });
    const [a, b, c] = [freshNumber(), freshNumber(), freshNumber()];
    const areaCode = c.e164.slice(2, 5);
    const rest = c.e164.slice(5);
    const csv = [
      "Phone Number",
      a.typed,
      b.e164,
      listed.typed,
      a.e164,
      "not a number",
      "555-01",
      `${areaCode}${rest}`,
    ].join("\r\n");
    const response = await send(
      uploadRequest(cookie, { name: "registry.csv", content: csv }, { reason: "state_registry" }),
    );
    expect(response.status, await response.clone().text()).toBe(202);
    const { importId, statusUrl } = await jsonOf<{ importId: string; statusUrl: string }>(response);
    expect(statusUrl).toBe(`/api/admin/dnc/import/${importId}`);
    await runDncImport(importId);
    const status = await callRoute(importStatusApi, { path: statusUrl, params: { id: importId }, cookie });
    expect(await jsonOf(status)).toMatchObject({
      status: "completed",
      total: 7,
      processed: 7,
      added: 3,
      alreadyListed: 2,
      invalid: 2,
      reason: "state_registry",
    });
    expect((await DncNumber.findByPk(a.e164))?.reason).toBe("state_registry");
    expect((await DncNumber.findByPk(listed.e164))?.reason).toBe("internal");
    // Run again (a retry after a crash): nothing changes.
    await runDncImport(importId);
    expect((await DncImport.findByPk(importId))?.added).toBe(3);
  });

  it("reads a registry's area code and number in two columns, without a header", async () => {
    const { cookie } = await signedInAdmin();
    const number = freshNumber();
    const csv = `${number.e164.slice(2, 5)},${number.e164.slice(5)}\n`;
    const response = await send(uploadRequest(cookie, { name: "ftc.txt", content: csv }));
    const { importId } = await jsonOf<{ importId: string }>(response);
    await runDncImport(importId);
    expect((await DncNumber.findByPk(number.e164))?.reason).toBe("national_registry");
  });

  it("refuses no file, an empty file, a bad reason and a body that is not a form with a 400 at its field", async () => {
    const { cookie } = await signedInAdmin();
    const none = await send(uploadRequest(cookie, null));
    expect(none.status).toBe(400);
    expect((await jsonOf<ApiError>(none)).fieldErrors?.file).toEqual([M.fileMissing]);
    const empty = await send(uploadRequest(cookie, { name: "empty.csv", content: "Phone\r\n" }));
    expect((await jsonOf<ApiError>(empty)).fieldErrors?.file).toEqual([M.noNumbers]);
    const reason = await send(uploadRequest(cookie, { name: "a.csv", content: "3055550142\n" }, { reason: "whim" }));
    expect((await jsonOf<ApiError>(reason)).fieldErrors?.reason).toEqual([M.importReasonInvalid]);
    const json = await callRoute(importApi, { path: "/api/admin/dnc/import", json: { file: "x" }, cookie });
    expect(json.status).toBe(400);
    const agent = await signedInAgent();
    expect((await send(uploadRequest(agent.cookie, { name: "a.csv", content: "3055550142\n" }))).status).toBe(403);
  });
});

describe("asked not to be called", () => {
  it("lists every phone of the lead at once, and another agent's lead with the same number shows DNC in every list", async () => {
    const first = await signedInAgent();
    const second = await signedInAgent();
    const admin = await signedInAdmin();
    const [mobile, home] = [freshNumber(), freshNumber()];
    const lead = await createLead(
      first.agent.id,
      {},
      {
        phones: [
          { phoneNumber: mobile.typed, phoneType: "mobile", isPrimary: true },
          { phoneNumber: home.typed, phoneType: "home", isPrimary: false },
        ],
      },
    );
    const other = await createLead(
      second.agent.id,
      { callbackDate: new Date(Date.now() + 86_400_000), status: "callback" },
      {
        phones: [{ phoneNumber: home.e164.replace("+1", "1-"), phoneType: "mobile", isPrimary: true }],
      },
    );
    expect((await Phone.findOne({ where: { applicationId: other.id } }))?.phoneE164).toBe(home.e164);
    expect(await isLeadOnDncList(other.id)).toBe(false);

    // Another agent cannot record it for a lead that is not theirs: 404, nothing listed.
    const refused = await callRoute(optOutApi, {
      path: `/api/agent/applications/${lead.id}/opt-out`,
      params: { id: lead.id },
      method: "POST",
      cookie: second.cookie,
    });
    expect(refused.status).toBe(404);
    expect((await jsonOf<ApiError>(refused)).error).toBe("Application Not Found");
    expect(await DncNumber.findByPk(mobile.e164)).toBeNull();

    const response = await callRoute(optOutApi, {
      path: `/api/agent/applications/${lead.id}/opt-out`,
      params: { id: lead.id },
      method: "POST",
      cookie: first.cookie,
    });
    expect(response.status).toBe(200);
    const body = await jsonOf<{ listed: string[]; added: string[] }>(response);
    expect(body.listed.sort()).toEqual([mobile.e164, home.e164].sort());
    expect(await DncNumber.findByPk(mobile.e164)).toMatchObject({
      reason: "customer_request",
      sourceApplicationId: lead.id,
    });

    const dncOf = async (response: Response, id: string) =>
      (await jsonOf<{ id: string; dnc: boolean }[]>(response)).find((row) => row.id === id)?.dnc;
    expect(
      await dncOf(await callRoute(myLeadsApi, { path: "/api/agent/applications", cookie: second.cookie }), other.id),
    ).toBe(true);
    expect(
      await dncOf(await callRoute(myLeadsApi, { path: "/api/agent/applications", cookie: first.cookie }), lead.id),
    ).toBe(true);
    expect(
      await dncOf(
        await callRoute(allLeadsApi, {
          path: `/api/admin/applications?search=${encodeURIComponent(other.lastName)}`,
          cookie: admin.cookie,
        }),
        other.id,
      ),
    ).toBe(true);
    const detail = await callRoute(leadApi, {
      path: `/api/applications/${other.id}`,
      params: { id: other.id },
      cookie: second.cookie,
    });
    expect((await jsonOf<{ dnc: boolean }>(detail)).dnc).toBe(true);
    expect(
      await dncOf(await callRoute(callbacksApi, { path: "/api/agent/callbacks", cookie: second.cookie }), other.id),
    ).toBe(true);

    // Taken off the list, the number no longer marks either lead.
    await removeDncNumber(admin.actor, home.typed, { reason: "Wrong person" });
    expect(await isLeadOnDncList(other.id)).toBe(false);
    expect(await isLeadOnDncList(lead.id)).toBe(true);
  });

  it("is a 404 for a missing or malformed id and a 409 for a lead without a phone", async () => {
    const agent = await signedInAgent();
    for (const id of ["not-a-uuid", crypto.randomUUID()]) {
      const response = await callRoute(optOutApi, {
        path: `/api/agent/applications/${id}/opt-out`,
        params: { id },
        method: "POST",
        cookie: agent.cookie,
      });
      expect(response.status).toBe(404);
    }
    const lead = await createLead(agent.agent.id, {}, { phones: [] });
    const none = await callRoute(optOutApi, {
      path: `/api/agent/applications/${lead.id}/opt-out`,
      params: { id: lead.id },
      method: "POST",
      cookie: agent.cookie,
    });
    expect(none.status).toBe(409);
    expect((await jsonOf<ApiError>(none)).error).toBe(M.noPhones);
  });
});

async function toastOf(response: Response) {
  const request = new Request("http://localhost/", { headers: { Cookie: response.headers.get("Set-Cookie") ?? "" } });
  return (await readToast(request)).toast;
}

describe("the pages", () => {
  it("/admin/dnc adds with a toast, keeps a bad phone at its field, and removes through the dialog with a reason", async () => {
    const { cookie } = await signedInAdmin();
    const number = freshNumber();
    const bad = await callRoute(dncPageAction, {
      path: "/admin/dnc",
      form: { intent: "add", phone: "555-01", reason: "internal" },
      cookie,
    });
    expect(bad.status).toBe(400);
    const refused = await jsonOf<{ result: { initialValue: Record<string, string>; error: Record<string, string[]> } }>(
      bad,
    );
    expect(refused.result.error.phone).toEqual([M.phoneInvalid]);
    expect(refused.result.initialValue.phone).toBe("555-01");

    const added = await callRoute(dncPageAction, {
      path: "/admin/dnc",
      form: { intent: "add", phone: number.typed, reason: "internal" },
      cookie,
    });
    expect(added.status).toBe(302);
    expect((await toastOf(added))?.title).toBe(T.added);
    const twice = await callRoute(dncPageAction, {
      path: "/admin/dnc",
      form: { intent: "add", phone: number.e164, reason: "internal" },
      cookie,
    });
    expect((await toastOf(twice))?.title).toBe(T.alreadyListed);

    const dialog = await callRoute(dncPageLoader, {
      path: `/admin/dnc?dialog=remove&phone=${encodeURIComponent(number.e164)}`,
      cookie,
    });
    expect((await jsonOf<{ removing: { phone: string } }>(dialog)).removing.phone).toBe(number.e164);
    const gone = await callRoute(dncPageLoader, {
      path: `/admin/dnc?dialog=remove&phone=${encodeURIComponent(freshNumber().e164)}`,
      cookie,
    });
    expect(gone.status).toBe(404);

    const noReason = await callRoute(dncPageAction, {
      path: "/admin/dnc?dialog=remove",
      form: { intent: "remove", phone: number.e164, reason: " " },
      cookie,
    });
    expect(noReason.status).toBe(400);
    const removed = await callRoute(dncPageAction, {
      path: "/admin/dnc?dialog=remove",
      form: { intent: "remove", phone: number.e164, reason: "Listed in error" },
      cookie,
    });
    expect(removed.headers.get("Location")).toBe("/admin/dnc");
    expect((await toastOf(removed))?.title).toBe(T.removed);
  });

  it("the opt-out page: the lead's agent or an admin records it, another agent gets 404", async () => {
    const owner = await signedInAgent();
    const other = await signedInAgent();
    const number = freshNumber();
    const lead = await createLead(
      owner.agent.id,
      {},
      { phones: [{ phoneNumber: number.typed, phoneType: "mobile", isPrimary: true }] },
    );
    const path = `/applications/${lead.id}/opt-out?back=${encodeURIComponent("/agent/leads?dialog=details&id=" + lead.id)}`;
    expect((await callRoute(optOutPageLoader, { path, params: { id: lead.id }, cookie: other.cookie })).status).toBe(
      404,
    );
    expect(
      (
        await callRoute(optOutPageAction, {
          path,
          params: { id: lead.id },
          form: { intent: "opt-out" },
          cookie: other.cookie,
        })
      ).status,
    ).toBe(404);
    const page = await callRoute(optOutPageLoader, { path, params: { id: lead.id }, cookie: owner.cookie });
    expect((await jsonOf<{ lead: { phones: { listed: boolean }[] } }>(page)).lead.phones).toEqual([
      { phone: number.typed, listed: false },
    ]);
    const done = await callRoute(optOutPageAction, {
      path,
      params: { id: lead.id },
      form: { intent: "opt-out" },
      cookie: owner.cookie,
    });
    expect(done.headers.get("Location")).toBe(`/agent/leads?dialog=details&id=${lead.id}`);
    expect((await toastOf(done))?.title).toBe(T.optedOut);
    expect(await isLeadOnDncList(lead.id)).toBe(true);
  });
});
