// Compiles the Express server and the production CLI scripts to plain JavaScript beside the Remix
// build (`npm run build` runs it after `remix vite:build`), so production runs `node` with no
// TypeScript loader: BUILD_DIR/server.js and BUILD_DIR/cli/{migrate,create-admin,reset-two-factor}.js.
// Our own modules (server/, app/utils, prisma-free-db, with the tsconfig path aliases) are bundled
// in; every package stays an import from node_modules (sequelize, sqlite3 and pg load native or
// dynamic code a bundle cannot hold).
import path from "node:path";
import { build } from "esbuild";

const outdir = path.resolve(process.env.BUILD_DIR || "build");

await build({
  entryPoints: {
    server: "server/start.ts",
    "cli/migrate": "prisma-free-db/cli/migrate.ts",
    "cli/create-admin": "prisma-free-db/cli/create-admin.ts",
    "cli/reset-two-factor": "prisma-free-db/cli/reset-two-factor.ts",
  },
  outdir,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  tsconfig: "tsconfig.json",
  logLevel: "warning",
});
console.log(`server and CLI compiled into ${path.relative(process.cwd(), outdir) || "."}/`);
