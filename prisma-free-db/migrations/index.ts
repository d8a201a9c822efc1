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

/**
 * Each migration runs inside one transaction (see `migrate()` in ../index.ts) and passes it to
 * every call it makes, so one that fails part-way leaves nothing behind.
 */
export type MigrationContext = { queryInterface: QueryInterface; transaction: Transaction };

type Step = (params: { context: MigrationContext }) => Promise<void>;
export type Migration = { name: string; up: Step; down: Step };

// Listed by hand (not globbed) so the same list works under tsx and inside the Vite server build.
export const migrations: Migration[] = [
  { name: "001-initial-schema", ...initialSchema },
  { name: "002-money-bigint", ...moneyBigint },
  { name: "003-archived-products-and-sold-snapshot", ...archivedProductsAndSoldSnapshot },
  { name: "004-attempts-in-flight", ...attemptsInFlight },
  { name: "005-notifications-by-user-newest", ...notificationsByUserNewest },
  { name: "006-lead-list-indexes", ...leadListIndexes },
  { name: "007-unread-lead-counts", ...unreadLeadCounts },
  { name: "008-payment-reminders", ...paymentReminders },
  { name: "009-commission-history-index", ...commissionHistoryIndex },
  { name: "010-callback-index", ...callbackIndex },
  { name: "012-report-carrier-index", ...reportCarrierIndex },
  { name: "013-notifications-by-application", ...notificationsByApplication },
  { name: "018-activity-log-indexes", ...activityLogIndexes },
  { name: "020-premiums-and-callbacks-indexes", ...premiumsAndCallbacksIndexes },
  { name: "021-payment-status-by-sale", ...paymentStatusBySale },
  { name: "022-admin-report-carrier-index", ...adminReportCarrierIndex },
  { name: "023-jobs", ...jobs },
];
