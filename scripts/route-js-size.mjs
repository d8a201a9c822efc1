// Prints the JavaScript each route ships on a first visit (client entry, root and the route, with
// their imports), gzipped: `node scripts/route-js-size.mjs [buildDir]`. It reads Remix's own
// browser manifest, the list the page itself uses to load modules. A route whose handle says
// `hydrate: false` (app/utils/route-handle.ts) loads none of them: it counts its inline script.
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

// The manifest itself is a module every hydrated page loads (the whole route list, cached).
const base = new Set([`/assets/${manifestFile}`, ...files(manifest.entry), ...files(manifest.routes.root)]);
const rows = Object.entries(manifest.routes)
  // Resource routes (no component, no imports) render no page.
  .filter(([id, route]) => id !== "root" && (route.imports?.length ?? 0) > 0)
  .map(([id, route]) => {
    const handle = handleOf(id);
    if (handle.hydrate === false) {
      const script = handle.script ? zlib.gzipSync(handle.script).length : 0;
      return [id.replace("routes/", "") + " (not hydrated: inline script only)", script / 1024];
    }
    const all = new Set([...base, ...files(route)]);
    // A layout's modules load with its children; count the parents too.
    for (let parent = route.parentId; parent && parent !== "root"; parent = manifest.routes[parent]?.parentId) {
      for (const f of files(manifest.routes[parent])) all.add(f);
    }
    return [id.replace("routes/", ""), [...all].reduce((sum, f) => sum + gz(f), 0) / 1024];
  })
  .sort((a, b) => b[1] - a[1]);
for (const [id, kb] of rows) console.log(`${kb.toFixed(1).padStart(7)} KB  ${id}`);
// The server build's modules may hold timers or handles open; the report is done.
process.exit(0);
