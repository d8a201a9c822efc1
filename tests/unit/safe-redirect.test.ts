import { describe, expect, it } from "vitest";
import { safeRedirect } from "~/utils/auth.server";

const FALLBACK = "/agent/dashboard";

describe("safeRedirect: only a path of this site is followed", () => {
  it.each([
    ["/agent/dashboard"],
    ["/admin/form-submissions?status=new&page=2"],
    ["/agent/leads?search=a%20b#top"],
    ["/agent/leads?next=https://example.com"], // "//" in the query is only data
    ["/"],
  ])("keeps %j", (to) => {
    expect(safeRedirect(to, FALLBACK)).toBe(to);
  });

  it.each([
    ["missing", undefined],
    ["null", null],
    ["empty", ""],
    ["a file field", new File(["x"], "x.txt")],
    ["absolute URL", "https://evil.example/"],
    ["scheme", "javascript:alert(1)"],
    ["relative path", "agent/dashboard"],
    ["protocol-relative", "//evil.example"],
    ["backslash after the slash", "/\\evil.example"],
    ["backslash anywhere", "/agent\\..\\evil"],
    ["backslash in the query", "/agent?x=\\y"],
    ["tab between the slashes", "/\t/evil.example"],
    ["tab, %-encoded", "/%09/evil.example"],
    ["newline between the slashes", "/\n/evil.example"],
    ["CR LF header injection", "/agent\r\nSet-Cookie: a=b"],
    ["CR LF, %-encoded", "/%0d%0a/evil.example"],
    ["NUL", "/agent\u0000"],
    ["DEL", "/agent\u007f"],
    ["space", "/ /evil.example"],
    ["double slash inside the path", "/agent//evil.example"],
    ["encoded slash making //", "/%2F/evil.example"],
    ["encoded backslash", "/%5Cevil.example"],
    ["bad %-escape", "/agent/%E0%A4%A"],
    ["non-ASCII (a Location header cannot carry it)", "/agent/日本"],
  ])("refuses %s", (_label, to) => {
    expect(safeRedirect(to, FALLBACK)).toBe(FALLBACK);
  });
});
