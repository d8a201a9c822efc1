import { Writable } from "node:stream";
import type { AppLoadContext, EntryContext, HandleDataRequestFunction } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { securityHeaders } from "./utils/security-headers.server";

const ABORT_DELAY = 5_000;

/**
 * Renders the whole document, then answers it in one piece. No loader defers data, so streaming
 * would show nothing sooner; React's many small chunks each cost a trip through a web stream, the
 * compressor and a socket write (a third of a dashboard's CPU). If a route ever defers, stream that
 * route's document instead.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = typeof loadContext.cspNonce === "string" ? loadContext.cspNonce : undefined;
  return new Promise<Response>((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
    });
    // Stops a render that is still waiting after ABORT_DELAY; cleared once it has finished or failed.
    const abortTimer = setTimeout(() => abort(), ABORT_DELAY);
    sink.once("finish", () => {
      clearTimeout(abortTimer);
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      securityHeaders(responseHeaders, { nonce, document: true });
      if (!responseHeaders.has("Cache-Control")) responseHeaders.set("Cache-Control", "no-store");
      resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status: responseStatusCode }));
    });
    const { pipe, abort } = renderToPipeableStream(
      <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />,
      {
        nonce,
        onAllReady() {
          pipe(sink);
        },
        onShellError(error: unknown) {
          clearTimeout(abortTimer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // The message only: a stack could carry personal data.
          console.error(error instanceof Error ? error.message : error);
        },
      },
    );
  });
}

export const handleDataRequest: HandleDataRequestFunction = (response) => {
  securityHeaders(response.headers, { document: false });
  if (!response.headers.has("Cache-Control")) response.headers.set("Cache-Control", "no-store");
  return response;
};

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  // The message only: a stack or request body could carry personal data.
  console.error("Unhandled error on", new URL(request.url).pathname, error instanceof Error ? error.message : error);
}
