// Prints the JavaScript each route ships on a first visit (client entry, root and the route, with
// their imports), gzipped: `node scripts/route-js-size.mjs [buildDir]`. It reads Remix's own
// browser manifest, the list the page itself uses to load modules.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const client = path.resolve(process.argv[2] || "build", "client");
const assets = path.join(client, "assets");
const manifestFile = fs.readdirSync(assets).find((f) => /^manifest-.*\.js$/.test(f));
const source = fs.readFileSync(path.join(assets, manifestFile), "utf8");
const manifest = JSON.parse(source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1));
const gz = (url) => zlib.gzipSync(fs.readFileSync(path.join(client, url))).length;
const files = (entry) => [entry.module, ...(entry.imports ?? [])];

const base = new Set([...files(manifest.entry), ...files(manifest.routes.root)]);
const rows = Object.entries(manifest.routes)
  // Resource routes (no component, no imports) render no page.
  .filter(([id, route]) => id !== "root" && (route.imports?.length ?? 0) > 0)
  .map(([id, route]) => {
    const all = new Set([...base, ...files(route)]);
    // A layout's modules load with its children; count the parents too.
    for (let parent = route.parentId; parent && parent !== "root"; parent = manifest.routes[parent]?.parentId) {
      for (const f of files(manifest.routes[parent])) all.add(f);
    }
    return [id.replace("routes/", ""), [...all].reduce((sum, f) => sum + gz(f), 0) / 1024];
  })
  .sort((a, b) => b[1] - a[1]);
for (const [id, kb] of rows) console.log(`${kb.toFixed(1).padStart(7)} KB  ${id}`);
