const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * A state-changing request started by another site (CSRF). Browsers send Origin on every
 * cross-origin POST and Sec-Fetch-Site on modern ones; clients that send neither (curl, server
 * to server) are not browsers carrying a victim's cookie, so they are let through.
 */
export function isCrossSiteMutation(req: {
  method: string;
  origin?: string | null;
  host?: string | null;
  secFetchSite?: string | null;
}) {
  if (SAFE_METHODS.has(req.method.toUpperCase())) return false;
  if (req.secFetchSite === "cross-site") return true;
  if (!req.origin) return false;
  if (req.origin === "null") return true;
  try {
    return new URL(req.origin).host !== req.host;
  } catch {
    return true;
  }
}
