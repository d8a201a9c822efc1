import readline from "node:readline/promises";
import { stdin, stdout } from "node:process";
import { closeDatabase, migrate, User } from "../index";
import { ensureCatalog } from "../seed/catalog";
import { hashPassword } from "../../app/utils/crypto.server";

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
  console.error("That is not a valid email address.");
  process.exit(1);
}
if (password.length < 8) {
  console.error("The password must be at least 8 characters long.");
  process.exit(1);
}
await migrate();
await ensureCatalog();
if (await User.findOne({ where: { email } })) {
  console.error(`A user with ${email} already exists.`);
  process.exit(1);
}
await User.create({ email, passwordHash: await hashPassword(password), firstName, lastName, role: "admin" });
console.log(`Administrator ${email} created.`);
await closeDatabase();
