import { describe, expect, it } from "vitest";
import { ActivityLog, FormSubmission } from "~db";
import { action as submitAction } from "~/routes/api+/form-submissions";
import { loader as listLoader } from "~/routes/api+/admin.form-submissions";
import { action as itemAction } from "~/routes/api+/admin.form-submissions.$id";
import { action as landingAction } from "~/routes/_public+/_index";
import { action as adminPageAction, loader as adminPageLoader } from "~/routes/admin+/form-submissions";
import { INFO_EMAIL } from "~/domain/contact";
import { INQUIRIES } from "~/services/rate-limits.server";
import { createAdmin, createAgent, signInAs } from "../support/factories";
import { createFormSubmissionRow, uniqueIp } from "../support/form-submission-factories";
import { callRoute, jsonOf } from "../support/http";

type ErrorBody = { error: string; fieldErrors?: Record<string, string[]> };
type Row = {
  id: string;
  fullName: string;
  email: string;
  phone: string;
  companyName: string | null;
  service: string;
  message: string | null;
  status: string;
  notes: string | null;
  createdAt: string;
};

const valid = (overrides: Record<string, unknown> = {}) => ({
  fullName: "Harriet Vance",
  companyName: "Vance Family Insurance",
  email: `harriet.${Date.now()}.${Math.random().toString(16).slice(2)}@vance.example`,
  phone: "(813) 555-0142",
  service: "CRM + Leads",
  message: "We have 4 agents.",
  ...overrides,
});

function submit(json: unknown, ip = uniqueIp()) {
  return callRoute(submitAction, { path: "/api/form-submissions", json, headers: { "X-Remote-Address": ip } });
}

describe("POST /api/form-submissions", () => {
  it("saves a valid inquiry with status new, digits-only phone, and answers 201 with the id", async () => {
    const input = valid();
    const res = await submit(input);
    expect(res.status).toBe(201);
    const body = await jsonOf<{ id: string }>(res);
    const row = await FormSubmission.findByPk(body.id);
    expect(row).not.toBeNull();
    expect(row!.status).toBe("new");
    expect(row!.phone).toBe("8135550142");
    expect(row!.fullName).toBe("Harriet Vance");
    expect(row!.companyName).toBe("Vance Family Insurance");
    expect(row!.service).toBe("CRM + Leads");
    expect(row!.message).toBe("We have 4 agents.");
    expect(await ActivityLog.count({ where: { entityId: body.id, action: "form_submission_received" } })).toBe(1);
  });

  it("stores empty optional fields (companyName, message) as null, from JSON null or empty strings", async () => {
    const a = await jsonOf<{ id: string }>(await submit(valid({ companyName: null, message: null })));
    const b = await jsonOf<{ id: string }>(await submit(valid({ companyName: "  ", message: "" })));
    for (const id of [a.id, b.id]) {
      const row = await FormSubmission.findByPk(id);
      expect(row!.companyName).toBeNull();
      expect(row!.message).toBeNull();
    }
  });

  it("requires fullName, email, phone and service", async () => {
    const res = await submit({});
    expect(res.status).toBe(400);
    const body = await jsonOf<ErrorBody>(res);
    expect(body.fieldErrors!.fullName).toContain("Full name is required");
    expect(body.fieldErrors!.email).toContain("Email is required");
    expect(body.fieldErrors!.phone).toContain("Phone number is required");
    expect(body.fieldErrors!.service).toContain("Please select a service");
    expect(body.fieldErrors!.companyName).toBeUndefined();
    expect(body.fieldErrors!.message).toBeUndefined();
  });

  it("refuses an email that is not text@text.text with the spec's message", async () => {
    for (const email of ["harriet", "harriet@vance", "harriet vance@x.com", "@vance.example"]) {
      const res = await submit(valid({ email }));
      expect(res.status, email).toBe(400);
      expect((await jsonOf<ErrorBody>(res)).fieldErrors!.email).toEqual(["Please enter a valid email address"]);
    }
  });

  it("needs at least 10 digits in the phone: 9 is refused with the spec's message, 10 formatted ones pass", async () => {
    const short = await submit(valid({ phone: "813-555-014" }));
    expect(short.status).toBe(400);
    expect((await jsonOf<ErrorBody>(short)).fieldErrors!.phone).toEqual([
      "Please enter a valid phone number (at least 10 digits)",
    ]);
    const letters = await submit(valid({ phone: "call me maybe" }));
    expect((await jsonOf<ErrorBody>(letters)).fieldErrors!.phone).toEqual([
      "Please enter a valid phone number (at least 10 digits)",
    ]);
    const ok = await submit(valid({ phone: "813.555.0199" }));
    expect(ok.status).toBe(201);
    const row = await FormSubmission.findByPk((await jsonOf<{ id: string }>(ok)).id);
    expect(row!.phone).toBe("8135550199");
  });

  it("accepts only the two services, CRM Only and CRM + Leads", async () => {
    expect((await submit(valid({ service: "CRM Only" }))).status).toBe(201);
    expect((await submit(valid({ service: "CRM + Leads" }))).status).toBe(201);
    for (const service of ["Enterprise", "crm only", ""]) {
      const res = await submit(valid({ service }));
      expect(res.status, service).toBe(400);
      expect((await jsonOf<ErrorBody>(res)).fieldErrors!.service).toEqual(["Please select a service"]);
    }
  });

  it("answers a filled honeypot like a success but saves nothing", async () => {
    const input = valid({ website: "http://spam.example" });
    const before = await FormSubmission.count();
    const res = await submit(input);
    expect(res.status).toBe(201);
    const body = await jsonOf<{ id: string }>(res);
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await FormSubmission.count()).toBe(before);
    expect(await FormSubmission.findOne({ where: { email: input.email } })).toBeNull();
  });

  it(`limits one address to ${INQUIRIES.max} inquiries an hour, then answers 429`, async () => {
    const ip = uniqueIp();
    for (let i = 0; i < INQUIRIES.max; i++) expect((await submit(valid(), ip)).status).toBe(201);
    const blocked = await submit(valid(), ip);
    expect(blocked.status).toBe(429);
    expect((await jsonOf<ErrorBody>(blocked)).error).toBe(INQUIRIES.message);
    // Another address is not affected.
    expect((await submit(valid())).status).toBe(201);
  });

  it("answers 400 for malformed JSON and 405 for other methods", async () => {
    const bad = await callRoute(submitAction, { path: "/api/form-submissions", rawBody: "{nope" });
    expect(bad.status).toBe(400);
    const put = await callRoute(submitAction, { method: "PUT", path: "/api/form-submissions", json: valid() });
    expect(put.status).toBe(405);
  });
});

describe("GET /api/admin/form-submissions", () => {
  it("lists newest first as an array, filters by status and paginates with X-Total-Count", async () => {
    const admin = await createAdmin();
    const { cookie } = await signInAs(admin);
    // Far-future dates put these first whatever else the database holds.
    const base = Date.UTC(2099, 0, 1);
    const oldest = await createFormSubmissionRow({ status: "contacted", createdAt: new Date(base) });
    const middle = await createFormSubmissionRow({ status: "new", createdAt: new Date(base + 1000) });
    const newest = await createFormSubmissionRow({ status: "contacted", createdAt: new Date(base + 2000) });

    const all = await callRoute(listLoader, { path: "/api/admin/form-submissions?page=1&pageSize=2", cookie });
    expect(all.status).toBe(200);
    expect(all.headers.get("Cache-Control")).toBe("no-store");
    const total = Number(all.headers.get("X-Total-Count"));
    expect(total).toBe(await FormSubmission.count());
    const page1 = await jsonOf<Row[]>(all);
    expect(page1.map((r) => r.id)).toEqual([newest.id, middle.id]);
    expect(Object.keys(page1[0]!).sort()).toEqual([
      "companyName",
      "createdAt",
      "email",
      "fullName",
      "id",
      "message",
      "notes",
      "phone",
      "service",
      "status",
    ]);

    const page2 = await jsonOf<Row[]>(
      await callRoute(listLoader, { path: "/api/admin/form-submissions?page=2&pageSize=2", cookie }),
    );
    expect(page2[0]!.id).toBe(oldest.id);

    const contacted = await callRoute(listLoader, {
      path: "/api/admin/form-submissions?status=contacted&pageSize=500",
      cookie,
    });
    const contactedRows = await jsonOf<Row[]>(contacted);
    expect(contactedRows.every((r) => r.status === "contacted")).toBe(true);
    expect(contactedRows.slice(0, 2).map((r) => r.id)).toEqual([newest.id, oldest.id]);
    expect(Number(contacted.headers.get("X-Total-Count"))).toBe(
      await FormSubmission.count({ where: { status: "contacted" } }),
    );

    const everything = await callRoute(listLoader, { path: "/api/admin/form-submissions?status=all", cookie });
    expect(Number(everything.headers.get("X-Total-Count"))).toBe(total);
  });

  it("refuses an unknown status or page size with 400", async () => {
    const { cookie } = await signInAs(await createAdmin());
    const res = await callRoute(listLoader, { path: "/api/admin/form-submissions?status=archived", cookie });
    expect(res.status).toBe(400);
    expect((await jsonOf<ErrorBody>(res)).error).toMatch(/Status must be one of/);
    expect((await callRoute(listLoader, { path: "/api/admin/form-submissions?pageSize=501", cookie })).status).toBe(
      400,
    );
  });

  it("is for admins only: 401 signed out, 403 for an agent", async () => {
    expect((await callRoute(listLoader, { path: "/api/admin/form-submissions" })).status).toBe(401);
    const { user } = await createAgent();
    const { cookie } = await signInAs(user);
    const res = await callRoute(listLoader, { path: "/api/admin/form-submissions", cookie });
    expect(res.status).toBe(403);
  });
});

describe("PUT and DELETE /api/admin/form-submissions/{id}", () => {
  it("updates status and notes", async () => {
    const { cookie } = await signInAs(await createAdmin());
    const row = await createFormSubmissionRow();
    const res = await callRoute(itemAction, {
      method: "PUT",
      path: `/api/admin/form-submissions/${row.id}`,
      params: { id: row.id },
      cookie,
      json: { status: "converted", notes: "  Signed up for Growth.  " },
    });
    expect(res.status).toBe(200);
    const body = await jsonOf<Row>(res);
    expect(body.status).toBe("converted");
    expect(body.notes).toBe("Signed up for Growth.");
    await row.reload();
    expect(row.status).toBe("converted");
    expect(row.notes).toBe("Signed up for Growth.");

    // Any status may follow any other, and empty notes clear them.
    const back = await callRoute(itemAction, {
      method: "PUT",
      path: `/api/admin/form-submissions/${row.id}`,
      params: { id: row.id },
      cookie,
      json: { status: "new", notes: "" },
    });
    expect(back.status).toBe(200);
    await row.reload();
    expect(row.status).toBe("new");
    expect(row.notes).toBeNull();
  });

  it("refuses an unknown status with 400", async () => {
    const { cookie } = await signInAs(await createAdmin());
    const row = await createFormSubmissionRow();
    const res = await callRoute(itemAction, {
      method: "PUT",
      path: `/api/admin/form-submissions/${row.id}`,
      params: { id: row.id },
      cookie,
      json: { status: "won" },
    });
    expect(res.status).toBe(400);
    expect((await jsonOf<ErrorBody>(res)).fieldErrors!.status).toBeDefined();
    await row.reload();
    expect(row.status).toBe("new");
  });

  it("deletes a submission", async () => {
    const { cookie } = await signInAs(await createAdmin());
    const row = await createFormSubmissionRow();
    const res = await callRoute(itemAction, {
      method: "DELETE",
      path: `/api/admin/form-submissions/${row.id}`,
      params: { id: row.id },
      cookie,
    });
    expect(res.status).toBe(200);
    expect(await FormSubmission.findByPk(row.id)).toBeNull();
  });

  it("answers 404 for an unknown or malformed id", async () => {
    const { cookie } = await signInAs(await createAdmin());
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
      const put = await callRoute(itemAction, {
        method: "PUT",
        path: `/api/admin/form-submissions/${id}`,
        params: { id },
        cookie,
        json: { status: "closed" },
      });
      expect(put.status, id).toBe(404);
      expect((await jsonOf<ErrorBody>(put)).error).toBe("Form submission not found");
      const del = await callRoute(itemAction, {
        method: "DELETE",
        path: `/api/admin/form-submissions/${id}`,
        params: { id },
        cookie,
      });
      expect(del.status, id).toBe(404);
    }
  });

  it("answers 405 for other methods", async () => {
    const { cookie } = await signInAs(await createAdmin());
    const row = await createFormSubmissionRow();
    const res = await callRoute(itemAction, {
      method: "POST",
      path: `/api/admin/form-submissions/${row.id}`,
      params: { id: row.id },
      cookie,
      json: {},
    });
    expect(res.status).toBe(405);
  });

  it("is for admins only: an agent gets 403 and changes nothing; signed out gets 401", async () => {
    const row = await createFormSubmissionRow();
    const { user } = await createAgent();
    const { cookie } = await signInAs(user);
    const put = await callRoute(itemAction, {
      method: "PUT",
      path: `/api/admin/form-submissions/${row.id}`,
      params: { id: row.id },
      cookie,
      json: { status: "closed" },
    });
    expect(put.status).toBe(403);
    const del = await callRoute(itemAction, {
      method: "DELETE",
      path: `/api/admin/form-submissions/${row.id}`,
      params: { id: row.id },
      cookie,
    });
    expect(del.status).toBe(403);
    const anon = await callRoute(itemAction, {
      method: "DELETE",
      path: `/api/admin/form-submissions/${row.id}`,
      params: { id: row.id },
    });
    expect(anon.status).toBe(401);
    await row.reload();
    expect(row.status).toBe("new");
  });
});

describe("landing page inquiry action (/?index)", () => {
  const formOf = (overrides: Record<string, string> = {}) =>
    Object.fromEntries(Object.entries(valid(overrides)).map(([k, v]) => [k, String(v ?? "")])) as Record<
      string,
      string
    >;

  it("returns the field errors and everything typed, asking for the fields (not the failure alert), and saves nothing", async () => {
    const form = formOf({ phone: "555-0142", email: "not-an-email" });
    const before = await FormSubmission.count();
    const res = await callRoute(landingAction, { path: "/?index", form, headers: { "X-Remote-Address": uniqueIp() } });
    expect(res.status).toBe(400);
    const body = await jsonOf<{
      status: string;
      values: Record<string, string>;
      fieldErrors: Record<string, string[]>;
      formError: string;
    }>(res);
    expect(body.status).toBe("error");
    // The catalogue's "There was an error submitting your form" is for a failure, not a field to fix.
    expect(body.formError).toBe("Please correct the fields marked below.");
    expect(body.fieldErrors.phone).toEqual(["Please enter a valid phone number (at least 10 digits)"]);
    expect(body.fieldErrors.email).toEqual(["Please enter a valid email address"]);
    expect(body.values).toEqual({
      fullName: form.fullName,
      companyName: form.companyName,
      email: "not-an-email",
      phone: "555-0142",
      service: form.service,
      message: form.message,
    });
    expect(await FormSubmission.count()).toBe(before);
  });

  it("saves a valid inquiry and answers with the thank-you data and the mail draft to the info address", async () => {
    const form = formOf({ companyName: "", message: "" });
    const res = await callRoute(landingAction, { path: "/?index", form, headers: { "X-Remote-Address": uniqueIp() } });
    expect(res.status).toBe(200);
    const body = await jsonOf<{ status: string; fullName: string; mailto: string }>(res);
    expect(body.status).toBe("sent");
    const url = new URL(body.mailto);
    expect(url.protocol).toBe("mailto:");
    expect(url.pathname).toBe(INFO_EMAIL);
    expect(url.searchParams.get("subject")).toBe("New CRM + Leads Inquiry from Harriet Vance");
    const mailBody = url.searchParams.get("body")!;
    expect(mailBody).toContain("Name: Harriet Vance");
    expect(mailBody).toContain("Company: Not specified");
    expect(mailBody).toContain(`Email: ${form.email}`);
    expect(mailBody).toContain("Phone: 8135550142");
    expect(mailBody).toContain("Service Interest: CRM + Leads");
    expect(mailBody).toContain("Message: No additional message");
    expect(mailBody).toContain("This inquiry has also been saved to the admin portal.");
    const row = await FormSubmission.findOne({ where: { email: form.email } });
    expect(row?.status).toBe("new");
  });

  it("shows the rate-limit message in the alert once the address is over the limit", async () => {
    const ip = uniqueIp();
    for (let i = 0; i < INQUIRIES.max; i++) expect((await submit(valid(), ip)).status).toBe(201);
    const res = await callRoute(landingAction, {
      path: "/?index",
      form: formOf(),
      headers: { "X-Remote-Address": ip },
    });
    expect(res.status).toBe(429);
    const body = await jsonOf<{ detail: string; values: Record<string, string> }>(res);
    expect(body.detail).toBe(INQUIRIES.message);
    expect(body.values.fullName).toBe("Harriet Vance");
  });
});

describe("admin form submissions page", () => {
  it("loads the filtered list for an admin and redirects an agent away", async () => {
    const admin = await createAdmin();
    const { cookie } = await signInAs(admin);
    await createFormSubmissionRow({ status: "closed", createdAt: new Date(Date.UTC(2098, 0, 1)) });
    const res = await callRoute(adminPageLoader, { path: "/admin/form-submissions?status=closed", cookie });
    expect(res.status).toBe(200);
    const body = await jsonOf<{ list: { rows: Row[]; total: number } }>(res);
    expect(body.list.rows.length).toBeGreaterThan(0);
    expect(body.list.rows.every((s) => s.status === "closed")).toBe(true);

    const { user } = await createAgent();
    const agent = await signInAs(user);
    const denied = await callRoute(adminPageLoader, { path: "/admin/form-submissions", cookie: agent.cookie });
    expect(denied.status).toBe(302);
    expect(denied.headers.get("Location")).toBe("/");
  });

  it("updates through the page action and redirects back to the list with the toast", async () => {
    const { cookie } = await signInAs(await createAdmin());
    const row = await createFormSubmissionRow();
    const res = await callRoute(adminPageAction, {
      path: `/admin/form-submissions?status=new&dialog=edit&id=${row.id}`,
      cookie,
      form: { intent: "update", id: row.id, status: "contacted", notes: "Called back" },
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin/form-submissions?status=new");
    expect(res.headers.get("Set-Cookie")).toMatch(/__toast=/);
    await row.reload();
    expect(row.status).toBe("contacted");
    expect(row.notes).toBe("Called back");
  });

  it("deletes through the page action; an unknown id gives the failure toast", async () => {
    const { cookie } = await signInAs(await createAdmin());
    const row = await createFormSubmissionRow();
    const res = await callRoute(adminPageAction, {
      path: `/admin/form-submissions?dialog=delete&id=${row.id}`,
      cookie,
      form: { intent: "delete", id: row.id },
    });
    expect(res.status).toBe(302);
    expect(await FormSubmission.findByPk(row.id)).toBeNull();
    const again = await callRoute(adminPageAction, {
      path: `/admin/form-submissions?dialog=delete&id=${row.id}`,
      cookie,
      form: { intent: "delete", id: row.id },
    });
    expect(again.status).toBe(302);
    expect(again.headers.get("Set-Cookie")).toMatch(/__toast=/);
  });

  it("refuses the page action to an agent", async () => {
    const row = await createFormSubmissionRow();
    const { user } = await createAgent();
    const { cookie } = await signInAs(user);
    const res = await callRoute(adminPageAction, {
      path: "/admin/form-submissions",
      cookie,
      form: { intent: "delete", id: row.id },
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/");
    expect(await FormSubmission.findByPk(row.id)).not.toBeNull();
  });
});
