import { Op } from "sequelize";
import { Application, Session } from "~db";
import { todayIn } from "~/domain/periods";

// Housekeeping that must happen even when nobody clicks anything. Each function is the work of one
// scheduled job (app/jobs/housekeeping.server.ts) and may run again, or twice at once, harmlessly.

/**
 * A card's CVV is kept (encrypted) only until the sale is recorded or the first draft date has
 * passed (PCI DSS 3.3.1.2 forbids keeping it after authorisation). Answers how many were erased.
 */
export async function eraseAuthorisedCvvs(now = new Date()) {
  // Draft dates are calendar days of the agency (Eastern); erasing a day late is never early.
  const today = todayIn("America/New_York", now);
  const [erased] = await Application.update(
    { cardCvvEncrypted: null },
    {
      where: {
        cardCvvEncrypted: { [Op.ne]: null },
        // A lead sold and then moved to another status (decision 019) was authorised all the same.
        [Op.or]: [{ firstDraftDate: { [Op.lt]: today } }, { status: "sale" }, { soldAt: { [Op.ne]: null } }],
      },
    },
  );
  return erased;
}

/** Sessions past their expiry are refused when read already; this deletes their rows. */
export async function deleteExpiredSessions(now = new Date()) {
  return Session.destroy({ where: { expiresAt: { [Op.lt]: now } } });
}
