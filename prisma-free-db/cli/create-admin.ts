import readline from "node:readline/promises";
import { stdin, stdout } from "node:process";
import { closeDatabase, migrate, User } from "../index";
import { ensureCatalog } from "../seed/catalog";
import { hashPassword } from "../../app/utils/crypto.server";
import { logger } from "../../app/utils/logger.server";

// Creates the first real administrator: `npm run create-admin -- --email a@b.c --password ...`
// or interactively. Also makes sure the carrier catalogue and BDMs exist.
function arg(name: string) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const rl = readline.createInterface({ input: stdin, output: stdout });
const email = (arg("email") ?? (await rl.question("Admin email: "))).trim().toLowerCase();
const password = arg("password") ?? (await rl.question("Password (at least 8 characters): "));
const firstName = arg("first-name") ?? (arg("email") ? "Agency" : (await rl.question("First name: ")) || "Agency");
const lastName = arg("last-name") ?? (arg("email") ? "Admin" : (await rl.question("Last name: ")) || "Admin");
rl.close();

if (!/^\S+@\S+\.\S+$/.test(email)) {
  logger.error("That is not a valid email address.");
  process.exit(1);
}
if (password.length < 8) {
  logger.error("The password must be at least 8 characters long.");
  process.exit(1);
}
await migrate();
await ensureCatalog();
if (await User.findOne({ where: { email } })) {
  logger.error("A user with that email address already exists.");
  process.exit(1);
}
const admin = await User.create({
  email,
  passwordHash: await hashPassword(password),
  firstName,
  lastName,
  role: "admin",
});
// The id, not the address: the log is shipped off the machine.
// Administrators must have a second factor (decision 079): the first sign-in sends them to set it up.
logger.info({ userId: admin.id }, "Administrator created; two-factor sign-in is set up at the first sign-in.");
await closeDatabase();
