import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { loader as submissionsPage, action as submissionsAction } from "~/routes/admin+/form-submissions";
import { countBy, sql } from "~/services/sql/reads.server";
import { ServiceError, notFound } from "~/services/errors.server";
import { readToast } from "~/utils/toast.server";
import { createAdmin, signInAs } from "../support/factories";
import { createFormSubmissionRow } from "../support/form-submission-factories";
import { callRoute, jsonOf, setCookieOf } from "../support/http";

const cookieRequest = (setCookie: string) =>
  new Request("http://localhost/", { headers: { Cookie: setCookie.split(";")[0]! } });

describe("list kit on the database", () => {
  it("countBy counts each value in one query, with zeros for keys that have no rows, and the total", async () => {
    const tag = `Count ${crypto.randomBytes(3).toString("hex")}`;
    for (const status of ["new", "new", "closed"])
      await createFormSubmissionRow({ fullName: `${tag} ${status}`, status });
    const where = sql`full_name LIKE ${`${tag}%`}`;
    const counts = await countBy({ column: sql`status`, from: sql`form_submissions`, where }, [
      "new",
      "contacted",
      "converted",
      "closed",
    ]);
    expect(counts).toEqual({ all: 3, new: 2, contacted: 0, converted: 0, closed: 1 });
  });
});

describe("service errors on pages", () => {
  it("carry a code that callers decide by", () => {
    expect(notFound().code).toBe("not_found");
    expect(new ServiceError(401, "Invalid credentials", undefined, "invalid_credentials").code).toBe(
      "invalid_credentials",
    );
  });

  it("a dialog for a missing row answers 404 from the loader (the layout shows it in the shell)", async () => {
    const { cookie } = await signInAs(await createAdmin());
    const missing = crypto.randomUUID();
    const res = await callRoute(submissionsPage, { path: `/admin/form-submissions?dialog=edit&id=${missing}`, cookie });
    expect(res.status).toBe(404);
    expect(await jsonOf(res)).toEqual({ message: "Form submission not found", code: "not_found" });
    const malformed = await callRoute(submissionsPage, {
      path: "/admin/form-submissions?dialog=delete&id=not-a-uuid",
      cookie,
    });
    expect(malformed.status).toBe(404);
  });

  it("an unknown intent is refused with a toast, not a crash", async () => {
    const { cookie } = await signInAs(await createAdmin());
    const res = await callRoute(submissionsAction, {
      path: "/admin/form-submissions?page=2",
      cookie,
      form: { intent: "explode" },
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin/form-submissions?page=2");
    expect((await readToast(cookieRequest(setCookieOf(res)))).toast).toMatchObject({
      type: "error",
      title: "Unknown action",
    });
  });

  it("a form's bad input answers 400 with the field's message and the intent, keeping the typed notes", async () => {
    const { cookie } = await signInAs(await createAdmin());
    const row = await createFormSubmissionRow();
    const res = await callRoute(submissionsAction, {
      path: `/admin/form-submissions?dialog=edit&id=${row.id}`,
      cookie,
      form: { intent: "update", id: row.id, status: "bogus", notes: "Called twice" },
    });
    expect(res.status).toBe(400);
    const body = await jsonOf<{
      intent: string;
      result: { error: Record<string, string[]>; initialValue: Record<string, string> };
    }>(res);
    expect(body.intent).toBe("update");
    expect(body.result.error.status?.[0]).toMatch(/Choose one of: new, contacted, converted, closed/);
    expect(body.result.initialValue.notes).toBe("Called twice");
  });
});
