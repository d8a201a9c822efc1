import crypto from "node:crypto";
import { FormSubmission } from "~db";
import type { FormSubmissionStatus } from "~/domain/statuses";
import type { FormSubmissionListQuery, FormSubmissionUpdate, InquiryInput } from "~/domain/schemas/form-submissions";
import { FORM_SUBMISSION_STATUSES } from "~/domain/statuses";
import { logActivity } from "./activity.server";
import { notFound } from "./errors.server";
import { assertAdmin, isUuid } from "./permissions.server";
import { INQUIRIES, assertUnderLimit, recordAttempt } from "./rate-limits.server";
import type { RequestMeta, SessionUser } from "./sessions.server";

/** A landing-page inquiry as the admin list and the API show it (part 2, section 3). */
export type FormSubmissionView = {
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

function toView(row: FormSubmission): FormSubmissionView {
  return {
    id: row.id,
    fullName: row.fullName,
    email: row.email,
    phone: row.phone,
    companyName: row.companyName ?? null,
    service: row.service,
    message: row.message ?? null,
    status: row.status,
    notes: row.notes ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}



/** A malformed id is simply not found (Postgres would otherwise fail the uuid cast). */
async function findOr404(id: string) {
  const row = isUuid(id) ? await FormSubmission.findByPk(id) : null;
  if (!row) throw notFound("Form submission not found");
  return row;
}

/**
 * Saves a landing-page inquiry with status "new". Limited per address. A filled honeypot gets
 * the same answer as a real inquiry (so a bot learns nothing) but nothing is saved.
 */
export async function createFormSubmission(
  input: InquiryInput,
  meta: RequestMeta = {},
): Promise<{ id: string; saved: boolean }> {
  const keys = [meta.ip ? `ip:${meta.ip}` : null];
  await assertUnderLimit(INQUIRIES, keys);
  await recordAttempt(INQUIRIES, keys);
  if (input.website.trim()) return { id: crypto.randomUUID(), saved: false };

  const row = await FormSubmission.create({
    fullName: input.fullName,
    companyName: input.companyName,
    email: input.email,
    phone: input.phone,
    service: input.service,
    message: input.message,
  });
  await logActivity({
    action: "form_submission_received",
    entityType: "form_submission",
    entityId: row.id,
    summary: `New ${input.service} inquiry from ${input.fullName}`,
  });
  return { id: row.id, saved: true };
}

/** Newest first, filtered and paginated by the database. Admins only. */
export async function listFormSubmissions(
  actor: SessionUser,
  query: Pick<FormSubmissionListQuery, "status" | "page" | "pageSize">,
): Promise<{ submissions: FormSubmissionView[]; total: number; page: number; pageSize: number }> {
  assertAdmin(actor);
  const where = query.status && query.status !== "all" ? { status: query.status } : {};
  const { rows, count } = await FormSubmission.findAndCountAll({
    where,
    order: [["createdAt", "DESC"], ["id", "DESC"]],
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  return { submissions: rows.map(toView), total: count, page: query.page, pageSize: query.pageSize };
}

/** How many submissions each status holds, for the filter tabs. Admins only. */
export async function countFormSubmissionsByStatus(actor: SessionUser): Promise<Record<"all" | FormSubmissionStatus, number>> {
  assertAdmin(actor);
  const counts = await Promise.all(FORM_SUBMISSION_STATUSES.map((status) => FormSubmission.count({ where: { status } })));
  const byStatus = Object.fromEntries(FORM_SUBMISSION_STATUSES.map((status, i) => [status, counts[i]!])) as Record<FormSubmissionStatus, number>;
  return { all: counts.reduce((a, b) => a + b, 0), ...byStatus };
}

export async function getFormSubmission(actor: SessionUser, id: string): Promise<FormSubmissionView> {
  assertAdmin(actor);
  return toView(await findOr404(id));
}

/** Any status may follow any other (part 2, section 4); notes replace the previous notes. */
export async function updateFormSubmission(actor: SessionUser, id: string, change: FormSubmissionUpdate): Promise<FormSubmissionView> {
  assertAdmin(actor);
  const row = await findOr404(id);
  const from = row.status;
  await row.update({ status: change.status, notes: change.notes });
  await logActivity({
    userId: actor.id,
    action: "form_submission_updated",
    entityType: "form_submission",
    entityId: row.id,
    summary: from === change.status
      ? `Updated the notes of ${row.fullName}'s inquiry`
      : `Marked ${row.fullName}'s inquiry ${change.status} (was ${from})`,
  });
  return toView(row);
}

export async function deleteFormSubmission(actor: SessionUser, id: string): Promise<void> {
  assertAdmin(actor);
  const row = await findOr404(id);
  await row.destroy();
  await logActivity({
    userId: actor.id,
    action: "form_submission_deleted",
    entityType: "form_submission",
    entityId: id,
    summary: `Deleted ${row.fullName}'s inquiry`,
  });
}
