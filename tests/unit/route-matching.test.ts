import { createRequire } from "node:module";
import path from "node:path";
import { defineRoutes } from "@remix-run/dev/dist/config/routes";
import type { AgnosticRouteObject } from "@remix-run/router";
import { flatRoutes } from "remix-flat-routes";
import { describe, expect, it } from "vitest";
import { flatRoutesOptions } from "../../remix.config.js";

// The server's route matching is patched (patches/@remix-run+router+1.23.3.patch, decision 084):
// branches computed once, each path's matcher compiled once, and a branch whose whole path cannot
// match passed over. The browser's ESM build is not patched, so it is the reference: for every
// route of the app, written every way a request may write it, both must find the same routes.
const require = createRequire(import.meta.url);
type MatchRoutes = (routes: AgnosticRouteObject[], location: string) => { route: { id: string } }[] | null;
const patched: MatchRoutes = require("@remix-run/router").matchRoutes;
// Typed as the package (its file's own declarations are those of one module of it).
const referenceBuild = (await import("@remix-run/router/dist/router.js")) as unknown as { matchRoutes: MatchRoutes };
const reference = referenceBuild.matchRoutes;

type ManifestRoute = { id: string; parentId?: string; path?: string; index?: boolean; caseSensitive?: boolean };
const manifest = Object.values(
  flatRoutes("routes", defineRoutes, { ...flatRoutesOptions, appDir: path.resolve("app") }),
) as ManifestRoute[];

/** The app's routes as the server's route table nests them, under root. */
function routeTree(parentId: string): AgnosticRouteObject[] {
  return manifest
    .filter((route) => (route.parentId ?? "root") === parentId)
    .map((route) =>
      route.index
        ? { id: route.id, path: route.path, index: true, caseSensitive: route.caseSensitive }
        : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: routeTree(route.id) },
    );
}
const routes: AgnosticRouteObject[] = [{ id: "root", path: "", children: routeTree("root") }];

/** Every route's full path, its parameters filled in ("/applications/:id" -> "/applications/p-1"). */
function concretePaths(): string[] {
  const byId = new Map(manifest.map((route) => [route.id, route]));
  const fullPath = (route: ManifestRoute): string => {
    const parent = route.parentId && route.parentId !== "root" ? byId.get(route.parentId) : undefined;
    return [parent ? fullPath(parent) : "", route.path ?? ""].filter(Boolean).join("/");
  };
  return manifest.map(
    (route) =>
      "/" +
      fullPath(route)
        .replace(/:[\w-]+\??/g, (param) => `p-${param.length}`)
        .replace(/\*$/, "some/where"),
  );
}

const ids = (matches: { route: { id: string } }[] | null) => matches?.map((match) => match.route.id) ?? null;

describe("route matching (the patched router)", () => {
  it("loads the patched build on the server", () => {
    // Node loads the CommonJS build (the one patched); otherwise both sides below would be one build.
    expect(require.resolve("@remix-run/router")).toMatch(/router\.cjs\.js$/);
    expect(manifest.length).toBeGreaterThan(100);
  });

  it("finds the same routes as the unpatched router for every page and API path, however written", () => {
    const paths = concretePaths();
    const variants = paths.flatMap((p) => [
      p,
      `${p}/`,
      `${p}//`,
      p.toUpperCase(),
      `${p}/extra`,
      `${p}.data`,
      p.replace(/^\/([^/]+)/, "//$1"),
      encodeURI(`${p}/café`),
      `/nothing${p}`,
    ]);
    for (const location of ["/", "", "/?dialog=details&id=1", "/api", "/api/", "/agent", ...variants]) {
      expect(ids(patched(routes, location)), location).toEqual(ids(reference(routes, location)));
    }
    // The paths do reach their pages: a lead's page and the API's lead are matched by their own routes.
    expect(ids(patched(routes, "/applications/3f0c"))?.at(-1)).toBe("routes/_portal+/applications.$id");
    expect(ids(patched(routes, "/AGENT/LEADS"))?.at(-1)).toBe("routes/agent+/leads");
  });
});
