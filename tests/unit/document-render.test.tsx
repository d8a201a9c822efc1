import { Writable } from "node:stream";
import zlib from "node:zlib";
import { Suspense } from "react";
import type { EntryContext, ServerBuild } from "@remix-run/node";
import { createRequestHandler } from "@remix-run/node";
import {
  Await,
  Link,
  Links,
  Meta,
  Outlet,
  RemixServer,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useMatches,
  useRouteError,
} from "@remix-run/react";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import { afterAll, describe, expect, it, vi } from "vitest";
import handleRequest, { handleDataRequest } from "~/entry.server";
import { branchManifest, documentContext, renderedWhole, withBranchManifest } from "~/utils/document-render.server";
import { logger } from "~/utils/logger.server";

// A small Remix app, rendered by app/entry.server.tsx and by the renderer it replaced (the whole
// manifest, React's streaming renderer, everything awaited): every document must come out the same,
// byte for byte (docs/decisions/020).

type Routes = ServerBuild["routes"];
type Manifest = EntryContext["manifest"];

function Root() {
  return (
    <html lang="en">
      <head>
        <Meta />
        <Links />
      </head>
      <body>
        <p>{useMatches().length} matches</p>
        <Outlet />
        <ScrollRestoration nonce="n0nce" />
        <Scripts nonce="n0nce" />
      </body>
    </html>
  );
}

function RootError() {
  const error = useRouteError() as { status?: number; message?: string };
  return (
    <html lang="en">
      <body>
        <h1>Error {error.status ?? error.message}</h1>
        <Scripts nonce="n0nce" />
      </body>
    </html>
  );
}

function Portal() {
  const { counts } = useLoaderData<{ counts: number }>();
  return (
    <main>
      <nav>
        <Link to="dashboard">Dashboard</Link> <Link to="../other">Other</Link> <Link to="items/new">New</Link>
        <span>{counts} unread</span>
      </nav>
      <Outlet />
    </main>
  );
}

function Dashboard() {
  const { figures, at } = useLoaderData<{ figures: { label: string; value: number }[]; at: Date }>();
  return (
    <table>
      <caption>As of {at.toISOString()}</caption>
      <tbody>
        {figures.map((figure) => (
          <tr key={figure.label}>
            <td>{figure.label}</td>
            <td>{figure.value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Item() {
  const { id } = useLoaderData<{ id: string }>();
  return <h1>Item {id} &amp; &lt;more&gt;</h1>;
}

function Deferred() {
  const { later } = useLoaderData<{ later: Promise<string> }>();
  return (
    <Suspense fallback={<p>Loading</p>}>
      <Await resolve={later}>{(value) => <p>{value}</p>}</Await>
    </Suspense>
  );
}

function Thrower(): JSX.Element {
  throw new Error("The component failed");
}

const plain = (
  id: string,
  parentId: string | undefined,
  path: string | undefined,
  module: Routes[string]["module"],
) => ({
  id,
  parentId,
  path,
  module,
});

const routes: Routes = {
  root: {
    id: "root",
    path: "",
    module: {
      default: Root,
      ErrorBoundary: RootError,
      loader: () => ({ who: "root" }),
      links: () => [{ rel: "stylesheet", href: "/app.css" }],
      meta: () => [{ title: "Test app" }],
    },
  },
  "routes/portal": plain("routes/portal", "root", "portal", { default: Portal, loader: () => ({ counts: 3 }) }),
  "routes/portal._index": {
    id: "routes/portal._index",
    parentId: "routes/portal",
    index: true,
    module: { default: () => <p>Portal home</p> },
  },
  "routes/portal.dashboard": plain("routes/portal.dashboard", "routes/portal", "dashboard", {
    default: Dashboard,
    loader: () => ({
      figures: [
        { label: "Leads", value: 12 },
        { label: "Sales <today>", value: 3 },
      ],
      at: new Date("2025-01-02T03:04:05Z"),
    }),
    meta: () => [{ title: "Dashboard" }],
  }),
  "routes/portal.items.new": plain("routes/portal.items.new", "routes/portal", "items/new", {
    default: () => <h1>New item</h1>,
  }),
  "routes/portal.items.$id": plain("routes/portal.items.$id", "routes/portal", "items/:id", {
    default: Item,
    loader: ({ params }) => ({ id: params.id }),
  }),
  "routes/other": plain("routes/other", "root", "other", { default: () => <p>Other page</p> }),
  "routes/deferred": plain("routes/deferred", "root", "deferred", {
    default: Deferred,
    loader: () => ({ later: new Promise<string>((resolve) => setTimeout(() => resolve("Arrived later"), 20)) }),
  }),
  "routes/thrower": plain("routes/thrower", "root", "thrower", { default: Thrower }),
};

const manifest: Manifest = {
  entry: { module: "/assets/entry.client.js", imports: ["/assets/react.js"] },
  url: "/assets/manifest-test.js",
  version: "test",
  routes: Object.fromEntries(
    Object.values(routes).map((route) => [
      route.id,
      {
        id: route.id,
        parentId: route.parentId,
        path: route.path,
        index: route.index,
        module: `/assets/${route.id}.js`,
        imports: [`/assets/${route.id}-chunk.js`],
        css: route.id === "routes/portal" ? ["/assets/portal.css"] : undefined,
        hasAction: false,
        hasLoader: Boolean(route.module.loader),
        hasClientAction: false,
        hasClientLoader: false,
        hasErrorBoundary: Boolean(route.module.ErrorBoundary),
      },
    ]),
  ),
};

/** What app/entry.server.tsx did before decision 020: the whole manifest, streamed, everything awaited. */
function previousRenderer(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  return new Promise<Response>((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
    });
    sink.once("finish", () => {
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status: responseStatusCode }));
    });
    const { pipe } = renderToPipeableStream(
      <RemixServer context={remixContext} url={request.url} abortDelay={5000} nonce="n0nce" />,
      {
        nonce: "n0nce",
        onAllReady: () => pipe(sink),
        onShellError: reject,
        onError: () => {
          responseStatusCode = 500;
        },
      },
    );
  });
}

const build = (entry: ServerBuild["entry"]["module"]): ServerBuild => ({
  mode: "production",
  entry: { module: entry },
  routes,
  assets: manifest,
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
});

const loadContext = { cspNonce: "n0nce", requestCache: {} };
const current = createRequestHandler(build({ default: handleRequest, handleError: () => {} }));
const previous = createRequestHandler(build({ default: previousRenderer, handleError: () => {} }));

// Which documents the synchronous render finished by itself (the rest were streamed).
const wholeAtOnce = new Map<string, boolean>();
const probe = createRequestHandler(
  build({
    default: async (request, status, headers, remixContext) => {
      const context = await documentContext(remixContext);
      const html = renderToString(<RemixServer context={context} url={request.url} nonce="n0nce" />);
      wholeAtOnce.set(new URL(request.url).pathname, renderedWhole(html));
      return new Response(html, { status, headers });
    },
    handleError: () => {},
  }),
);

const PATHS = [
  "/portal",
  "/portal/dashboard",
  "/portal/items/new",
  "/portal/items/42",
  "/other",
  "/deferred",
  "/thrower",
  "/no/such/page",
];

async function documentFrom(handler: ReturnType<typeof createRequestHandler>, path: string) {
  const response = await handler(new Request(`http://localhost${path}`), loadContext);
  return { status: response.status, type: response.headers.get("Content-Type"), html: await response.text() };
}

describe("documents rendered from the matched branch in one pass", () => {
  // The entry logs a failed render through the one logger (app/utils/logger.server.ts); the
  // whole-manifest entry it is compared with writes to the console, and react-router warns about an
  // unmatched URL.
  const logged = vi.spyOn(logger, "error").mockImplementation(() => {});
  const printed = vi.spyOn(console, "error").mockImplementation(() => {});
  const warned = vi.spyOn(console, "warn").mockImplementation(() => {});
  afterAll(() => {
    logged.mockRestore();
    printed.mockRestore();
    warned.mockRestore();
  });

  it.each(PATHS)("renders %s exactly as the whole-manifest streaming render did", async (path) => {
    const [now, before] = await Promise.all([documentFrom(current, path), documentFrom(previous, path)]);
    expect(now.status).toBe(before.status);
    expect(now.type).toBe(before.type);
    expect(now.html).toBe(before.html);
    expect(now.html.startsWith("<!DOCTYPE html><html")).toBe(true);
  });

  it("carries the loader data, the matched routes' modules and the manifest module", async () => {
    const { html } = await documentFrom(current, "/portal/dashboard");
    expect(html).toContain("Sales &lt;today&gt;");
    expect(html).toContain("window.__remixContext.streamController.enqueue(");
    expect(html).toContain("window.__remixContext.streamController.close();");
    expect(html).toContain('import "/assets/manifest-test.js"');
    for (const id of ["root", "routes/portal", "routes/portal.dashboard"]) {
      expect(html).toContain(`from "/assets/${id}.js"`);
    }
    expect(html).not.toContain("/assets/routes/other.js");
    expect(html).toContain('href="/assets/portal.css"');
    expect(html).toContain('href="/other"');
  });

  it("logs a failed render as an error and answers with the error boundary", async () => {
    logged.mockClear();
    const { status, html } = await documentFrom(current, "/thrower");
    expect(status).toBe(500);
    // Production mode: the page shows no error message, the log has it.
    expect(html).toContain("<h1>Error <!-- -->Unexpected Server Error</h1>");
    expect(logged).toHaveBeenCalledWith(
      { err: expect.objectContaining({ message: "The component failed" }) },
      "render failed",
    );
  });

  it("renders in one synchronous pass unless something waits, and then streams", async () => {
    for (const path of ["/portal/dashboard", "/portal/items/42", "/deferred"]) await documentFrom(probe, path);
    expect(wholeAtOnce.get("/portal/dashboard")).toBe(true);
    expect(wholeAtOnce.get("/portal/items/42")).toBe(true);
    expect(wholeAtOnce.get("/deferred")).toBe(false);
    const { html } = await documentFrom(current, "/deferred");
    expect(html).toContain("<p>Arrived later</p>");
    expect(html).not.toContain("Loading");
  });
});

describe("branchManifest", () => {
  it("keeps the route and its ancestors, and nothing else", () => {
    expect(Object.keys(branchManifest(manifest, "routes/portal.items.$id").routes).sort()).toEqual([
      "root",
      "routes/portal",
      "routes/portal.items.$id",
    ]);
    expect(Object.keys(branchManifest(manifest, "root").routes)).toEqual(["root"]);
    const branch = branchManifest(manifest, "routes/other");
    expect(branch.url).toBe(manifest.url);
    expect(branch.entry).toBe(manifest.entry);
  });

  it("makes each branch once per manifest", () => {
    expect(branchManifest(manifest, "routes/portal.dashboard")).toBe(
      branchManifest(manifest, "routes/portal.dashboard"),
    );
    const rebuilt = { ...manifest };
    expect(branchManifest(rebuilt, "routes/portal.dashboard")).not.toBe(
      branchManifest(manifest, "routes/portal.dashboard"),
    );
  });

  it("leaves the manifest whole when the matches are not one chain", () => {
    const context = {
      manifest,
      staticHandlerContext: {
        matches: [{ route: { id: "routes/other" } }, { route: { id: "routes/portal.dashboard" } }],
      },
    } as unknown as EntryContext;
    expect(withBranchManifest(context)).toBe(context);
  });
});

describe("a document compressed in one call (decision 085)", () => {
  async function documentWith(acceptEncoding: string | null) {
    const headers: Record<string, string> = acceptEncoding === null ? {} : { "Accept-Encoding": acceptEncoding };
    const response = await current(new Request("http://localhost/portal/dashboard", { headers }), loadContext);
    return { response, bytes: Buffer.from(await response.arrayBuffer()) };
  }

  it.each([
    ["gzip, deflate, br", "br"],
    ["br", "br"],
    ["gzip", "gzip"],
    ["br;q=0, gzip", "gzip"],
    ["gzip;q=0.5, br;q=0.9", "br"],
  ])("Accept-Encoding %s: sent in %s, the same document once decoded", async (accepted, encoding) => {
    const { bytes: plain } = await documentWith(null);
    const { response, bytes } = await documentWith(accepted);
    expect(response.headers.get("Content-Encoding")).toBe(encoding);
    expect(response.headers.get("Vary")).toContain("Accept-Encoding");
    const decoded = encoding === "br" ? zlib.brotliDecompressSync(bytes) : zlib.gunzipSync(bytes);
    expect(decoded.toString("utf8")).toBe(plain.toString("utf8"));
    expect(bytes.length).toBeLessThan(plain.length);
  });

  it.each([null, "identity", "deflate", "br;q=0, gzip;q=0"])(
    "Accept-Encoding %s: sent as it is, saying it depends on Accept-Encoding",
    async (accepted) => {
      const { response, bytes } = await documentWith(accepted);
      expect(response.headers.get("Content-Encoding")).toBeNull();
      expect(response.headers.get("Vary")).toContain("Accept-Encoding");
      expect(bytes.toString("utf8").startsWith("<!DOCTYPE html><html")).toBe(true);
    },
  );
});

describe("a .data answer compressed in one call", () => {
  // What Remix streams for a data request (turbo-stream), here more than the 1 KB threshold.
  const encoded = `[{"_1":2},"routes/agent+/leads",${JSON.stringify({ rows: Array.from({ length: 40 }, (_, i) => ({ id: i, name: `Lead ${i}` })) })}]`;
  async function dataAnswer(acceptEncoding: string | null, body: string | null = encoded) {
    const stream = body === null ? null : new Blob([body]).stream();
    const answer = new Response(stream, { status: 200, headers: { "Content-Type": "text/x-script" } });
    const headers: Record<string, string> = acceptEncoding === null ? {} : { "Accept-Encoding": acceptEncoding };
    const request = new Request("http://localhost/agent/leads.data", { headers });
    const response = await handleDataRequest(answer, { request, params: {}, context: loadContext });
    return { response, bytes: Buffer.from(await response.arrayBuffer()) };
  }

  it.each([
    ["gzip, deflate, br", "br"],
    ["gzip", "gzip"],
  ])(
    "Accept-Encoding %s: sent in %s, the same answer once decoded, with the data answer's headers",
    async (accepted, encoding) => {
      const { response, bytes } = await dataAnswer(accepted);
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Encoding")).toBe(encoding);
      expect(response.headers.get("Vary")).toContain("Accept-Encoding");
      expect(response.headers.get("Content-Type")).toBe("text/x-script");
      expect(response.headers.get("Cache-Control")).toBe("no-store");
      expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
      const decoded = encoding === "br" ? zlib.brotliDecompressSync(bytes) : zlib.gunzipSync(bytes);
      expect(decoded.toString("utf8")).toBe(encoded);
      expect(bytes.length).toBeLessThan(encoded.length);
    },
  );

  it("sends a short answer, or one to a client that takes neither encoding, as it is", async () => {
    const short = await dataAnswer("br", '[{"_1":2},"routes/agent+/leads",{"rows":[]}]');
    expect(short.response.headers.get("Content-Encoding")).toBeNull();
    expect(short.bytes.toString("utf8")).toBe('[{"_1":2},"routes/agent+/leads",{"rows":[]}]');
    const identity = await dataAnswer(null);
    expect(identity.response.headers.get("Content-Encoding")).toBeNull();
    expect(identity.bytes.toString("utf8")).toBe(encoded);
    const empty = await dataAnswer("br", null);
    expect(empty.response.status).toBe(200);
    expect(empty.bytes.length).toBe(0);
  });
});
