import { vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import remixConfig from "./remix.config.js";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

type ModuleInfo = { importers: readonly string[]; importedIds: readonly string[] } | null;
type GetModuleInfo = (id: string) => ModuleInfo;

// The browser's modules are grouped into a few files (docs/decisions/053): left to itself, Rollup
// gives every set of pages that shares a module a file of its own, and an agent page came in 31
// files, each a request on a slow phone link. The groups:
//   components  React and Remix (the framework, on every page);
//   ui          what the sign-in pages share with the portal (button, card, field);
//   auth        what only the sign-in pages share;
//   base        what the public application form shares with the portal (dates, formatting);
//   shell       what the portal layouts import (the app shell, the bell, polling);
//   agent       what two or more of the agent's everyday pages share, the lead's page among them;
//   agent-lists what two or more of them share without the lead's page (tables, filters, pagers);
//   admin       what three or more admin pages share and no agent page uses.
// A module that imports another library (zod, conform, headlessui, d3) is never grouped, so no
// page loads a library it does not use; nor is one used by a single page, or loaded on demand.
const FRAMEWORK =
  /node_modules\/(react|react-dom|scheduler|@remix-run\/[^/]+|react-router|react-router-dom|turbo-stream)\//;
// The agent pages the JavaScript budget is about (issue 23); setup runs once and is not among them.
const AGENT_PAGES = [
  "agent+/dashboard",
  "agent+/leads",
  "agent+/callbacks",
  "agent+/retention",
  "agent+/commissions",
  "agent+/reports",
  "agent+/profile._index",
  "agent+/commission-calculator",
  "_portal+/applications.$id",
  "_portal+/notifications",
].map((page) => `/app/routes/${page}.tsx`);

const LEAD_PAGE = "/app/routes/_portal+/applications.$id.tsx";

const routeFile = (id: string) => !id.includes("?") && (id.includes("/app/routes/") || id.endsWith("/app/root.tsx"));

function chunkGrouping() {
  const reachedBy = new Map<string, Set<string>>();
  const usesLibrary = new Map<string, boolean>();
  /** The route files whose static imports lead to this module. */
  function routesReaching(id: string, info: GetModuleInfo, path = new Set<string>()): Set<string> {
    const known = reachedBy.get(id);
    if (known) return known;
    const routes = new Set<string>();
    path.add(id);
    for (const importer of info(id)?.importers ?? []) {
      if (routeFile(importer)) routes.add(importer);
      else if (!path.has(importer)) for (const route of routesReaching(importer, info, path)) routes.add(route);
    }
    path.delete(id);
    reachedBy.set(id, routes);
    return routes;
  }
  /** Whether this module's static imports lead to a library other than the framework. */
  function importsLibrary(id: string, info: GetModuleInfo, path = new Set<string>()): boolean {
    const known = usesLibrary.get(id);
    if (known !== undefined) return known;
    path.add(id);
    const uses = (info(id)?.importedIds ?? []).some((dep) =>
      dep.includes("node_modules") ? !FRAMEWORK.test(dep) : !path.has(dep) && importsLibrary(dep, info, path),
    );
    path.delete(id);
    usesLibrary.set(id, uses);
    return uses;
  }
  return (id: string, { getModuleInfo }: { getModuleInfo: GetModuleInfo }) => {
    if (FRAMEWORK.test(id)) return "components";
    if (id.includes("vite/preload-helper")) return "ui";
    if (!id.includes("/app/") || id.includes("node_modules") || routeFile(id)) return undefined;
    if (importsLibrary(id, getModuleInfo)) return undefined;
    const routes = [...routesReaching(id, getModuleInfo)];
    if (routes.length < 2) return undefined;
    const under = (folder: string) => routes.some((route) => route.includes(`/app/routes/${folder}/`));
    if (under("_auth+")) return routes.every((route) => route.includes("/app/routes/_auth+/")) ? "auth" : "ui";
    if (routes.some((route) => route.endsWith("/app/root.tsx"))) return undefined;
    const layouts = routes.some((route) => route.endsWith("/_layout.tsx"));
    const agentPages = routes.filter((route) => AGENT_PAGES.some((page) => route.endsWith(page))).length;
    if (under("_public+")) return layouts || agentPages >= 2 ? "base" : undefined;
    if (layouts) return "shell";
    // The lead's page loads only what it shares with the lists; the lists' own kit (tables,
    // filters, pagers) is a second file that the lead's page never loads.
    if (agentPages >= 2) return routes.some((route) => route.endsWith(LEAD_PAGE)) ? "agent" : "agent-lists";
    // A module two admin pages share stays with that pair (Rollup's own file for the pair): in
    // one file for all of them, every admin page loaded every pair's modules (8 KB by issue 27).
    if (agentPages === 0 && routes.every((route) => route.includes("/app/routes/admin+/")))
      return routes.length >= 3 ? "admin" : undefined;
    return undefined;
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), remix(remixConfig), tsconfigPaths()],
  server: { port: 3000 },
  // sequelize and the database drivers are Node-only; keep them out of the SSR bundle.
  ssr: { external: ["sequelize", "sqlite3", "pg", "pg-hstore", "umzug"] },
  // The server's bundle is one file either way; only the browser's is grouped.
  build: isSsrBuild ? {} : { rollupOptions: { output: { manualChunks: chunkGrouping() } } },
}));
