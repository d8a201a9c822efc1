import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import Negotiator from "negotiator";

/**
 * A rendered document compressed in one call (docs/decisions/085). The document is whole by the
 * time it is answered (app/entry.server.tsx), and Express's `compression()` would pass it through
 * a zlib stream: each piece a trip to the thread pool and back, about 4 ms of CPU for My Leads'
 * 84 KB in Brotli against 0.5 ms for the same bytes in one call. The settings are the middleware's
 * (Brotli quality 4, gzip's default level), so the bytes sent do not change; it then sees the
 * `Content-Encoding` and leaves the answer alone. A client that takes neither Brotli nor gzip gets
 * the document as it is, and the middleware still offers it what it can.
 */

/** What the middleware compresses at all (its default threshold). */
const THRESHOLD_BYTES = 1024;
const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };

/** negotiator 0.6.4 breaks a tie by the preferred encodings (the middleware's call); its types predate that. */
type EncodingNegotiator = { encoding(available: string[], preferred: string[]): string | undefined };

/** The encoding to send `request` a document in: Brotli first, as the middleware prefers it. */
function documentEncoding(request: Request): "br" | "gzip" | null {
  const accepted = request.headers.get("Accept-Encoding");
  if (!accepted) return null;
  const negotiator = new Negotiator({ headers: { "accept-encoding": accepted } }) as unknown as EncodingNegotiator;
  const chosen = negotiator.encoding(["br", "gzip", "identity"], ["br"]);
  return chosen === "br" || chosen === "gzip" ? chosen : null;
}

/**
 * A whole answer's body (a rendered document, a `.data` answer), compressed when the client
 * takes Brotli or gzip, with the headers that say so (`Content-Encoding`, and `Vary:
 * Accept-Encoding` whichever way it went, since the answer depends on it).
 */
export function encodedAnswer(request: Request, html: string | Buffer, headers: Headers) {
  const bytes = typeof html === "string" ? Buffer.from(html) : html;
  headers.append("Vary", "Accept-Encoding");
  const encoding = bytes.length >= THRESHOLD_BYTES ? documentEncoding(request) : null;
  if (encoding) headers.set("Content-Encoding", encoding);
  const body = !encoding ? bytes : encoding === "br" ? brotliCompressSync(bytes, BROTLI_OPTIONS) : gzipSync(bytes);
  return new Uint8Array(body.buffer, body.byteOffset, body.byteLength) as Uint8Array<ArrayBuffer>;
}
