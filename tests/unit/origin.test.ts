import { describe, expect, it } from "vitest";
import { isCrossSiteMutation } from "../../server/origin";

describe("isCrossSiteMutation", () => {
  const host = "crm.example.com";
  it("lets reads through whatever their origin", () => {
    expect(isCrossSiteMutation({ method: "GET", origin: "https://evil.example", host })).toBe(false);
    expect(isCrossSiteMutation({ method: "HEAD", origin: "https://evil.example", host })).toBe(false);
  });
  it("refuses a POST, PUT, PATCH or DELETE whose Origin is another site", () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      expect(isCrossSiteMutation({ method, origin: "https://evil.example", host })).toBe(true);
    }
  });
  it("refuses an opaque origin and a browser that says cross-site", () => {
    expect(isCrossSiteMutation({ method: "POST", origin: "null", host })).toBe(true);
    expect(isCrossSiteMutation({ method: "POST", secFetchSite: "cross-site", host })).toBe(true);
  });
  it("allows same-origin mutations and clients that send no Origin", () => {
    expect(isCrossSiteMutation({ method: "POST", origin: "https://crm.example.com", host })).toBe(false);
    expect(isCrossSiteMutation({ method: "POST", host })).toBe(false);
    expect(
      isCrossSiteMutation({ method: "POST", secFetchSite: "same-origin", origin: "https://crm.example.com", host }),
    ).toBe(false);
  });
  it("compares ports too", () => {
    expect(isCrossSiteMutation({ method: "POST", origin: "http://localhost:4000", host: "localhost:3000" })).toBe(true);
  });
});
