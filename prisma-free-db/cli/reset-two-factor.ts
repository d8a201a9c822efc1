import { closeDatabase } from "../index";
import { resetTwoFactorFromConsole } from "../../app/services/two-factor.server";
import { logger } from "../../app/utils/logger.server";

// Resets a user's second factor from the server's console, for an administrator who has lost both
// the phone and the recovery codes (nobody in the app may reset an administrator's):
// `npm run reset-two-factor -- --email a@b.c`, or on Fly
// `fly ssh console -C "node build/cli/reset-two-factor.js --email a@b.c"`. Their sessions end; an
// administrator sets two-factor sign-in up again at the next sign-in.
const at = process.argv.indexOf("--email");
const email = at >= 0 ? process.argv[at + 1] : undefined;
if (!email) {
  logger.error("Name the account: --email a@b.c");
  process.exit(1);
}
const reset = await resetTwoFactorFromConsole(email);
await closeDatabase();
if (!reset) {
  logger.error("No user has that email address.");
  process.exit(1);
}
// The id, not the address: the log is shipped off the machine.
logger.info(
  { userId: reset.userId },
  reset.role === "admin"
    ? "Two-factor sign-in reset and every session ended; it is set up again at the next sign-in."
    : "Two-factor sign-in reset and every session ended; the password alone signs in until it is set up again.",
);
