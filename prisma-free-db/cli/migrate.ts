import { closeDatabase, migrate } from "../index";

const applied = await migrate();
console.log(
  applied.length
    ? `Applied ${applied.length} migration(s): ${applied.map((m) => m.name).join(", ")}`
    : "Database is up to date.",
);
await closeDatabase();
