import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

// The layer rules of eslint.config.js (route -> service -> models, app/domain at the bottom), run
// on one-line files at paths in each layer: each forbidden import is refused with its layer's
// message, and the imports a layer is meant to make pass.

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: process.cwd() });
});

async function layerMessages(filePath: string, source: string) {
  const [result] = await eslint.lintText(`${source}\n\nexport const used = typeof value;\n`, { filePath });
  return result.messages.filter((m) => m.ruleId === "no-restricted-imports").map((m) => m.message);
}

describe("layer rules", () => {
  it.each([
    ["app/routes/admin+/example.tsx", 'import { value } from "~db";'],
    ["app/routes/admin+/example.tsx", 'import { value } from "~db/models";'],
    ["app/routes/api+/example.ts", 'import { value } from "../../../prisma-free-db/index";'],
    ["app/routes/api+/example.ts", 'import type { Op as value } from "sequelize";'],
    ["app/components/leads/example.tsx", 'import { value } from "~db";'],
    ["app/components/leads/example.tsx", 'export { value } from "sequelize";'],
  ])("%s may not use the data layer: %s", async (filePath, source) => {
    expect(await layerMessages(filePath, source)).toEqual([
      expect.stringContaining(
        "Routes and components never touch the data layer: call a service (app/services) instead",
      ),
    ]);
  });

  it.each([
    ["app/domain/example.ts", 'import { value } from "~/utils/list";'],
    ["app/domain/example.ts", 'import { value } from "../utils/list";'],
    ["app/domain/schemas/example.ts", 'import { value } from "../../services/leads.server";'],
    ["app/domain/schemas/example.ts", 'import { value } from "~/services/leads.server";'],
    ["app/domain/example.ts", 'import { value } from "~/components/ui/data-table";'],
  ])("%s imports nothing from utils, services or the UI: %s", async (filePath, source) => {
    expect(await layerMessages(filePath, source)).toEqual([
      expect.stringContaining("app/domain is pure rules and schemas: it imports only app/domain and packages"),
    ]);
  });

  it("app/domain may not use the data layer", async () => {
    expect(await layerMessages("app/domain/example.ts", 'import { value } from "~db";')).toEqual([
      expect.stringContaining("app/domain never touches the data layer"),
    ]);
  });

  it.each([
    ["prisma-free-db/index.ts", 'import { value } from "../app/utils/env.server";'],
    ["prisma-free-db/models/example.ts", 'import { value } from "../../app/domain/statuses";'],
    ["prisma-free-db/migrations/099-example.ts", 'import { value } from "~/domain/statuses";'],
  ])("the data layer (%s) imports no app code: %s", async (filePath, source) => {
    expect(await layerMessages(filePath, source)).toEqual([
      expect.stringContaining("The data layer imports no app code"),
    ]);
  });

  it.each([
    ["app/routes/admin+/example.tsx", 'import { value } from "~/services/leads.server";'],
    ["app/components/leads/example.tsx", 'import { value } from "~/domain/statuses";'],
    ["app/domain/schemas/example.ts", 'import { value } from "../periods";'],
    ["app/domain/example.ts", 'import { value } from "zod";'],
    ["app/services/example.server.ts", 'import { value } from "~db";'],
    ["prisma-free-db/models/example.ts", 'import { value } from "./columns";'],
    // The commands and the demo seed stand above the data layer.
    ["prisma-free-db/cli/example.ts", 'import { value } from "../../app/utils/crypto.server";'],
    ["prisma-free-db/seed/example.ts", 'import { value } from "../../app/domain/commission";'],
  ])("%s may import %s", async (filePath, source) => {
    expect(await layerMessages(filePath, source)).toEqual([]);
  });
});
