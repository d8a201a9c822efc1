import type { EntryContext } from "@remix-run/node";

/**
 * What `app/entry.server.tsx` does to a document's entry context before rendering it
 * (docs/decisions/020): the manifest narrowed to the matched routes, and the loader data read
 * before the render, so that a document which waits for nothing renders in one synchronous pass.
 */

type AssetsManifest = EntryContext["manifest"];
type RenderMeta = NonNullable<EntryContext["renderMeta"]>;
type StreamCache = NonNullable<RenderMeta["streamCache"]>;

/**
 * One narrowed manifest per matched route, made once and kept with the manifest it came from: the
 * cache is bounded by the route count, and a new build (development) starts a new one.
 */
const branchesByManifest = new WeakMap<AssetsManifest, Map<string, AssetsManifest>>();

/**
 * The asset manifest with only the route `leafRouteId` and its ancestors.
 * @internal Exported for its unit test.
 */
export function branchManifest(manifest: AssetsManifest, leafRouteId: string): AssetsManifest {
  let branches = branchesByManifest.get(manifest);
  if (!branches) branchesByManifest.set(manifest, (branches = new Map()));
  let branch = branches.get(leafRouteId);
  if (!branch) {
    const routes: AssetsManifest["routes"] = {};
    for (let id: string | undefined = leafRouteId; id !== undefined; id = manifest.routes[id]?.parentId) {
      const route = manifest.routes[id];
      if (!route) break;
      routes[id] = route;
    }
    branch = { ...manifest, routes };
    branches.set(leafRouteId, branch);
  }
  return branch;
}

/**
 * The entry context with the manifest narrowed to the matched branch. `<RemixServer>` turns every
 * route of the manifest into a route object, converts them all again into data routes and matches
 * the URL against all of them (flattening and ranking every route) on each document, though only
 * the matched branch renders and the server has already matched it twice. Nothing it renders on
 * the server reads another route: `<Links>`, `<Meta>` and `<Scripts>` read the matched ones, and
 * prefetch links render only in the browser, which loads the whole manifest from `manifest.url`.
 * The context is otherwise the same object's fields (its render state is shared, not copied).
 * @internal Exported for its unit test.
 */
export function withBranchManifest(context: EntryContext): EntryContext {
  const matches = context.staticHandlerContext.matches;
  const leaf = matches[matches.length - 1];
  if (!leaf) return context;
  const manifest = branchManifest(context.manifest, leaf.route.id);
  // Matches are one chain from the root; if they ever were not, render with the whole manifest.
  if (!matches.every((match) => match.route.id in manifest.routes)) return context;
  return { ...context, manifest };
}

/**
 * The document's entry context, ready to render: the manifest narrowed to the matched branch, and
 * the loader data (the single-fetch handoff stream, which Remix closes once every promise in it has
 * settled or its stream timeout has passed) already read into the cache `<RemixServer>` reads it
 * through, as settled entries. Rendering then never waits on the data, so a document whose
 * components do not suspend renders synchronously (`renderToString`) instead of through React's
 * streaming renderer. The entries have the shape Remix's own reader gives them (`EntryContext`
 * declares it); if a Remix version read them differently, its reader would suspend, the render
 * would not be whole, and the document would be streamed as before (`renderedWhole`).
 */
export async function documentContext(remixContext: EntryContext): Promise<EntryContext> {
  const context = withBranchManifest(remixContext);
  const stream = context.serverHandoffStream;
  const renderMeta = context.renderMeta;
  if (!stream || !renderMeta || renderMeta.streamCache) return context;
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  const cache: StreamCache = {};
  for (let identifier = 0; ; identifier++) {
    const entry: StreamCache[number] = Promise.resolve();
    cache[identifier] = entry;
    try {
      const { done, value } = await reader.read();
      entry.result = { done, value: decoder.decode(value, { stream: true }) };
      if (done) break;
    } catch (error) {
      entry.error = error;
      break;
    }
  }
  // `<RemixServer>` takes a reader of its own; it reads nothing (the cache answers it).
  reader.releaseLock();
  renderMeta.streamCache = cache;
  return context;
}

/**
 * The context for rendering the document a second time. `<RemixServer>` takes a reader of the
 * handoff stream on every render and keeps it; the data is in the cache by then, so the second
 * render gets an empty stream of its own.
 */
export function forSecondRender(context: EntryContext): EntryContext {
  if (!context.serverHandoffStream || !context.renderMeta?.streamCache) return context;
  return { ...context, serverHandoffStream: new ReadableStream({ start: (controller) => controller.close() }) };
}

/**
 * Whether a synchronous render finished everything: React marks a Suspense boundary it could not
 * finish (a component that suspended or threw inside it) with `<!--$!-->` and leaves it to the
 * browser. Text and attributes are escaped, so only raw HTML of our own could contain the mark, and
 * then the document is merely streamed.
 */
export function renderedWhole(html: string) {
  return !html.includes("<!--$!-->");
}
