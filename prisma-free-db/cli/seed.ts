import { analyzeDatabase, closeDatabase, migrate } from "../index";
import { seedDemo } from "../seed/demo";
import { assertNotProduction } from "./guard";

assertNotProduction(process.argv.includes("--force"));
await migrate();
await seedDemo();
await analyzeDatabase();
await closeDatabase();
