import crypto from "node:crypto";
import { z } from "zod";
import { FormSubmission } from "~db";
import type { Page } from "~/utils/list";
import type { FormSubmissionListQuery, FormSubmissionUpdate, InquiryInput } from "~/domain/schemas/form-submissions";
import { FORM_SUBMISSION_STATUSES, formSubmissionStatusStyle } from "~/domain/statuses";
import { logActivity } from "./activity.server";
import { notFound } from "./errors.server";
import { assertAdmin, isUuid } from "./permissions.server";
import { INQUIRIES, countAttempt } from "./rate-limits.server";
import type { RequestMeta, SessionUser } from "./sessions.server";
import { column, countBy, selectOne, sql, sqlPage } from "./sql/reads.server";

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

/** A submission's row as the list reads it, already in the shape the page and the API send. */
const SubmissionRow = z.object({
  id: column.text,
  fullName: column.text,
  email: column.text,
  phone: column.text,
  companyName: column.text.nullable(),
  service: column.text,
  message: column.text.nullable(),
  status: column.text,
  notes: column.text.nullable(),
  createdAt: column.isoDate,
}) satisfies z.ZodType<FormSubmissionView, z.ZodTypeDef, unknown>;

const SUBMISSION_COLUMNS = sql`s.id, s.full_name AS "fullName", s.email, s.phone, s.company_name AS "companyName",
  s.service, s.message, s.status, s.notes, s.created_at AS "createdAt"`;

/** A model read for one submission (its dialog, and after a change). */
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
  await countAttempt(INQUIRIES, keys);
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
): Promise<Page<FormSubmissionView>> {
  assertAdmin(actor);
  return sqlPage(
    {
      select: SUBMISSION_COLUMNS,
      from: sql`form_submissions s`,
      where: query.status !== "all" ? sql`s.status = ${query.status}` : undefined,
      orderBy: sql`s.created_at DESC, s.id DESC`,
    },
    query,
    SubmissionRow,
  );
}

/** How many submissions each status holds, for the filter tabs, in one grouped query. Admins only. */
export async function countFormSubmissionsByStatus(actor: SessionUser) {
  assertAdmin(actor);
  return countBy({ column: sql`status`, from: sql`form_submissions` }, FORM_SUBMISSION_STATUSES);
}

export async function getFormSubmission(actor: SessionUser, id: string): Promise<FormSubmissionView> {
  assertAdmin(actor);
  const row = isUuid(id)
    ? await selectOne(sql`SELECT ${SUBMISSION_COLUMNS} FROM form_submissions s WHERE s.id = ${id}`, SubmissionRow)
    : null;
  if (!row) throw notFound("Form submission not found");
  return row;
}

/** Any status may follow any other (part 2, section 4); notes replace the previous notes. */
export async function updateFormSubmission(
  actor: SessionUser,
  id: string,
  change: FormSubmissionUpdate,
): Promise<FormSubmissionView> {
  assertAdmin(actor);
  const row = await findOr404(id);
  const from = row.status;
  await row.update({ status: change.status, notes: change.notes });
  await logActivity({
    userId: actor.id,
    action: "form_submission_updated",
    entityType: "form_submission",
    entityId: row.id,
    summary:
      from === change.status
        ? `Updated the notes of ${row.fullName}'s inquiry`
        : `Marked ${row.fullName}'s inquiry ${formSubmissionStatusStyle(change.status).label} (was ${formSubmissionStatusStyle(from).label})`,
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
