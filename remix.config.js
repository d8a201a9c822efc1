// Remix options shared by the Vite plugin (vite.config.ts imports this file).
import { flatRoutes } from "remix-flat-routes";

/**
 * A route folder may hold files that are not routes: `__name.tsx` (a piece only that route uses)
 * and `*.server.ts` (its server-only helpers). Shared pieces still belong in app/components.
 */
export const flatRoutesOptions = {
  ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}", "**/*.css", "**/__*.{ts,tsx}", "**/*.server.{ts,tsx}"],
};

/** @type {import('@remix-run/dev').VitePluginConfig} */
export default {
  // BUILD_DIR lets two builds (e.g. parallel test runs) live side by side.
  buildDirectory: process.env.BUILD_DIR || "build",
  // Routes are declared by remix-flat-routes below, so Remix's own convention is switched off.
  ignoredRouteFiles: ["**/*"],
  routes: async (defineRoutes) => flatRoutes("routes", defineRoutes, flatRoutesOptions),
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_singleFetch: true,
    v3_lazyRouteDiscovery: true,
  },
};
