/**
 * What a route may tell the root document through its `handle` export (root.tsx reads it).
 *
 * `hydrate: false` serves the page as plain HTML: no React, no Remix scripts, no modulepreload
 * links. Only for a page that works fully without JavaScript; `script` then holds the few lines of
 * progressive enhancement it still wants, rendered inline with the request's CSP nonce.
 * A client-side navigation from a hydrated page still renders the route with React as usual.
 */
export type RouteHandle = {
  hydrate?: boolean;
  script?: string;
};

export function routeHandle(handle: unknown): RouteHandle {
  return handle && typeof handle === "object" ? (handle as RouteHandle) : {};
}
