import { logger } from "../../app/utils/logger.server";
import { closeDatabase, migrate } from "../index";

// Fly's release command (fly.toml) and `npm run db:migrate`. Safe beside a server starting on the
// same Postgres: both take the migrations' advisory lock (prisma-free-db/migrator.ts).
const applied = await migrate();
if (applied.length) logger.info({ migrations: applied.map((m) => m.name) }, `applied ${applied.length} migration(s)`);
else logger.info("database is up to date");
await closeDatabase();
