import { z } from "zod";

/** The bell shows the latest 20 (part 1, section 9); an API caller may ask for 1 to 100. */
export const NOTIFICATION_LIMIT_DEFAULT = 20;
const NOTIFICATION_LIMIT_MAX = 100;

export const NOTIFICATION_LIMIT_MESSAGE = `Limit must be a whole number from 1 to ${NOTIFICATION_LIMIT_MAX}`;

/** A whole number 1..100; anything else is refused with the same message. */
export const notificationLimitField = z.coerce
  .number({ invalid_type_error: NOTIFICATION_LIMIT_MESSAGE })
  .int(NOTIFICATION_LIMIT_MESSAGE)
  .min(1, NOTIFICATION_LIMIT_MESSAGE)
  .max(NOTIFICATION_LIMIT_MAX, NOTIFICATION_LIMIT_MESSAGE);

/** GET /api/notifications?limit=n: an absent or empty limit is the bell's 20. */
export const notificationListSchema = z.object({
  limit: z.preprocess((v) => (v === "" ? undefined : v), notificationLimitField.default(NOTIFICATION_LIMIT_DEFAULT)),
});
