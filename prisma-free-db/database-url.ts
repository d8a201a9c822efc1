import fs from "node:fs";
import { z } from "zod";

// The data layer reads DATABASE_URL itself, because it imports no app code (the layer rules in
// eslint.config.js); app/utils/env.server.ts, the one place the app reads the environment, takes
// the same schema and the same `.env` loading from here, so the two can never disagree.

let localEnvLoaded = false;

/**
 * A local `.env` is a convenience for development; tests stay hermetic, and a variable already set
 * in the environment always wins over the file. Loaded once, by whichever of the data layer and the
 * app's environment is imported first.
 */
export function loadLocalEnvFile() {
  if (localEnvLoaded) return;
  localEnvLoaded = true;
  if (process.env.NODE_ENV !== "test" && fs.existsSync(".env") && typeof process.loadEnvFile === "function") {
    process.loadEnvFile(".env");
  }
}

export const databaseUrlSchema = z
  .string()
  .regex(/^(postgres(ql)?|sqlite|file):/, "must start with postgres://, postgresql://, sqlite: or file:")
  .default("sqlite:data/app.sqlite");

/** DATABASE_URL, or the embedded SQLite default; a malformed one stops the process with its name. */
export function databaseUrlFromEnvironment() {
  loadLocalEnvFile();
  // An empty value (`DATABASE_URL=` copied from .env.example) means "not set", so the default applies.
  const value = process.env.DATABASE_URL || undefined;
  const result = databaseUrlSchema.safeParse(value);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `  DATABASE_URL: ${issue.message}`);
  throw new Error(`Invalid environment variables:\n${problems.join("\n")}`);
}
