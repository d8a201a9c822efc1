import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineRoutes } from "@remix-run/dev/dist/config/routes";
import { flatRoutes } from "remix-flat-routes";
import { afterAll, describe, expect, it } from "vitest";
import { flatRoutesOptions } from "../../remix.config.js";

// A route folder may hold a route's private pieces next to it; the router must not serve them.
describe("route files", () => {
  const appDir = fs.mkdtempSync(path.join(os.tmpdir(), "routes-"));
  afterAll(() => fs.rmSync(appDir, { recursive: true, force: true }));

  it("ignores __name.tsx and *.server.ts files in a route folder", () => {
    const folder = path.join(appDir, "routes", "admin+");
    fs.mkdirSync(folder, { recursive: true });
    for (const file of ["leads.tsx", "__lead-dialogs.tsx", "leads.server.ts", "_layout.tsx"]) {
      fs.writeFileSync(path.join(folder, file), "export default function Page() { return null; }\n");
    }
    const routes = flatRoutes("routes", defineRoutes, { ...flatRoutesOptions, appDir });
    const files = Object.values(routes).map((route) => path.basename(route.file));
    expect(files.sort()).toEqual(["_layout.tsx", "leads.tsx"]);
  });
});
