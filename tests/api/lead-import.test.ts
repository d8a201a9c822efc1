import crypto from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { Application, LeadDuplicate, LeadImport, LeadImportKey, LeadImportRow, LeadSource } from "~db";
import {
  LEAD_IMPORT_LIMITS,
  LEAD_IMPORT_MESSAGES as M,
  guessLeadImportMapping,
  mappingProblem,
} from "~/domain/lead-import";
import { LEAD_INTAKE_MESSAGES } from "~/domain/schemas/lead-intake";
import { action as importApi } from "~/routes/api+/admin.leads.import";
import { loader as statusApi } from "~/routes/api+/admin.imports.$id";
import { loader as rejectedApi } from "~/routes/api+/admin.imports.$id.rejected[.csv]";
import { listLeadImports, previewLeadImport, runLeadImport, stageLeadImport } from "~/services/lead-import.server";
import { newPostingKey } from "~/services/posting-keys.server";
import { readImportUpload } from "~/utils/lead-import-upload.server";
import { answeringServiceErrors } from "../../server/service-errors";
import { parseCsv } from "../support/csv";
import { createAgent, signedInAdmin, signedInAgent } from "../support/factories";
import { callRoute, jsonOf } from "../support/http";

// Issue 24 item 4 (decision 062): a CSV of leads uploaded, mapped, previewed and imported by a job
// through receiveLead, with the API's duplicates and distribution; counts, rejected rows as CSV,
// limits of 20 MB and 50,000 rows, a rerun that imports nothing twice and a failed batch that
// leaves nothing behind. Every route refuses bad input with a 4xx and an agent with 403.

type Status = {
  status: string;
  total: number;
  processed: number;
  imported: number;
  duplicates: number;
  alreadyImported: number;
  rejected: number;
};
type ApiError = { error: string; fieldErrors?: Record<string, string[]> };

async function createSource(status: "active" | "paused" = "active") {
  const { hash, last4 } = newPostingKey();
  return LeadSource.create({
    name: `Import vendor ${crypto.randomBytes(4).toString("hex")}`,
    costPerLeadCents: 2_500,
    defaultCarrierId: null,
    postingKeyHash: hash,
    postingKeyLast4: last4,
    keyRotatedAt: null,
    status,
  });
}

/** A phone no other test uses: (213) and seven random digits. */
const phone = () => `(213) ${crypto.randomInt(200, 999)}-${crypto.randomInt(1000, 9999)}`;

const HEADER = "First Name,Last Name,Phone,Email,State,ZIP,DOB,SSN";
function goodRow(overrides: Partial<Record<"first" | "phone" | "email" | "state" | "dob", string>> = {}) {
  const email = overrides.email ?? `lead.${crypto.randomBytes(5).toString("hex")}@example.com`;
  return [
    overrides.first ?? "Ruth",
    "Importe",
    overrides.phone ?? phone(),
    email,
    overrides.state ?? "FL",
    "33101",
    overrides.dob ?? "04/12/1950",
    "123-45-6789",
  ].join(",");
}
const csvOf = (rows: string[], header = HEADER) => `${header}\r\n${rows.join("\r\n")}\r\n`;

function uploadRequest(
  cookie: string,
  options: { file?: { name: string; content: string | Uint8Array }; fields?: Record<string, string> },
) {
  const form = new FormData();
  if (options.file)
    form.append("file", new File([options.file.content as BlobPart], options.file.name, { type: "text/csv" }));
  for (const [key, value] of Object.entries(options.fields ?? {})) form.append(key, value);
  return new Request("http://localhost/api/admin/leads/import", {
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

async function postImport(
  cookie: string,
  csv: string,
  fields: Record<string, string>,
  name = "aged-leads.csv",
): Promise<Response> {
  return send(uploadRequest(cookie, { file: { name, content: csv }, fields }));
}

async function importNow(cookie: string, csv: string, fields: Record<string, string>) {
  const response = await postImport(cookie, csv, fields);
  expect(response.status, await response.clone().text()).toBe(202);
  const { importId } = await jsonOf<{ importId: string }>(response);
  await runLeadImport(importId);
  return { importId, status: await statusOf(cookie, importId) };
}

async function statusOf(cookie: string, id: string) {
  const response = await callRoute(statusApi, { path: `/api/admin/imports/${id}`, params: { id }, cookie });
  expect(response.status).toBe(200);
  return jsonOf<Status>(response);
}

const counts = ({ status, total, processed, imported, duplicates, alreadyImported, rejected }: Status) => ({
  status,
  total,
  processed,
  imported,
  duplicates,
  alreadyImported,
  rejected,
});

describe("the column mapping", () => {
  it("is guessed from common headers, each field once, other columns left out", () => {
    expect(
      guessLeadImportMapping([
        "First Name",
        "last_name",
        "Phone Number",
        "E-mail",
        "ST",
        "Zip Code",
        "DOB",
        "SSN",
        "Lead ID",
        "Cell",
        "TrustedForm Cert URL",
      ]),
    ).toEqual([
      "firstName",
      "lastName",
      "phone",
      "email",
      "state",
      "zipCode",
      "dateOfBirth",
      null,
      "externalId",
      null,
      "consentCertificateUrl",
    ]);
  });

  it("needs first name, last name, phone and state, and a field for one column only", () => {
    expect(mappingProblem(["firstName", "lastName", "phone", "state"])).toBeNull();
    expect(mappingProblem(["firstName", null, "phone", null])).toBe("Choose a column for Last name, State.");
    expect(mappingProblem(["firstName", "lastName", "phone", "state", "phone"])).toBe(
      "Phone is chosen for two columns: choose it for one.",
    );
  });
});

describe("uploading and previewing", () => {
  it("keeps the rows, guesses the mapping and previews the first 10 rows with each row's problems", async () => {
    const { actor } = await signedInAdmin();
    const rows = [
      goodRow(),
      goodRow({ phone: "12" }),
      goodRow({ state: "ZZ" }),
      goodRow({ email: "not-an-email", dob: "2999-01-01" }),
      ...Array.from({ length: 8 }, () => goodRow()),
    ];
    const fs = await import("node:fs");
    const path = `${(await import("node:os")).tmpdir()}/lead-import-test-${crypto.randomUUID()}.csv`;
    fs.writeFileSync(path, csvOf(rows));
    const staged = await stageLeadImport(actor, { path, name: "list.csv", bytes: fs.statSync(path).size });
    fs.rmSync(path);
    expect(staged.total).toBe(12);
    expect(await LeadImportRow.count({ where: { importId: staged.id } })).toBe(12);
    const mapping = guessLeadImportMapping(HEADER.split(","));
    const preview = await previewLeadImport(actor, staged.id, mapping);
    expect(preview).toHaveLength(10);
    expect(preview[0]!.problems).toEqual([]);
    expect(preview[1]!.problems).toEqual([LEAD_INTAKE_MESSAGES.phone]);
    expect(preview[2]!.problems).toEqual([LEAD_INTAKE_MESSAGES.state]);
    expect(preview[3]!.problems).toEqual([LEAD_INTAKE_MESSAGES.email, "Date of birth must be in the past"]);
    expect(preview[0]!.cells[7]).toBe("123-45-6789");
  });
});

describe("POST /api/admin/leads/import and the job", () => {
  it("answers 202 { importId }, imports through the intake's rules and counts imported, duplicates and rejected", async () => {
    const { cookie } = await signedInAdmin();
    const source = await createSource();
    const existingPhone = phone();
    // A lead received earlier from any source: a row with its phone is a duplicate of it.
    const first = await importNow(cookie, csvOf([goodRow({ phone: existingPhone })]), {
      sourceId: source.id,
      distribution: "unassigned",
    });
    expect(first.status.imported).toBe(1);

    const repeated = phone();
    const rows = [
      goodRow(),
      goodRow({ phone: existingPhone }),
      goodRow({ phone: repeated, first: "Anna" }),
      goodRow({ phone: repeated, first: "Anne" }),
      goodRow({ phone: "not a phone" }),
      goodRow({ state: "" }),
      goodRow(),
    ];
    const { importId, status } = await importNow(cookie, csvOf(rows), {
      sourceId: source.id,
      distribution: "unassigned",
    });
    expect(counts(status)).toEqual({
      status: "completed",
      total: 7,
      processed: 7,
      imported: 3,
      duplicates: 2,
      alreadyImported: 0,
      rejected: 2,
    });
    const leads = await Application.findAll({ where: { leadSourceId: source.id } });
    expect(leads).toHaveLength(4);
    expect(leads.every((lead) => lead.source === "import" && lead.agentId === null && lead.billable)).toBe(true);
    expect(await LeadDuplicate.count({ where: { leadSourceId: source.id } })).toBe(2);
    // The kept rows are gone once the import completes; the rejected rows stay for the file.
    expect(await LeadImportRow.count({ where: { importId } })).toBe(0);

    const file = await callRoute(rejectedApi, {
      path: `/api/admin/imports/${importId}/rejected.csv`,
      params: { id: importId },
      cookie,
    });
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Type")).toMatch(/^text\/csv/);
    expect(file.headers.get("Content-Disposition")).toBe('attachment; filename="aged-leads-rejected.csv"');
    const text = await file.text();
    expect(text).not.toContain("123-45-6789");
    const records = parseCsv(text);
    expect(records[0]).toEqual([
      "Row",
      "First name",
      "Last name",
      "Phone",
      "Email",
      "State",
      "Zip code",
      "Date of birth",
      "Reason",
    ]);
    expect(records.slice(1).map((record) => [record[0], record[3], record.at(-1)])).toEqual([
      ["5", "not a phone", LEAD_INTAKE_MESSAGES.phone],
      ["6", rows[5]!.split(",")[2], "State is required"],
    ]);
  });

  it("imports nothing twice when the same file is imported again, with or without an external id", async () => {
    const { cookie } = await signedInAdmin();
    const source = await createSource();
    const plain = csvOf([goodRow(), goodRow(), goodRow({ phone: "bad" })]);
    const withIds = csvOf(
      [`X-${crypto.randomUUID()},Ida,Ident,${phone()},FL`, `X-${crypto.randomUUID()},Ivo,Ident,${phone()},GA`],
      "Lead ID,First Name,Last Name,Phone,State",
    );
    for (const csv of [plain, withIds]) {
      const fields = { sourceId: source.id, distribution: "unassigned" };
      const before = await Application.count({ where: { leadSourceId: source.id } });
      const once = await importNow(cookie, csv, fields);
      expect(once.status.imported).toBe(2);
      const again = await importNow(cookie, csv, fields);
      expect(counts(again.status)).toMatchObject({ imported: 0, duplicates: 0, alreadyImported: 2 });
      expect(await Application.count({ where: { leadSourceId: source.id } })).toBe(before + 2);
      expect(await LeadDuplicate.count({ where: { leadSourceId: source.id } })).toBe(0);
    }
  });

  it("leaves nothing of a failed batch: the job's next attempt goes on from the last batch committed", async () => {
    const { cookie } = await signedInAdmin();
    const source = await createSource();
    const response = await postImport(cookie, csvOf(Array.from({ length: 7 }, () => goodRow())), {
      sourceId: source.id,
      distribution: "unassigned",
    });
    const { importId } = await jsonOf<{ importId: string }>(response);
    let batches = 0;
    // The second batch's last write fails, after its leads were made inside the transaction.
    LeadImportKey.addHook("beforeBulkCreate", "failSecondBatch", () => {
      if (++batches === 2) throw new Error("disk full");
    });
    try {
      await expect(runLeadImport(importId, { batchRows: 3 })).rejects.toThrow("disk full");
    } finally {
      LeadImportKey.removeHook("beforeBulkCreate", "failSecondBatch");
    }
    expect(counts(await statusOf(cookie, importId))).toMatchObject({ status: "running", processed: 3, imported: 3 });
    expect(await Application.count({ where: { leadSourceId: source.id } })).toBe(3);
    await runLeadImport(importId, { batchRows: 3 });
    expect(counts(await statusOf(cookie, importId))).toMatchObject({ status: "completed", processed: 7, imported: 7 });
    expect(await Application.count({ where: { leadSourceId: source.id } })).toBe(7);
  });

  it("gives every lead to one chosen agent, or distributes them against orders", async () => {
    const { cookie } = await signedInAdmin();
    const source = await createSource();
    const { agent } = await createAgent({ status: "approved", setupComplete: true });
    const { status } = await importNow(cookie, csvOf([goodRow(), goodRow({ state: "TX" })]), {
      sourceId: source.id,
      distribution: "agent",
      agentId: agent.id,
    });
    expect(status.imported).toBe(2);
    const leads = await Application.findAll({ where: { leadSourceId: source.id } });
    expect(leads.map((lead) => lead.agentId)).toEqual([agent.id, agent.id]);
  });

  it("maps columns by the mapping sent, as an array or by header name", async () => {
    const { cookie } = await signedInAdmin();
    const source = await createSource();
    const csv = csvOf([`Mo,Map,${phone()},NY`], "Given,Family,Tel No,Region Code");
    const byHeader = JSON.stringify({
      Given: "firstName",
      Family: "lastName",
      "Tel No": "phone",
      "Region Code": "state",
    });
    const { status } = await importNow(cookie, csv, {
      sourceId: source.id,
      distribution: "unassigned",
      mapping: byHeader,
    });
    expect(status.imported).toBe(1);
    const lead = await Application.findOne({ where: { leadSourceId: source.id } });
    expect([lead?.firstName, lead?.lastName, lead?.state]).toEqual(["Mo", "Map", "NY"]);
    const array = JSON.stringify(["firstName", "lastName", "phone", "state"]);
    const second = await importNow(cookie, csvOf([`Mi,Map,${phone()},NY`], "Given,Family,Tel No,Region Code"), {
      sourceId: source.id,
      distribution: "unassigned",
      mapping: array,
    });
    expect(second.status.imported).toBe(1);
  });

  it("lists past imports newest first, a page at a time", async () => {
    const { actor, cookie } = await signedInAdmin();
    const source = await createSource();
    const { importId } = await importNow(cookie, csvOf([goodRow()]), {
      sourceId: source.id,
      distribution: "unassigned",
    });
    const page = await listLeadImports(actor, { page: 1, pageSize: 2 });
    expect(page.rows[0]!.id).toBe(importId);
    expect(page.rows[0]).toMatchObject({ sourceName: source.name, imported: 1, status: "completed" });
    expect(page.rows.length).toBeLessThanOrEqual(2);
    expect(page.total).toBeGreaterThanOrEqual(1);
  });
});

describe("limits: 20 MB and 50,000 rows", () => {
  afterEach(async () => {
    await LeadImport.destroy({ where: { status: "uploaded" } });
  });

  it("refuses a file over 20 MB at the file field, and keeps nothing", async () => {
    const { cookie } = await signedInAdmin();
    const source = await createSource();
    const before = await LeadImport.count();
    const line = `${goodRow()}\r\n`;
    const big = new Uint8Array(LEAD_IMPORT_LIMITS.bytes + 1).fill(0x20);
    big.set(new TextEncoder().encode(`${HEADER}\r\n${line}`));
    const response = await send(
      uploadRequest(cookie, {
        file: { name: "big.csv", content: big },
        fields: { sourceId: source.id, distribution: "automatic" },
      }),
    );
    expect(response.status).toBe(400);
    expect(await jsonOf<ApiError>(response)).toEqual({ error: M.tooLarge, fieldErrors: { file: [M.tooLarge] } });
    expect(await LeadImport.count()).toBe(before);
  });

  it("takes a file of exactly the byte limit and refuses one byte more (the reader's count)", async () => {
    const { cookie } = await signedInAdmin();
    const content = csvOf([goodRow()]);
    const bytes = new TextEncoder().encode(content).byteLength;
    const fits = await readImportUpload(uploadRequest(cookie, { file: { name: "a.csv", content } }), {
      maxBytes: bytes,
    });
    expect(fits.file?.bytes).toBe(bytes);
    await fits.cleanup();
    await expect(
      readImportUpload(uploadRequest(cookie, { file: { name: "a.csv", content } }), { maxBytes: bytes - 1 }),
    ).rejects.toMatchObject({ status: 400, fieldErrors: { file: [M.tooLarge] } });
  });

  it("refuses a file of more than 50,000 rows before keeping any", async () => {
    const { cookie } = await signedInAdmin();
    const source = await createSource();
    const before = await LeadImport.count();
    const rows = `${"a,b,5551234567,FL\r\n".repeat(LEAD_IMPORT_LIMITS.rows + 1)}`;
    const response = await postImport(cookie, `First,Last,Phone,State\r\n${rows}`, {
      sourceId: source.id,
      distribution: "automatic",
    });
    expect(response.status).toBe(400);
    expect(await jsonOf<ApiError>(response)).toEqual({ error: M.tooManyRows, fieldErrors: { file: [M.tooManyRows] } });
    expect(await LeadImport.count()).toBe(before);
  });
});

describe("bad input is a 4xx with a message, never a 500", () => {
  it("refuses every malformed upload and choice at its field", async () => {
    const { cookie } = await signedInAdmin();
    const source = await createSource();
    const paused = await createSource("paused");
    const { agent: pending } = await createAgent({ status: "pending" });
    const fine = { sourceId: source.id, distribution: "automatic" };
    const csv = csvOf([goodRow()]);
    const cases: [string, Promise<Response>, number, string, string | null][] = [
      ["no file", send(uploadRequest(cookie, { fields: fine })), 400, M.fileMissing, "file"],
      ["not a CSV", postImport(cookie, csv, fine, "leads.xlsx"), 400, M.notCsv, "file"],
      ["empty", postImport(cookie, "", fine), 400, M.noHeader, "file"],
      ["header only", postImport(cookie, `${HEADER}\r\n`, fine), 400, M.noRows, "file"],
      ["broken quotes", postImport(cookie, `${HEADER}\r\n"a,b\r\n`, fine), 400, "", "file"],
      ["no source", postImport(cookie, csv, { distribution: "automatic" }), 400, M.sourceRequired, "sourceId"],
      [
        "unknown source",
        postImport(cookie, csv, { ...fine, sourceId: crypto.randomUUID() }),
        400,
        M.sourceUnknown,
        "sourceId",
      ],
      [
        "malformed source",
        postImport(cookie, csv, { ...fine, sourceId: "1 OR 1=1" }),
        400,
        M.sourceUnknown,
        "sourceId",
      ],
      ["paused source", postImport(cookie, csv, { ...fine, sourceId: paused.id }), 400, M.sourcePaused, "sourceId"],
      [
        "no distribution",
        postImport(cookie, csv, { sourceId: source.id }),
        400,
        M.distributionRequired,
        "distribution",
      ],
      [
        "odd distribution",
        postImport(cookie, csv, { ...fine, distribution: "random" }),
        400,
        M.distributionRequired,
        "distribution",
      ],
      ["agent missing", postImport(cookie, csv, { ...fine, distribution: "agent" }), 400, M.agentRequired, "agentId"],
      [
        "agent not approved",
        postImport(cookie, csv, { ...fine, distribution: "agent", agentId: pending.id }),
        400,
        M.agentRequired,
        "agentId",
      ],
      ["mapping not JSON", postImport(cookie, csv, { ...fine, mapping: "{oops" }), 400, M.mappingInvalid, "mapping"],
      [
        "mapping too short",
        postImport(cookie, csv, { ...fine, mapping: '["firstName"]' }),
        400,
        M.mappingInvalid,
        "mapping",
      ],
      [
        "mapping without state",
        postImport(cookie, csv, {
          ...fine,
          mapping: JSON.stringify({ "First Name": "firstName", "Last Name": "lastName", Phone: "phone" }),
        }),
        400,
        "Choose a column for State.",
        "mapping",
      ],
    ];
    const before = await LeadImport.count();
    for (const [name, pending, status, message, field] of cases) {
      const response = await pending;
      expect(response.status, name).toBe(status);
      const body = await jsonOf<ApiError>(response);
      if (message) expect(body.error, name).toBe(message);
      else expect(body.error, name).toMatch(/^The file could not be read as CSV: /);
      if (field) expect(Object.keys(body.fieldErrors ?? {}), name).toContain(field);
    }
    // A refused upload keeps nothing.
    expect(await LeadImport.count()).toBe(before);
  });

  it("answers bodies that are not a multipart form, and other methods, with a 4xx", async () => {
    const { cookie } = await signedInAdmin();
    const json = await callRoute(importApi, { path: "/api/admin/leads/import", json: { file: "x" }, cookie });
    expect(json.status).toBe(400);
    const form = await callRoute(importApi, { path: "/api/admin/leads/import", form: { file: "x" }, cookie });
    expect(form.status).toBe(400);
    const raw = (contentType: string, body: string) =>
      send(
        new Request("http://localhost/api/admin/leads/import", {
          method: "POST",
          headers: { Cookie: cookie, "Content-Type": contentType },
          body,
        }),
      );
    const broken = await raw(
      "multipart/form-data; boundary=xyz",
      '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nunfinished',
    );
    expect(broken.status).toBe(400);
    const noBoundary = await raw("multipart/form-data", "x");
    expect(noBoundary.status).toBe(400);
    const get = await callRoute(importApi, { method: "GET", path: "/api/admin/leads/import", cookie });
    expect(get.status).toBe(405);
    expect(get.headers.get("Allow")).toBe("POST");
    const put = await callRoute(statusApi, {
      method: "PUT",
      path: "/api/admin/imports/x",
      params: { id: "x" },
      cookie,
    });
    expect(put.status).toBe(405);
  });

  it("answers an unknown or malformed import id with 404, and rejected.csv before the end with 409", async () => {
    const { cookie } = await signedInAdmin();
    for (const id of [crypto.randomUUID(), "not-an-id", "' OR 1=1 --"]) {
      const status = await callRoute(statusApi, { path: `/api/admin/imports/x`, params: { id }, cookie });
      expect(status.status, id).toBe(404);
      expect(await jsonOf<ApiError>(status)).toEqual({ error: M.notFound });
      const file = await callRoute(rejectedApi, { path: `/api/admin/imports/x/rejected.csv`, params: { id }, cookie });
      expect(file.status, id).toBe(404);
    }
    const source = await createSource();
    const response = await postImport(cookie, csvOf([goodRow()]), { sourceId: source.id, distribution: "unassigned" });
    const { importId } = await jsonOf<{ importId: string }>(response);
    const early = await callRoute(rejectedApi, {
      path: `/api/admin/imports/${importId}`,
      params: { id: importId },
      cookie,
    });
    expect(early.status).toBe(409);
    expect(await jsonOf<ApiError>(early)).toEqual({ error: M.notRejected });
    await runLeadImport(importId);
  });
});

describe("admins only", () => {
  it("refuses an agent every import route with 403, before reading the file", async () => {
    const { cookie: adminCookie } = await signedInAdmin();
    const source = await createSource();
    const { importId } = await importNow(adminCookie, csvOf([goodRow()]), {
      sourceId: source.id,
      distribution: "unassigned",
    });
    const { cookie } = await signedInAgent();
    const before = await LeadImport.count();
    const upload = await postImport(cookie, csvOf([goodRow()]), { sourceId: source.id, distribution: "automatic" });
    expect(upload.status).toBe(403);
    expect(await LeadImport.count()).toBe(before);
    const status = await callRoute(statusApi, {
      path: `/api/admin/imports/${importId}`,
      params: { id: importId },
      cookie,
    });
    expect(status.status).toBe(403);
    const file = await callRoute(rejectedApi, {
      path: `/api/admin/imports/${importId}`,
      params: { id: importId },
      cookie,
    });
    expect(file.status).toBe(403);
    const anonymous = await callRoute(statusApi, { path: `/api/admin/imports/${importId}`, params: { id: importId } });
    expect(anonymous.status).toBe(401);
  });
});
