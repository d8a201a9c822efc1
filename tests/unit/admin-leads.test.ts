import { describe, expect, it } from "vitest";
import { revealsOf, toggledReveal } from "~/domain/admin-leads";
import { allLeadsFromSearch } from "~/domain/schemas/admin-leads";

describe("All Leads' URL", () => {
  it("reads ?reveal= as the parts it names, and toggles one part keeping the other", () => {
    expect(revealsOf(null)).toEqual([]);
    expect(revealsOf("banking,sensitive,evil")).toEqual(["sensitive", "banking"]);
    expect(toggledReveal([], "sensitive", true)).toBe("sensitive");
    expect(toggledReveal(["sensitive"], "banking", true)).toBe("sensitive,banking");
    expect(toggledReveal(["sensitive", "banking"], "sensitive", false)).toBe("banking");
    expect(toggledReveal(["banking"], "banking", false)).toBeNull();
    expect(revealsOf("health,sensitive")).toEqual(["sensitive", "health"]);
    expect(toggledReveal(["sensitive", "banking"], "health", true)).toBe("sensitive,banking,health");
  });

  it("keeps the readable filters and drops the rest; a reversed range keeps its start", () => {
    const query = allLeadsFromSearch(
      new URLSearchParams(
        "status=follow_up&state=fl&agentId=nope&unread=1&sort=name&dateFrom=2026-03-05&dateTo=2026-03-01",
      ),
    );
    expect(query).toMatchObject({
      status: "follow_up",
      state: "FL",
      unread: true,
      sort: "name",
      dateFrom: "2026-03-05",
    });
    expect(query.agentId).toBeUndefined();
    expect(query.dateTo).toBeUndefined();
    expect(allLeadsFromSearch(new URLSearchParams("status=won&sort=premium"))).toMatchObject({
      status: "all",
      sort: "newest",
      unread: false,
      pageSize: 20,
    });
  });
});
