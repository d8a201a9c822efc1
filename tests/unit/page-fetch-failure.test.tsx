import type { EntryContext, ServerBuild } from "@remix-run/node";
import { createRequestHandler, json } from "@remix-run/node";
import { Outlet, RemixServer } from "@remix-run/react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PAGE_FETCH_FAILURES, PortalErrorPanel } from "~/components/shell/portal-error";

// Audit item 6: a portal page whose read fails shows its own "Failed to fetch ..." from the
// spec's catalogue inside the shell, through the layout's one error panel; a service's refusal
// (404, 403) keeps its own panel. A small Remix app with the real panel in a layout's boundary,
// and pages whose loaders fail the way a real read does (the database away) or refuse.

type Routes = ServerBuild["routes"];

const failingRead = () => {
  throw new Error("connect ECONNREFUSED 127.0.0.1:5432");
};

function Layout() {
  return (
    <div data-shell>
      <Outlet />
    </div>
  );
}

function LayoutError() {
  return (
    <div data-shell>
      <PortalErrorPanel home="/admin/dashboard" />
    </div>
  );
}

type Loader = NonNullable<Routes[string]["module"]["loader"]>;

const page = (id: string, path: string, loader: Loader) => ({
  id,
  parentId: "routes/admin+/_layout",
  path,
  module: { default: () => <p>Page</p>, loader },
});

const routes: Routes = {
  root: {
    id: "root",
    path: "",
    module: {
      default: () => (
        <html lang="en">
          <body>
            <Outlet />
          </body>
        </html>
      ),
    },
  },
  "routes/admin+/_layout": {
    id: "routes/admin+/_layout",
    parentId: "root",
    path: "admin",
    module: { default: Layout, ErrorBoundary: LayoutError },
  },
  "routes/admin+/dashboard": page("routes/admin+/dashboard", "dashboard", failingRead),
  "routes/admin+/orders": page("routes/admin+/orders", "orders", failingRead),
  "routes/admin+/leads": page("routes/admin+/leads", "leads", () => {
    throw json({ message: "Application Not Found" }, { status: 404 });
  }),
  "routes/admin+/activity": page("routes/admin+/activity", "activity", failingRead),
};

const build: ServerBuild = {
  mode: "production",
  entry: {
    module: {
      default: (request: Request, status: number, headers: Headers, context: EntryContext) =>
        new Response(`<!DOCTYPE html>${renderToString(<RemixServer context={context} url={request.url} />)}`, {
          status,
          headers: { ...Object.fromEntries(headers), "Content-Type": "text/html" },
        }),
      handleError: () => {},
    },
  },
  routes,
  assets: {
    entry: { module: "/assets/entry.client.js", imports: [] },
    url: "/assets/manifest-test.js",
    version: "test",
    routes: Object.fromEntries(
      Object.values(routes).map((route) => [
        route.id,
        {
          id: route.id,
          parentId: route.parentId,
          path: route.path,
          module: `/assets/${route.id}.js`,
          hasAction: false,
          hasLoader: Boolean(route.module.loader),
          hasClientAction: false,
          hasClientLoader: false,
          hasErrorBoundary: Boolean(route.module.ErrorBoundary),
        },
      ]),
    ),
  },
  publicPath: "/",
  assetsBuildDirectory: "public/build",
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_singleFetch: true,
    v3_lazyRouteDiscovery: false,
  },
  isSpaMode: false,
};

const handler = createRequestHandler(build);

async function render(path: string) {
  const res = await handler(new Request(`http://localhost${path}`));
  return { status: res.status, html: await res.text() };
}

describe("a page whose read fails", () => {
  it("shows that page's own catalogue message inside the shell, with a way to try again", async () => {
    for (const [path, message] of [
      ["/admin/dashboard?period=today", "Failed to fetch dashboard data"],
      ["/admin/orders", "Failed to fetch orders"],
    ] as const) {
      const { status, html } = await render(path);
      expect(status).toBe(500);
      expect(html).toMatch(/data-shell/);
      expect(html).toContain(message);
      expect(html).toContain(`href="${path.replace("&", "&amp;")}"`);
      // The cause stays in the server's log, never on the page.
      expect(html).not.toContain("ECONNREFUSED");
    }
  });

  it("keeps the 404 panel for a service's refusal", async () => {
    const { status, html } = await render("/admin/leads");
    expect(status).toBe(404);
    expect(html).toContain("Application Not Found");
    expect(html).not.toContain("Failed to fetch");
  });

  it("shows the general panel for a page without a catalogue message", async () => {
    const { html } = await render("/admin/activity");
    expect(html).toContain("Something went wrong on our side");
  });

  it("names only routes the app has, each with a message from the spec's catalogue", async () => {
    const { readdirSync } = await import("node:fs");
    const ids = ["admin+", "agent+"].flatMap((folder) =>
      readdirSync(`app/routes/${folder}`).map((file) => `routes/${folder}/${file.replace(/\.tsx?$/, "")}`),
    );
    for (const [id, message] of Object.entries(PAGE_FETCH_FAILURES)) {
      expect(ids, id).toContain(id);
      expect(message).toMatch(/^Failed to fetch [a-z ]+$/);
    }
  });
});
