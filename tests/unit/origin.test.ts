import { describe, expect, it } from "vitest";
import { isCrossSiteMutation } from "../../server/origin";

describe("isCrossSiteMutation", () => {
  const host = "crm.example.com";
  const scheme = "https" as const;
  it("lets reads through whatever their origin", () => {
    expect(isCrossSiteMutation({ scheme, method: "GET", origin: "https://evil.example", host })).toBe(false);
    expect(isCrossSiteMutation({ scheme, method: "HEAD", origin: "https://evil.example", host })).toBe(false);
  });
  it("refuses a POST, PUT, PATCH or DELETE whose Origin is another site", () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      expect(isCrossSiteMutation({ scheme, method, origin: "https://evil.example", host })).toBe(true);
    }
  });
  it("refuses an opaque origin and a browser that says cross-site", () => {
    expect(isCrossSiteMutation({ scheme, method: "POST", origin: "null", host })).toBe(true);
    expect(isCrossSiteMutation({ scheme, method: "POST", secFetchSite: "cross-site", host })).toBe(true);
  });
  it("allows same-origin mutations and clients that send no Origin", () => {
    expect(isCrossSiteMutation({ scheme, method: "POST", origin: "https://crm.example.com", host })).toBe(false);
    expect(isCrossSiteMutation({ scheme, method: "POST", host })).toBe(false);
    expect(
      isCrossSiteMutation({
        scheme,
        method: "POST",
        secFetchSite: "same-origin",
        origin: "https://crm.example.com",
        host,
      }),
    ).toBe(false);
  });
  it("compares ports too", () => {
    expect(
      isCrossSiteMutation({ scheme: "http", method: "POST", origin: "http://localhost:4000", host: "localhost:3000" }),
    ).toBe(true);
  });
  it("compares the scheme: http and https on the same host and port are two origins", () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      expect(isCrossSiteMutation({ method, scheme: "http", origin: "https://crm.example.com", host })).toBe(true);
      expect(isCrossSiteMutation({ method, scheme: "https", origin: "http://crm.example.com", host })).toBe(true);
      expect(isCrossSiteMutation({ method, scheme: "https", origin: "http://crm.example.com:443", host })).toBe(true);
    }
    expect(isCrossSiteMutation({ method: "POST", scheme: "http", origin: "http://crm.example.com", host })).toBe(false);
    expect(isCrossSiteMutation({ method: "POST", scheme: "https", origin: "HTTPS://crm.example.com", host })).toBe(
      false,
    );
  });
});
