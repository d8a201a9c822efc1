import { logger } from "../../app/utils/logger.server";
import { analyzeDatabase, closeDatabase, migrate } from "../index";
import { seedDemo } from "../seed/demo";
import { assertNotProduction } from "./guard";

assertNotProduction(process.argv.includes("--force"));
await migrate();
await seedDemo((line) => logger.info(line));
await analyzeDatabase();
await closeDatabase();
