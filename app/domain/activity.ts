// The activity log as people read it (issue 12 item 7): the name of every action the services
// record, grouped for the Activity page's filter, and the filters' URL parameters and messages.
// No schema code here, so the page's JavaScript stays small; app/domain/schemas/activity.ts reads
// the filters with zod.

/** Every action the services write to activity_logs, by area, with the words a person reads. */
export const ACTIVITY_ACTION_GROUPS = [
  {
    label: "Leads",
    actions: {
      application_submitted: "Application submitted",
      lead_updated: "Lead edited",
      lead_status_changed: "Status changed",
      lead_sold: "Sale recorded",
      policy_status_changed: "Policy status changed",
      lead_reassigned: "Lead reassigned",
      lead_received: "Lead received",
      lead_return_requested: "Return requested",
      lead_return_approved: "Return approved",
      lead_return_denied: "Return denied",
      lead_sensitive_revealed: "Sensitive info revealed",
      lead_banking_revealed: "Banking info revealed",
      lead_health_revealed: "Health info revealed",
      lead_copied: "Lead info copied",
      lead_evidence_opened: "Consent evidence opened",
      payment_status_changed: "Payment updated",
      commission_cancelled: "Commission cancelled",
      report_exported: "Report exported",
    },
  },
  {
    label: "Agents",
    actions: {
      agent_registered: "Agent registered",
      agent_approved: "Agent approved",
      agent_rejected: "Agent rejected",
      agent_paused: "Agent paused",
      agent_activated: "Agent activated",
      bdm_assigned: "BDM assigned",
      calls_added: "Calls added",
      agent_setup_completed: "Setup completed",
      agent_setup_skipped: "Setup skipped",
      agent_carriers_updated: "Carriers updated",
      agent_profile_updated: "Profile updated",
    },
  },
  {
    label: "Passwords and sign-in",
    actions: {
      sign_in: "Signed in",
      temporary_password_generated: "Temporary password generated",
      temporary_password_viewed: "Temporary password viewed",
      reset_approved: "Password reset approved",
      reset_denied: "Password reset denied",
      password_changed: "Password changed",
      session_ended: "Session signed out",
      other_sessions_ended: "Signed out everywhere else",
    },
  },
  {
    label: "Two-factor sign-in",
    actions: {
      two_factor_enabled: "Two-factor sign-in turned on",
      two_factor_disabled: "Two-factor sign-in turned off",
      two_factor_reset: "Two-factor sign-in reset by an admin",
      two_factor_console_reset: "Two-factor sign-in reset from the server console",
      two_factor_recovery_codes_regenerated: "New recovery codes made",
      two_factor_recovery_code_used: "Signed in with a recovery code",
    },
  },
  {
    label: "Inquiries",
    actions: {
      form_submission_received: "Inquiry received",
      form_submission_updated: "Inquiry updated",
      form_submission_deleted: "Inquiry deleted",
    },
  },
  {
    label: "Orders",
    actions: {
      order_created: "Order added",
      order_updated: "Order updated",
      order_deleted: "Order deleted",
    },
  },
  {
    label: "Lead sources",
    actions: {
      lead_source_created: "Lead source added",
      lead_source_updated: "Lead source updated",
      lead_source_paused: "Lead source paused",
      lead_source_activated: "Lead source activated",
      lead_source_key_rotated: "Posting key rotated",
    },
  },
  {
    label: "Do not call",
    actions: {
      dnc_number_added: "Number added to do-not-call",
      dnc_number_removed: "Number removed from do-not-call",
      dnc_import_started: "Do-not-call file uploaded",
      lead_opted_out: "Asked not to be called",
    },
  },
  {
    label: "Calls",
    actions: {
      call_placed: "Call placed",
      call_refused: "Call refused",
      call_override: "Call refusal overridden",
      call_outcome: "Call outcome set",
      calling_rule_saved: "Calling rule saved",
      calling_rule_removed: "Calling rule removed",
    },
  },
  {
    label: "Webhooks",
    actions: {
      webhook_created: "Webhook endpoint added",
      webhook_deleted: "Webhook endpoint deleted",
      webhook_updated: "Webhook endpoint edited",
      webhook_paused: "Webhook endpoint paused",
      webhook_resumed: "Webhook endpoint resumed",
    },
  },
  {
    label: "API tokens",
    actions: {
      api_token_created: "API token created",
      api_token_revoked: "API token revoked",
      api_token_write: "Change made with an API token",
    },
  },
] as const;

export type ActivityAction = {
  [G in (typeof ACTIVITY_ACTION_GROUPS)[number] as G["label"]]: keyof G["actions"];
}[(typeof ACTIVITY_ACTION_GROUPS)[number]["label"]];

export const ACTIVITY_ACTION_LABELS = Object.assign(
  {},
  ...ACTIVITY_ACTION_GROUPS.map((group) => group.actions),
) as Record<ActivityAction, string>;

export const ACTIVITY_ACTIONS = Object.keys(ACTIVITY_ACTION_LABELS) as [ActivityAction, ...ActivityAction[]];

/**
 * An action's words. One the table does not know yet (an older entry, a newer service) still
 * reads as words: "lead_archived" is "Lead archived".
 */
export function activityActionLabel(action: string): string {
  const known = (ACTIVITY_ACTION_LABELS as Record<string, string>)[action];
  if (known) return known;
  const words = action.replace(/_/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** One entry, as the Activity page, the lead's trail and GET /api/admin/activity give it. */
export type ActivityRow = {
  id: string;
  action: string;
  /** Who acted; null for a visitor (the public forms) or the system (reminders). */
  userName: string | null;
  /** The lead the entry is about, when it is about one. */
  applicationId: string | null;
  /** That lead's name, so the page names it rather than its id; null once it is gone. */
  leadName: string | null;
  createdAt: string;
  /** The entry's summary: names and labels, never a sensitive number. */
  details: string;
};

/** The filters' URL parameters, named as GET /api/admin/activity names them. */
export const ACTIVITY_FILTER_FIELDS = ["userId", "action", "applicationId", "dateFrom", "dateTo"] as const;
export type ActivityFilterField = (typeof ACTIVITY_FILTER_FIELDS)[number];
export type ActivityFilterValues = Record<ActivityFilterField, string>;
export type ActivityFieldErrors = Partial<Record<ActivityFilterField, string[]>>;

export const ACTIVITY_MESSAGES = {
  dateFormat: "Dates must be YYYY-MM-DD",
  noSuchDate: "That date does not exist",
  reversed: "To date must be on or after From date.",
  unknownUser: "Choose a user from the list.",
  unknownAction: "Choose an action from the list.",
  unknownLead: "That is not a lead's id.",
} as const;

/** The Activity page filtered to one lead: the lead dialog's "full trail" link. */
export function leadActivityHref(applicationId: string) {
  return `/admin/activity?applicationId=${encodeURIComponent(applicationId)}`;
}
