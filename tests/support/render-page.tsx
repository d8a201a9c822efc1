import type { ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { Outlet } from "react-router-dom";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { loader as rootLoader } from "~/root";

/** A route module as Remix loads it: the parts a page's render needs. */
type RouteModule = {
  loader?: (args: never) => unknown;
  /** None for a route that only redirects. */
  default?: ComponentType;
  ErrorBoundary?: ComponentType;
  handle?: unknown;
};

const Nothing = () => null;

/**
 * A page as the server renders it, without a browser: the loaders of the root, of `layouts` and
 * of the page run against the test database with the request's cookie, then the page's component
 * renders with their data in a static data router (Remix's Form, Link, useLoaderData and
 * useRouteLoaderData work as in the app). What is checked is the page's own markup, which is also
 * what a browser without JavaScript shows: the document and the shell around it are left out.
 * For what a page shows, where an end-to-end test would only read it (docs/decisions/052).
 *
 *   const { status, html } = await renderPage("/agent/retention", {
 *     layouts: [{ id: "routes/agent+/_layout", path: "agent", module: agentLayout }],
 *     page: { path: "retention", module: retentionPage },
 *     cookie,
 *   });
 */
export async function renderPage(
  url: string,
  options: {
    layouts?: { id: string; path: string; module: RouteModule }[];
    page: { path: string; module: RouteModule };
    cookie?: string;
    /** The layouts' own components too (the portal's shell: sidebar, header), not only the page. */
    shell?: boolean;
  },
) {
  const { default: Page = Nothing, ErrorBoundary } = options.page.module;
  const leaf = {
    id: "page",
    path: options.page.path,
    loader: options.page.module.loader,
    handle: options.page.module.handle,
    element: <Page />,
    // A page's own boundary (a 404 page); a layout's is left out with its shell.
    errorElement: ErrorBoundary ? <ErrorBoundary /> : undefined,
  };
  const branch = (options.layouts ?? []).reduceRight<Record<string, unknown>>((child, layout) => {
    const Layout = (options.shell && layout.module.default) || Outlet;
    return { id: layout.id, path: layout.path, loader: layout.module.loader, element: <Layout />, children: [child] };
  }, leaf);
  const routes = [{ id: "root", path: "/", loader: rootLoader, element: <Outlet />, children: [branch] }];
  const { query, dataRoutes } = createStaticHandler(routes as never);
  const headers = new Headers(options.cookie ? { Cookie: options.cookie } : {});
  const context = await query(new Request(`http://localhost${url}`, { headers }), { requestContext: {} });
  if (context instanceof Response)
    return { status: context.status, location: context.headers.get("Location"), html: "" };
  const html = renderToStaticMarkup(
    <StaticRouterProvider router={createStaticRouter(dataRoutes, context)} context={context} hydrate={false} />,
  );
  return { status: context.statusCode, location: null, html };
}
