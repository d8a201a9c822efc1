import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext, HandleDataRequestFunction } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { securityHeaders } from "./utils/security-headers.server";

const ABORT_DELAY = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = typeof loadContext.cspNonce === "string" ? loadContext.cspNonce : undefined;
  const waitForAll = isbot(request.headers.get("user-agent") || "");
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    // Stops a render still streaming after ABORT_DELAY; cleared once it has finished or failed, so
    // no timer outlives its request.
    const abortTimer = setTimeout(() => abort(), ABORT_DELAY);
    const clearAbortTimer = () => clearTimeout(abortTimer);
    const { pipe, abort } = renderToPipeableStream(
      <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />,
      {
        nonce,
        [waitForAll ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          const body = new PassThrough();
          // React ends the stream once everything (Suspense boundaries included) has rendered.
          body.once("finish", clearAbortTimer);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          securityHeaders(responseHeaders, { nonce, document: true });
          if (!responseHeaders.has("Cache-Control")) responseHeaders.set("Cache-Control", "no-store");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          clearAbortTimer();
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error instanceof Error ? error.message : error);
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
