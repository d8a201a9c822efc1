import { Writable } from "node:stream";
import type { AppLoadContext, EntryContext, HandleDataRequestFunction } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import { encodedAnswer } from "./utils/document-encoding.server";
import { documentContext, forSecondRender, renderedWhole } from "./utils/document-render.server";
import { log } from "./utils/logger.server";
import { securityHeaders } from "./utils/security-headers.server";

const ABORT_DELAY = 5_000;

/**
 * Renders the whole document, then answers it in one piece (docs/decisions/010 and 020). No loader
 * defers data, so streaming would show nothing sooner; React's many small chunks each cost a trip
 * through a web stream, the compressor and a socket write.
 *
 * The loader data is read first, so the document renders in one synchronous pass to a string: the
 * streaming renderer schedules its work and encodes every small piece of markup into bytes as it
 * goes (a fifth of a dashboard's render in a profile). A document that still waits for something
 * (a component that suspends, deferred data) is rendered again by the streaming renderer, whole as
 * before. `<RemixServer>` gets the manifest of the matched routes only, so it does not build and
 * match every route of the app again.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = typeof loadContext.cspNonce === "string" ? loadContext.cspNonce : undefined;
  const context = await documentContext(remixContext);
  const app = (renderContext: EntryContext) => (
    <RemixServer context={renderContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
  );
  let html: string;
  try {
    html = renderToString(app(context));
  } catch (error) {
    // What the streaming renderer's onError would have logged before Remix renders the error page.
    log().error({ err: error }, "render failed");
    throw error;
  }
  const { body, status } = renderedWhole(html)
    ? // renderToPipeableStream adds the doctype for a document rooted at <html>; renderToString does not.
      { body: `<!DOCTYPE html>${html}`, status: responseStatusCode }
    : await renderStreamed(app(forSecondRender(context)), nonce, responseStatusCode);
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  securityHeaders(responseHeaders, { nonce, document: true });
  if (!responseHeaders.has("Cache-Control")) responseHeaders.set("Cache-Control", "no-store");
  return new Response(encodedAnswer(request, body, responseHeaders), { headers: responseHeaders, status });
}

/** The whole document from React's streaming renderer, once everything in it is ready or aborted. */
function renderStreamed(app: JSX.Element, nonce: string | undefined, responseStatusCode: number) {
  return new Promise<{ body: Buffer; status: number }>((resolve, reject) => {
    let status = responseStatusCode;
    const chunks: Buffer[] = [];
    // Never destroyed nor closed: React takes a "close" after it has finished as the client going
    // away, and would end the finished stream again (an error object with its stack, per page).
    const sink = new Writable({
      autoDestroy: false,
      emitClose: false,
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
    });
    // Stops a render that is still waiting after ABORT_DELAY; cleared once it has finished or failed.
    const abortTimer = setTimeout(() => abort(), ABORT_DELAY);
    sink.once("finish", () => {
      clearTimeout(abortTimer);
      resolve({ body: Buffer.concat(chunks), status });
    });
    const { pipe, abort } = renderToPipeableStream(app, {
      nonce,
      onAllReady() {
        pipe(sink);
      },
      onShellError(error: unknown) {
        clearTimeout(abortTimer);
        reject(error);
      },
      onError(error: unknown) {
        status = 500;
        log().error({ err: error }, "render failed");
      },
    });
  });
}

/**
 * A `.data` answer (a navigation's or a fetcher's loader data, an action's result) read whole and
 * compressed in one call like a document (decision 085): no loader defers data, so the stream
 * Remix encodes is complete as soon as its loaders are, and the middleware's zlib stream would
 * cost more than one call for it.
 */
export const handleDataRequest: HandleDataRequestFunction = async (response, { request }) => {
  securityHeaders(response.headers, { document: false });
  if (!response.headers.has("Cache-Control")) response.headers.set("Cache-Control", "no-store");
  if (!response.body || response.headers.has("Content-Encoding")) return response;
  const body = Buffer.from(await response.arrayBuffer());
  response.headers.delete("Content-Length"); // the length of what was read, not of what is sent
  return new Response(encodedAnswer(request, body, response.headers), {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
};

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  // The error's kind, message and stack (logger.server.ts's serializer), never the request's body;
  // the path is on the request's access line.
  log().error({ err: error }, "unhandled error");
}
