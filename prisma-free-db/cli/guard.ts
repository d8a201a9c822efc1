import { databaseUrl, isPostgresUrl } from "../index";

/** Demo data never lands in a production database by accident. */
export function assertNotProduction(force: boolean) {
  const url = databaseUrl();
  const local = !isPostgresUrl(url) || /@(localhost|127\.0\.0\.1)(:\d+)?\//.test(url);
  if ((process.env.NODE_ENV === "production" || !local) && !force) {
    console.error("Refusing to seed demo data into what looks like a production database. Re-run with --force if you mean it.");
    process.exit(1);
  }
}
