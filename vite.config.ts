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

export default defineConfig({
  plugins: [tailwindcss(), remix(remixConfig), tsconfigPaths()],
  server: { port: 3000 },
  // sequelize and the database drivers are Node-only; keep them out of the SSR bundle.
  ssr: { external: ["sequelize", "sqlite3", "pg", "pg-hstore", "umzug"] },
});
