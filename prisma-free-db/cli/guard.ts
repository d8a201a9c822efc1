import { env } from "../../app/utils/env.server";
import { logger } from "../../app/utils/logger.server";
import { isPostgresUrl } from "../index";

/** Demo data never lands in a production database by accident. */
export function assertNotProduction(force: boolean) {
  const url = env.databaseUrl;
  const local = !isPostgresUrl(url) || /@(localhost|127\.0\.0\.1)(:\d+)?\//.test(url);
  if ((env.isProduction || !local) && !force) {
    logger.error(
      "Refusing to seed demo data into what looks like a production database. Re-run with --force if you mean it.",
    );
    process.exit(1);
  }
}
