import { env } from "./env.server";

/**
 * The security baseline: a strict CSP with a per-request nonce for Remix's inline scripts,
 * no framing, no MIME sniffing, and HSTS once we are behind HTTPS in production. An answer that
 * is not a document (JSON, CSV, .ics, a script) is never meant to be rendered as a page: its CSP
 * allows nothing, should a browser ever be made to open it as one.
 */
export function securityHeaders(headers: Headers, options: { nonce?: string; document: boolean }) {
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  if (env.isProduction) headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  if (!options.document) headers.set("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'; sandbox");
  if (options.document && options.nonce && env.isProduction) {
    headers.set(
      "Content-Security-Policy",
      [
        "default-src 'self'",
        `script-src 'self' 'nonce-${options.nonce}'`,
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "form-action 'self' mailto:",
        "frame-ancestors 'none'",
        "base-uri 'self'",
        "object-src 'none'",
      ].join("; "),
    );
  }
}
