const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * A state-changing request started by another site (CSRF). Browsers send Origin on every
 * cross-origin POST and Sec-Fetch-Site on modern ones; clients that send neither (curl, server
 * to server) are not browsers carrying a victim's cookie, so they are let through. An origin is
 * scheme, host and port: `http://crm.example.com` is another origin than `https://crm.example.com`
 * (a page served over plain HTTP, by anyone on the network path, must not post to the HTTPS site).
 */
export function isCrossSiteMutation(req: {
  method: string;
  origin?: string | null;
  host?: string | null;
  scheme: "http" | "https";
  secFetchSite?: string | null;
}) {
  if (SAFE_METHODS.has(req.method.toUpperCase())) return false;
  if (req.secFetchSite === "cross-site") return true;
  if (!req.origin) return false;
  if (req.origin === "null") return true;
  try {
    const origin = new URL(req.origin);
    return origin.protocol !== `${req.scheme}:` || origin.host !== req.host;
  } catch {
    return true;
  }
}
