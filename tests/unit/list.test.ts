import { describe, expect, it } from "vitest";
import { hrefWith, limitOffset, pageCount } from "~/utils/list";
import { listQuery } from "~/domain/list-query";

const list = listQuery({
  statuses: ["all", "new", "closed"],
  sorts: ["newest", "oldest"],
  period: "today",
  pageSize: 20,
});
const search = (query: string) => new URLSearchParams(query);

describe("listQuery", () => {
  it("defaults: the first status and sort, page 1, 20 rows on a page and 100 on the API", () => {
    expect(list.fromSearch(search(""))).toMatchObject({
      status: "all",
      sort: "newest",
      period: "today",
      page: 1,
      pageSize: 20,
    });
    expect(list.schema.parse({})).toMatchObject({ status: "all", sort: "newest", page: 1, pageSize: 100 });
  });

  it("is lenient on pages: a bad field falls back to its default, the rest still count", () => {
    expect(list.fromSearch(search("status=bogus&page=-3&sort=oldest&pageSize=9999&search=%20ann%20"))).toMatchObject({
      status: "all",
      page: 1,
      sort: "oldest",
      pageSize: 20,
      search: "ann",
    });
  });

  it("is strict on the API: each bad field is a message at that field", () => {
    const cases: [Record<string, string>, string, RegExp][] = [
      [{ status: "bogus" }, "status", /Status must be one of: all, new, closed/],
      [{ sort: "name" }, "sort", /Sort must be one of: newest, oldest/],
      [{ page: "0" }, "page", /Page starts at 1/],
      [{ page: "1.5" }, "page", /whole number/],
      [{ pageSize: "501" }, "pageSize", /at most 500/],
      [{ pageSize: "0" }, "pageSize", /at least 1/],
      [{ search: "x".repeat(101) }, "search", /at most 100/],
      [{ startDate: "2023-02-29", endDate: "2023-03-01", period: "custom" }, "startDate", /does not exist/],
      [{ period: "custom", startDate: "2024-03-01" }, "endDate", /both a start date and an end date/],
      [{ period: "custom", startDate: "2024-03-02", endDate: "2024-03-01" }, "endDate", /on or after the start date/],
    ];
    for (const [input, field, message] of cases) {
      const result = list.schema.safeParse(input);
      expect(result.success, JSON.stringify(input)).toBe(false);
      const issue = result.error!.issues.find((i) => i.path[0] === field);
      expect(issue?.message, JSON.stringify(input)).toMatch(message);
    }
  });

  it("a page shows the default period for a reversed or incomplete custom range", () => {
    expect(list.fromSearch(search("period=custom&startDate=2024-03-02&endDate=2024-03-01"))).toMatchObject({
      period: "today",
      startDate: undefined,
    });
    expect(list.fromSearch(search("period=custom&startDate=2024-03-01&endDate=2024-03-02"))).toMatchObject({
      period: "custom",
      startDate: "2024-03-01",
      endDate: "2024-03-02",
    });
  });
});

describe("hrefWith", () => {
  it("changing a filter drops the page and keeps the other parameters", () => {
    expect(hrefWith("/admin/leads?status=new&page=4&search=ann", { status: "closed" })).toBe(
      "/admin/leads?status=closed&search=ann",
    );
  });

  it("opening or closing a dialog keeps the page", () => {
    expect(hrefWith("/admin/leads?status=new&page=4", { dialog: "edit", id: "abc" })).toBe(
      "/admin/leads?status=new&page=4&dialog=edit&id=abc",
    );
    expect(hrefWith("/admin/leads?page=4&dialog=edit&id=abc", { dialog: null, id: null })).toBe("/admin/leads?page=4");
  });

  it("sets the page itself and removes empty values", () => {
    expect(hrefWith("/x?page=2", { page: 3 })).toBe("/x?page=3");
    expect(hrefWith("/x?page=2&search=a", { search: "" })).toBe("/x");
  });
});

describe("paging arithmetic", () => {
  it("limit/offset and page count", () => {
    expect(limitOffset({ page: 3, pageSize: 20 })).toEqual({ limit: 20, offset: 40 });
    expect(pageCount({ total: 0, pageSize: 20 })).toBe(1);
    expect(pageCount({ total: 41, pageSize: 20 })).toBe(3);
  });
});
