/** Which forwarding headers this deployment may believe (from the environment, see env.server.ts). */
export type ProxyTrust = { onFly: boolean; trustProxy: boolean };

/**
 * The client's address, on which the per-address attempt limits count. Any client can send
 * Fly-Client-IP or X-Forwarded-For, so a header is believed only where a proxy we control
 * overwrites it: Fly-Client-IP on Fly.io (FLY_APP_NAME set), the first X-Forwarded-For entry with
 * TRUST_PROXY=1. Otherwise the address the connection came from.
 */
export function clientAddress(
  request: { flyClientIp?: string | null; forwardedFor?: string | null; socketAddress?: string | null },
  trust: ProxyTrust,
): string {
  const fly = trust.onFly ? request.flyClientIp?.trim() : undefined;
  const forwarded = trust.trustProxy ? request.forwardedFor?.split(",")[0]?.trim() : undefined;
  return fly || forwarded || request.socketAddress || "";
}

/**
 * The host the browser addressed, for the cross-site check: X-Forwarded-Host is a proxy's
 * header, believed only with TRUST_PROXY=1; otherwise the Host header, which a browser always
 * sets to the address it is talking to.
 */
export function requestHost(request: { host?: string | null; forwardedHost?: string | null }, trust: ProxyTrust) {
  const forwarded = trust.trustProxy ? request.forwardedHost?.split(",")[0]?.trim() : undefined;
  return forwarded || request.host || null;
}

/**
 * The scheme the browser addressed, for the cross-site check: behind Fly's proxy or a trusted one
 * TLS ends at the proxy, which says what the browser used in X-Forwarded-Proto (first entry);
 * otherwise whether the connection itself is encrypted.
 */
export function requestScheme(
  request: { forwardedProto?: string | null; encrypted?: boolean },
  trust: ProxyTrust,
): "http" | "https" {
  const forwarded =
    trust.onFly || trust.trustProxy ? request.forwardedProto?.split(",")[0]?.trim().toLowerCase() : undefined;
  if (forwarded === "https" || forwarded === "http") return forwarded;
  return request.encrypted ? "https" : "http";
}
