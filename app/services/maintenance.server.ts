import { Op } from "sequelize";
import { Application, Session } from "~db";
import { todayIn } from "~/domain/periods";
import { pruneAttempts } from "./rate-limits.server";
import { sendPaymentReminders } from "./retention.server";

const HOUR_MS = 60 * 60_000;
let lastRun = 0;

/**
 * Housekeeping that must happen even when nobody clicks anything:
 * - a card's CVV is kept (encrypted) only until the sale is recorded or the first draft date has
 *   passed (PCI DSS 3.3.1.2 forbids keeping it after authorisation);
 * - expired sessions and old rate-limit counters are deleted;
 * - each agent is reminded the day before an unpaid payment is due, once per payment
 *   (retention_reminder, docs/decisions/026).
 */
export async function runMaintenance(now = new Date()) {
  // Draft dates are calendar days of the agency (Eastern); erasing a day late is never early.
  const today = todayIn("America/New_York", now);
  const [erasedCvvs] = await Application.update(
    { cardCvvEncrypted: null },
    {
      where: {
        cardCvvEncrypted: { [Op.ne]: null },
        // A lead sold and then moved to another status (decision 019) was authorised all the same.
        [Op.or]: [{ firstDraftDate: { [Op.lt]: today } }, { status: "sale" }, { soldAt: { [Op.ne]: null } }],
      },
    },
  );
  const endedSessions = await Session.destroy({ where: { expiresAt: { [Op.lt]: now } } });
  await pruneAttempts();
  const paymentReminders = await sendPaymentReminders(now);
  return { erasedCvvs, endedSessions, paymentReminders };
}

/** At most once an hour per process; Fly's health check calls it every 15 seconds. */
export function runMaintenanceIfDue(now = Date.now()) {
  if (now - lastRun < HOUR_MS) return;
  lastRun = now;
  runMaintenance().catch((error) => {
    console.error("Maintenance failed:", error instanceof Error ? error.message : "unknown");
  });
}
