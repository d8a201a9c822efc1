import type { QueryInterface, Transaction } from "sequelize";
import * as initialSchema from "./001-initial-schema";
import * as moneyBigint from "./002-money-bigint";
import * as archivedProductsAndSoldSnapshot from "./003-archived-products-and-sold-snapshot";
import * as attemptsInFlight from "./004-attempts-in-flight";
import * as notificationsByUserNewest from "./005-notifications-by-user-newest";
import * as leadListIndexes from "./006-lead-list-indexes";
import * as unreadLeadCounts from "./007-unread-lead-counts";
import * as paymentReminders from "./008-payment-reminders";
import * as commissionHistoryIndex from "./009-commission-history-index";
import * as callbackIndex from "./010-callback-index";
import * as reportCarrierIndex from "./012-report-carrier-index";
import * as notificationsByApplication from "./013-notifications-by-application";
import * as activityLogIndexes from "./018-activity-log-indexes";
import * as premiumsAndCallbacksIndexes from "./020-premiums-and-callbacks-indexes";
import * as paymentStatusBySale from "./021-payment-status-by-sale";
import * as adminReportCarrierIndex from "./022-admin-report-carrier-index";
import * as jobs from "./023-jobs";
import * as reportSummaries from "./024-report-summaries";
import * as leadSearchIndex from "./025-lead-search-index";
import * as leadInsertsCountedPerStatement from "./026-lead-inserts-counted-per-statement";
import * as leadListVersionIndexes from "./027-lead-list-version-indexes";
import * as leadSupply from "./028-lead-supply";
import * as returnedLeadsIndex from "./029-returned-leads-index";
import * as leadImports from "./030-lead-imports";
import * as leadSourceReportIndex from "./031-lead-source-report-index";
import * as leadReferencesDeferrable from "./032-lead-references-deferrable";
import * as leadDeleteCountsInLockOrder from "./033-lead-delete-counts-in-lock-order";
import * as doNotCall from "./035-do-not-call";
import * as phonesInE164 from "./036-phones-in-e164";
import * as healthDetailsEncrypted from "./037-health-details-encrypted";
import * as callingRulesAndCallAttempts from "./039-calling-rules-and-call-attempts";
import * as dncLeadReferencesIndexed from "./041-dnc-lead-references-indexed";
import * as policyStatus from "./042-policy-status";
import * as reportSummariesIssued from "./043-report-summaries-issued";
import * as atRiskQueue from "./044-at-risk-queue";
import * as draftOnSocialSecurityDay from "./045-draft-on-social-security-day";
import * as twoFactor from "./046-two-factor";
import * as sessionLastSeen from "./047-session-last-seen";
import * as apiTokens from "./048-api-tokens";
import * as webhooks from "./049-webhooks";
import * as callingDays from "./050-calling-days";
import * as leadSearchTerms from "./051-lead-search-terms";
import * as searchTermsReturned from "./052-search-terms-returned";
import * as workingLeadsInListIndexes from "./053-working-leads-in-list-indexes";

/**
 * Each migration runs inside one transaction (see `migrate()` in ../index.ts) and passes it to
 * every call it makes, so one that fails part-way leaves nothing behind.
 */
export type MigrationContext = { queryInterface: QueryInterface; transaction: Transaction };

type Step = (params: { context: MigrationContext }) => Promise<void>;
export type Migration = { name: string; up: Step; down: Step };

/** A migration from its module's `up` and `down`, handed over whole so every use is plain to knip. */
function step(name: string, module: { up: Step; down: Step }): Migration {
  return { name, up: module.up, down: module.down };
}

// Listed by hand (not globbed) so the same list works under tsx and inside the Vite server build.
export const migrations: Migration[] = [
  step("001-initial-schema", initialSchema),
  step("002-money-bigint", moneyBigint),
  step("003-archived-products-and-sold-snapshot", archivedProductsAndSoldSnapshot),
  step("004-attempts-in-flight", attemptsInFlight),
  step("005-notifications-by-user-newest", notificationsByUserNewest),
  step("006-lead-list-indexes", leadListIndexes),
  step("007-unread-lead-counts", unreadLeadCounts),
  step("008-payment-reminders", paymentReminders),
  step("009-commission-history-index", commissionHistoryIndex),
  step("010-callback-index", callbackIndex),
  step("012-report-carrier-index", reportCarrierIndex),
  step("013-notifications-by-application", notificationsByApplication),
  step("018-activity-log-indexes", activityLogIndexes),
  step("020-premiums-and-callbacks-indexes", premiumsAndCallbacksIndexes),
  step("021-payment-status-by-sale", paymentStatusBySale),
  step("022-admin-report-carrier-index", adminReportCarrierIndex),
  step("023-jobs", jobs),
  step("024-report-summaries", reportSummaries),
  step("025-lead-search-index", leadSearchIndex),
  step("026-lead-inserts-counted-per-statement", leadInsertsCountedPerStatement),
  step("027-lead-list-version-indexes", leadListVersionIndexes),
  step("028-lead-supply", leadSupply),
  step("029-returned-leads-index", returnedLeadsIndex),
  step("030-lead-imports", leadImports),
  step("031-lead-source-report-index", leadSourceReportIndex),
  step("032-lead-references-deferrable", leadReferencesDeferrable),
  step("033-lead-delete-counts-in-lock-order", leadDeleteCountsInLockOrder),
  step("035-do-not-call", doNotCall),
  step("036-phones-in-e164", phonesInE164),
  step("037-health-details-encrypted", healthDetailsEncrypted),
  step("039-calling-rules-and-call-attempts", callingRulesAndCallAttempts),
  step("041-dnc-lead-references-indexed", dncLeadReferencesIndexed),
  step("042-policy-status", policyStatus),
  step("043-report-summaries-issued", reportSummariesIssued),
  step("044-at-risk-queue", atRiskQueue),
  step("045-draft-on-social-security-day", draftOnSocialSecurityDay),
  step("046-two-factor", twoFactor),
  step("047-session-last-seen", sessionLastSeen),
  step("048-api-tokens", apiTokens),
  step("049-webhooks", webhooks),
  step("050-calling-days", callingDays),
  step("051-lead-search-terms", leadSearchTerms),
  step("052-search-terms-returned", searchTermsReturned),
  step("053-working-leads-in-list-indexes", workingLeadsInListIndexes),
];
