import type { AppLoadContext } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { dataWithToast, readToast } from "~/utils/toast.server";

// A form answered in place (field errors kept) that also shows a toast: with JavaScript the toast
// travels in a cookie to the loaders' own request; a browser's own post renders the page in the
// action's request, so the toast goes on the load context and no cookie would repeat it later.

const toast = { type: "error" as const, title: "Update failed", description: "Failed to update lead status: why" };

function post(headers: Record<string, string> = {}) {
  return new Request("http://localhost/agent/leads", { method: "POST", headers });
}

function headersOf(answer: Awaited<ReturnType<typeof dataWithToast>>) {
  return new Headers(answer.init?.headers);
}

describe("dataWithToast", () => {
  it("sends the toast in a cookie to a script's post, which the next loaders read", async () => {
    const context: AppLoadContext = {};
    const answer = await dataWithToast({ request: post({ "Sec-Fetch-Mode": "cors" }), context }, { a: 1 }, toast, {
      status: 400,
    });
    expect(answer.data).toEqual({ a: 1 });
    expect(answer.init?.status).toBe(400);
    expect(context.actionToast).toBeUndefined();
    const cookie = headersOf(answer).get("Set-Cookie")!.split(";")[0]!;
    const next = new Request("http://localhost/agent/leads", { headers: { Cookie: cookie } });
    expect((await readToast(next)).toast).toMatchObject(toast);
  });

  it("puts the toast of a browser's own post on the load context, with no cookie to show it again", async () => {
    const context: AppLoadContext = {};
    const answer = await dataWithToast({ request: post({ "Sec-Fetch-Mode": "navigate" }), context }, {}, toast);
    expect(context.actionToast).toMatchObject(toast);
    expect(headersOf(answer).get("Set-Cookie")).toBeNull();
  });
});
