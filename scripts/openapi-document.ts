import fs from "node:fs";
import path from "node:path";
import { openApiDocument } from "~/openapi/document.server";

/**
 * Writes the OpenAPI document (GET /api/openapi.json) to the file named on the command line, for
 * `npm run lint:openapi` to lint with Redocly (redocly.yaml, decision 082). The lint runs with
 * REDOCLY_TELEMETRY=off: CI runs offline, and nothing about the project leaves it.
 */
const [out] = process.argv.slice(2);
if (!out) throw new Error("Usage: tsx scripts/openapi-document.ts <file.json>");
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, JSON.stringify(openApiDocument(), null, 2));
