import { formSubmissionList, formSubmissionUpdateSchema } from "~/domain/schemas/form-submissions";
import { jobListApiQuery } from "~/domain/schemas/jobs";
import { notificationListSchema } from "~/domain/schemas/notifications";
import { socialSecurityDaysQuery } from "~/domain/schemas/social-security-days";
import { JOB_STATES } from "~/domain/statuses";
import type { FormSubmissionView } from "~/services/form-submissions.server";
import type { JobView } from "~/services/jobs.server";
import type { AdminShellCounts, AgentShellCounts } from "~/services/navigation.server";
import type { NotificationView } from "~/services/notifications.server";
import type { ResetRequestView } from "~/services/password-resets.server";
import { Message, day, id, instant } from "../answers";
import { z, type Operation } from "../kit";

const operations = "Operations";
const notifications = "Notifications";

const FormSubmission = z
  .object({
    id,
    fullName: z.string(),
    email: z.string(),
    phone: z.string(),
    companyName: z.string().nullable(),
    service: z.string(),
    message: z.string().nullable(),
    status: z.string(),
    notes: z.string().nullable(),
    createdAt: instant,
  })
  .openapi("FormSubmission") satisfies z.ZodType<FormSubmissionView>;

const Job = z
  .object({
    id,
    name: z.string(),
    state: z.enum(JOB_STATES),
    attempts: z.number().int(),
    lastError: z.string().nullable(),
    createdAt: instant,
    startedAt: instant.nullable(),
    finishedAt: instant.nullable(),
  })
  .openapi("Job") satisfies z.ZodType<JobView>;

const Notification = z
  .object({
    id,
    type: z.string(),
    title: z.string(),
    message: z.string(),
    isRead: z.boolean(),
    createdAt: instant,
    applicationId: id.nullable(),
  })
  .openapi("Notification") satisfies z.ZodType<NotificationView>;

const ResetRequest = z
  .object({
    id,
    userName: z.string(),
    email: z.string(),
    status: z.enum(["pending", "approved", "denied", "completed", "expired"]),
    requestedAt: instant,
    expiresAt: instant,
    approvedAt: instant.nullable(),
    completedAt: instant.nullable(),
    deniedAt: instant.nullable(),
  })
  .openapi("PasswordResetRequest") satisfies z.ZodType<ResetRequestView>;

export const operationPaths: Operation[] = [
  {
    method: "get",
    path: "/api/counts",
    tag: operations,
    summary: "The figures the user's portal shell shows",
    access: "user",
    answers: {
      description: "An admin's or an agent's counts.",
      body: z.union([
        z.object({
          pendingAgents: z.number().int(),
          pendingResets: z.number().int(),
          newSubmissions: z.number().int(),
          unreadLeads: z.number().int(),
          unreadNotifications: z.number().int(),
        }) satisfies z.ZodType<AdminShellCounts>,
        z.object({
          unreadLeads: z.number().int(),
          unreadNotifications: z.number().int(),
          callsLeft: z.number().int(),
        }) satisfies z.ZodType<AgentShellCounts>,
      ]),
    },
  },
  {
    method: "get",
    path: "/api/social-security-days",
    tag: operations,
    summary: "The days Social Security pays a client born on a given day",
    access: "user",
    query: socialSecurityDaysQuery,
    answers: {
      description: "The days and the rule in words.",
      body: z.object({ dates: z.array(day), rule: z.string() }),
    },
  },
  {
    method: "get",
    path: "/api/admin/jobs",
    tag: operations,
    summary: "The background jobs",
    access: "admin",
    query: jobListApiQuery,
    answers: { description: "One page of jobs, newest first.", list: Job },
  },
  {
    method: "post",
    path: "/api/admin/jobs/{id}/retry",
    tag: operations,
    summary: "Run a failed job again",
    access: "admin",
    answers: { description: "Queued.", body: z.object({ message: z.string(), job: Job }) },
    errors: [409],
  },
  {
    method: "get",
    path: "/api/admin/form-submissions",
    tag: operations,
    summary: "The landing page's inquiries",
    access: "admin",
    query: formSubmissionList.schema,
    answers: { description: "One page of inquiries.", list: FormSubmission },
  },
  {
    method: "put",
    path: "/api/admin/form-submissions/{id}",
    tag: operations,
    summary: "Set an inquiry's status and notes",
    access: "admin",
    body: formSubmissionUpdateSchema,
    answers: { description: "The inquiry.", body: FormSubmission },
  },
  {
    method: "delete",
    path: "/api/admin/form-submissions/{id}",
    tag: operations,
    summary: "Delete an inquiry",
    access: "admin",
    answers: { description: "Deleted.", body: Message },
  },
  {
    method: "get",
    path: "/api/admin/password-reset-requests",
    tag: operations,
    summary: "Open password reset requests and the latest decided ones",
    access: "admin",
    answers: {
      description: "Open requests and the latest decided or expired ones.",
      body: z.object({ pending: z.array(ResetRequest), history: z.array(ResetRequest) }),
    },
  },
  {
    method: "post",
    path: "/api/admin/password-reset-requests/{id}/approve",
    tag: operations,
    summary: "Approve a password reset request",
    description: "The one-time link is in this answer only; the database keeps its hash.",
    access: "admin",
    answers: {
      description: "The request and its link.",
      body: z.object({ message: z.string(), request: ResetRequest, resetLink: z.string(), token: z.string() }),
    },
    errors: [409],
  },
  {
    method: "post",
    path: "/api/admin/password-reset-requests/{id}/deny",
    tag: operations,
    summary: "Deny a password reset request",
    access: "admin",
    answers: { description: "The request.", body: z.object({ message: z.string(), request: ResetRequest }) },
    errors: [409],
  },
  {
    method: "get",
    path: "/api/notifications",
    tag: notifications,
    summary: "The user's newest notifications",
    access: "user",
    query: notificationListSchema,
    answers: { description: "Newest first.", body: z.array(Notification) },
  },
  {
    method: "get",
    path: "/api/notifications/unread-count",
    tag: notifications,
    summary: "How many notifications are unread",
    access: "user",
    answers: { description: "The count.", body: z.object({ count: z.number().int() }) },
  },
  {
    method: "post",
    path: "/api/notifications/{id}/read",
    tag: notifications,
    summary: "Mark one notification read",
    access: "user",
    answers: { description: "Marked.", body: z.object({ message: z.string(), notification: Notification }) },
  },
  {
    method: "post",
    path: "/api/notifications/mark-all-read",
    tag: notifications,
    summary: "Mark every notification read",
    access: "user",
    answers: { description: "Marked.", body: z.object({ message: z.string(), updated: z.number().int() }) },
  },
  {
    method: "delete",
    path: "/api/notifications/clear-all",
    tag: notifications,
    summary: "Delete every notification of the user",
    access: "user",
    answers: { description: "Deleted.", body: z.object({ message: z.string(), deleted: z.number().int() }) },
  },
];
