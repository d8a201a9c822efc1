import fs from "node:fs";
import { openApiDocument } from "~/openapi/document.server";

/**
 * Writes the OpenAPI document (GET /api/openapi.json) to the file named on the command line, for
 * `npm run lint:openapi` (scripts/openapi-lint.sh) to lint with Redocly (decision 082).
 */
const [out] = process.argv.slice(2);
if (!out) throw new Error("Usage: tsx scripts/openapi-document.ts <file.json>");
fs.writeFileSync(out, JSON.stringify(openApiDocument(), null, 2));
