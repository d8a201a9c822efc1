/**
 * An absolute URL on this site for a link someone will open elsewhere (a reset link sent to a
 * user). Behind Fly's proxy the app sees plain http; the proxy says the visitor used https.
 */
export function absoluteUrl(request: Request, path: string) {
  const url = new URL(request.url);
  if (request.headers.get("X-Forwarded-Proto") === "https") url.protocol = "https:";
  return new URL(path, url.origin).toString();
}
