import { vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import crypto from "node:crypto";
import path from "node:path";
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
//   ui          what the sign-in pages share with the portal (button, card, field), and what
//               root.tsx imports (every page loads both);
//   auth        what only the sign-in pages share;
//   shell       what the portal layouts import (the app shell, the bell, polling) and what the
//               public application form shares with the portal (dates, formatting);
//   lead        what the lead's page shares with no other everyday agent page;
//   with-PAGE   what one everyday agent page shares only with admin pages;
//   agent       what two or more of the agent's everyday pages share, the lead's page among them;
//   agent-lists what two or more of them share without the lead's page (tables, filters, pagers);
//   admin       what three or more admin pages share and no agent page uses.
//   shared-KEY  any other set of two or more pages (what Rollup would give a file of its own).
// A module that imports another library (zod, conform, headlessui, d3) is never grouped, so no
// page loads a library it does not use; nor is one used by a single page (but the lead's page's
// go to lead), or loaded on demand. Decision 091: the everyday agent pages come in at most 10
// files, which with the stylesheet fit two waves of a phone browser's 6 connections per host.
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

/** A short name for a set of route files, the same on every build. */
const pageSetKey = (routes: string[]) =>
  crypto
    .createHash("sha256")
    .update([...routes].sort().join("\n"))
    .digest("hex")
    .slice(0, 8);

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
    // What root.tsx reaches loads on every page, as ui does: a file of its own would only be one
    // more request (the events held until hydration, shared with entry.client, were one).
    if (routes.some((route) => route.endsWith("/app/root.tsx"))) return "ui";
    const under = (folder: string) => routes.some((route) => route.includes(`/app/routes/${folder}/`));
    const layouts = routes.some((route) => route.endsWith("/_layout.tsx"));
    const agentPages = routes.filter((route) => AGENT_PAGES.some((page) => route.endsWith(page)));
    const leadPage = routes.some((route) => route.endsWith(LEAD_PAGE));
    const adminPages = routes.filter((route) => route.includes("/app/routes/admin+/")).length;
    // What the lead's page shares with no other everyday agent page, no admin page and no public
    // one (its details and return control, shared with the lists' dialogs that load on demand) is
    // one file.
    if (leadPage && agentPages.length === 1 && adminPages === 0 && !layouts && !under("_public+")) return "lead";
    if (routes.length < 2) return undefined;
    if (under("_auth+")) return routes.every((route) => route.includes("/app/routes/_auth+/")) ? "auth" : "ui";
    // Every portal page loads both what its layouts import and what they share with the public
    // application form: one file, which the form loads whole.
    if (under("_public+")) return layouts || agentPages.length >= 2 ? "shell" : `shared-${pageSetKey(routes)}`;
    if (layouts) return "shell";
    // The lead's page loads only what it shares with the lists; the lists' own kit (tables,
    // filters, pagers) is a second file that the lead's page never loads.
    if (agentPages.length >= 2) return leadPage ? "agent" : "agent-lists";
    // What one agent page shares only with admin pages is one file for that page (the dashboard's
    // recent leads and its refresh link, both on admin pages too); for the lead's page, whose
    // files are the most, it joins agent (the rules of lead returns, 0.5 KB, which the admin's
    // returns page loads with agent anyway).
    if (agentPages.length === 1 && adminPages === routes.length - 1)
      return leadPage ? "agent" : `with-${path.basename(agentPages[0], ".tsx").replace(/[^\w-]/g, "")}`;
    // A module two admin pages share stays with that pair (a file for the pair, below): in one
    // file for all of them, every admin page loaded every pair's modules (8 KB by issue 27).
    if (agentPages.length === 0 && adminPages === routes.length && routes.length >= 3) return "admin";
    // The rest as Rollup would group them, a file per set of pages, but named: left unnamed, a
    // module joins the file of any group that imports it (Rollup adds a group's dependencies to
    // it), and every page of that group loads it and what it imports (the setup pages loaded the
    // lists' kit through a calculator's group).
    return `shared-${pageSetKey(routes)}`;
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
