import { describe, expect, it } from "vitest";
import { clientAddress, requestHost, requestScheme } from "../../server/client-address";
import { isCrossSiteMutation } from "../../server/origin";

const offFly = { onFly: false, trustProxy: false };
const onFly = { onFly: true, trustProxy: false };
const behindProxy = { onFly: false, trustProxy: true };
const headers = { flyClientIp: "203.0.113.7", forwardedFor: "198.51.100.9, 10.0.0.1", socketAddress: "192.0.2.1" };

describe("clientAddress", () => {
  it("ignores Fly-Client-IP and X-Forwarded-For when no proxy is trusted: the socket address counts", () => {
    expect(clientAddress(headers, offFly)).toBe("192.0.2.1");
  });
  it("believes Fly-Client-IP on Fly only, and not X-Forwarded-For there without TRUST_PROXY", () => {
    expect(clientAddress(headers, onFly)).toBe("203.0.113.7");
    expect(clientAddress({ ...headers, flyClientIp: null }, onFly)).toBe("192.0.2.1");
  });
  it("takes the first X-Forwarded-For entry only with TRUST_PROXY", () => {
    expect(clientAddress(headers, behindProxy)).toBe("198.51.100.9");
    expect(clientAddress({ ...headers, forwardedFor: "  " }, behindProxy)).toBe("192.0.2.1");
  });
  it("falls back to the socket address, or nothing", () => {
    expect(clientAddress({ socketAddress: "::1" }, { onFly: true, trustProxy: true })).toBe("::1");
    expect(clientAddress({}, offFly)).toBe("");
  });
});

describe("requestHost (the host the cross-site check compares Origin with)", () => {
  it("uses Host, not a client's X-Forwarded-Host, unless TRUST_PROXY says a proxy sets it", () => {
    const request = { host: "crm.example.com", forwardedHost: "evil.example" };
    expect(requestHost(request, offFly)).toBe("crm.example.com");
    expect(requestHost(request, onFly)).toBe("crm.example.com");
    expect(requestHost(request, behindProxy)).toBe("evil.example");
    expect(requestHost({ host: "localhost:3000" }, behindProxy)).toBe("localhost:3000");
  });
  it("so Origin http://evil.example with X-Forwarded-Host evil.example is a cross-site mutation", () => {
    const host = requestHost({ host: "crm.example.com", forwardedHost: "evil.example" }, offFly);
    expect(isCrossSiteMutation({ method: "POST", origin: "http://evil.example", host, scheme: "http" })).toBe(true);
  });
});

describe("requestScheme (the scheme the cross-site check compares Origin with)", () => {
  it("believes X-Forwarded-Proto only on Fly or with TRUST_PROXY, where the proxy ends TLS and sets it", () => {
    expect(requestScheme({ forwardedProto: "https", encrypted: false }, offFly)).toBe("http");
    expect(requestScheme({ forwardedProto: "https", encrypted: false }, onFly)).toBe("https");
    expect(requestScheme({ forwardedProto: "HTTPS, http", encrypted: false }, behindProxy)).toBe("https");
    expect(requestScheme({ forwardedProto: "http", encrypted: true }, onFly)).toBe("http");
  });
  it("falls back to whether the connection itself is encrypted", () => {
    expect(requestScheme({ encrypted: true }, offFly)).toBe("https");
    expect(requestScheme({ forwardedProto: "gopher" }, behindProxy)).toBe("http");
  });
});
