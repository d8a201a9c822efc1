// Prints the JavaScript each route ships on a first visit (client entry, root and the route, with
// their imports), gzipped, and in how many files: `node scripts/route-js-size.mjs [buildDir]`.
// It reads Remix's own browser manifest, the list the page itself uses to load modules. A route
// whose handle says `hydrate: false` (app/utils/route-handle.ts) loads none of them: it counts its
// inline script. Budgets (docs/decisions/053): agent pages 110 KB in 15 files, sign-in pages 95 KB.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import zlib from "node:zlib";

const buildDir = path.resolve(process.argv[2] || "build");
const client = path.join(buildDir, "client");
const assets = path.join(client, "assets");
const manifestFile = fs.readdirSync(assets).find((f) => /^manifest-.*\.js$/.test(f));
const source = fs.readFileSync(path.join(assets, manifestFile), "utf8");
const manifest = JSON.parse(source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1));
const gz = (url) => zlib.gzipSync(fs.readFileSync(path.join(client, url))).length;

// The handles live in the server build. Importing it only defines modules; an in-memory SQLite
// database keeps it from touching a real one.
process.env.DATABASE_URL = "sqlite::memory:";
const server = await import(pathToFileURL(path.join(buildDir, "server", "index.js")).href);
const handleOf = (id) => server.routes[id]?.module.handle ?? {};
const files = (entry) => [entry.module, ...(entry.imports ?? [])];
// With lazy route discovery the page carries only its own routes' part of the manifest, inline in
// its module script; without it, the whole route list is a module of its own.
const lazyDiscovery = server.future?.v3_lazyRouteDiscovery === true;

const chainOf = (id) => {
  const chain = [];
  for (let at = id; at; at = manifest.routes[at]?.parentId) chain.push(at);
  return chain;
};
const rows = Object.entries(manifest.routes)
  // Resource routes (no component, no imports) render no page.
  .filter(([id, route]) => id !== "root" && (route.imports?.length ?? 0) > 0)
  .map(([id]) => {
    const name = id.replace("routes/", "");
    const handle = handleOf(id);
    if (handle.hydrate === false) {
      const script = handle.script ? zlib.gzipSync(handle.script).length : 0;
      return { name: `${name} (not hydrated: inline script only)`, kb: script / 1024, count: 0 };
    }
    const chain = chainOf(id);
    const all = new Set(lazyDiscovery ? [] : [`/assets/${manifestFile}`]);
    for (const f of files(manifest.entry)) all.add(f);
    // A layout's modules load with its children; count the parents (and root) too.
    for (const at of chain) for (const f of files(manifest.routes[at])) all.add(f);
    let bytes = [...all].reduce((sum, f) => sum + gz(f), 0);
    if (lazyDiscovery) {
      const routes = Object.fromEntries(chain.map((at) => [at, manifest.routes[at]]));
      bytes += zlib.gzipSync(JSON.stringify({ ...manifest, routes }, null, 2)).length;
    }
    return { name, kb: bytes / 1024, count: all.size };
  })
  .sort((a, b) => b.kb - a.kb);
console.log(`     KB  files  route${lazyDiscovery ? " (with its inline part of the manifest)" : ""}`);
for (const { name, kb, count } of rows) {
  console.log(`${kb.toFixed(1).padStart(7)}  ${String(count).padStart(5)}  ${name}`);
}
// The server build's modules may hold timers or handles open; the report is done.
process.exit(0);
