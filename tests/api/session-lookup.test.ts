import type { AppLoadContext } from "@remix-run/node";
import { afterEach, describe, expect, it } from "vitest";
import { sequelize } from "~db";
import { loader as rootLoader } from "~/root";
import { loader as adminLayoutLoader } from "~/routes/admin+/_layout";
import { loader as adminDashboardLoader } from "~/routes/admin+/dashboard";
import { loader as agentLayoutLoader } from "~/routes/agent+/_layout";
import { loader as agentDashboardLoader } from "~/routes/agent+/dashboard";
import { loader as countsLoader } from "~/routes/api+/counts";
import { getOptionalUser } from "~/utils/auth.server";
import { createAdmin, createAgent, signInAs } from "../support/factories";

// One page load runs the root's, the layout's and the page's loaders, each with its own copy of
// the Request but one load context (server/start.ts makes a fresh one per request). The session
// is looked up once for all of them, and the shell's poll costs the lookup and one statement.

type Loader = (args: never) => unknown;

const statements: string[] = [];
function recordStatement(_options: unknown, query: object) {
  // Sequelize's AbstractQuery type omits `sql`, which every dialect's query sets as it runs.
  statements.push(String((query as { sql?: string }).sql ?? ""));
}

afterEach(() => {
  sequelize.removeHook("afterQuery", "count-statements");
});

/** Runs loaders as Remix does for one request, and returns the SQL statements they ran. */
async function loadPage(path: string, cookie: string, loaders: Loader[], context: AppLoadContext) {
  statements.length = 0;
  sequelize.addHook("afterQuery", "count-statements", recordStatement);
  const results = await Promise.all(
    loaders.map((loader) => {
      const request = new Request(`http://localhost${path}`, { headers: { Cookie: cookie } });
      return loader({ request, params: {}, context } as never);
    }),
  );
  sequelize.removeHook("afterQuery", "count-statements");
  for (const result of results) expect(result instanceof Response && result.status >= 300).toBe(false);
  const sessionLookups = statements.filter((sql) => /FROM [`"]?sessions\b/.test(sql)).length;
  return { total: statements.length, sessionLookups };
}

const freshContext = (): AppLoadContext => ({ requestCache: {} });

describe("one session lookup per request", () => {
  it("the admin dashboard's three loaders share one lookup", async () => {
    const { cookie } = await signInAs(await createAdmin());
    const page = [rootLoader, adminLayoutLoader, adminDashboardLoader] as Loader[];
    const cost = await loadPage("/admin/dashboard", cookie, page, freshContext());
    expect(cost.sessionLookups).toBe(1);
    // The root's lookup, the shell's counts in one statement, and the dashboard's own statement
    // (its figures, chart, newest leads and audit entries: pageReads).
    expect(cost.total).toBe(3);
  });

  it("the agent dashboard's three loaders share one lookup", async () => {
    const { user } = await createAgent();
    const { cookie } = await signInAs(user);
    const page = [rootLoader, agentLayoutLoader, agentDashboardLoader] as Loader[];
    const cost = await loadPage("/agent/dashboard", cookie, page, freshContext());
    expect(cost.sessionLookups).toBe(1);
    expect(cost.total).toBe(3);
  });

  it("the shell's poll is the lookup and one statement of counts", async () => {
    const { cookie: adminCookie } = await signInAs(await createAdmin());
    expect(await loadPage("/api/counts", adminCookie, [countsLoader as Loader], freshContext())).toEqual({
      total: 2,
      sessionLookups: 1,
    });
    const { user } = await createAgent();
    const { cookie: agentCookie } = await signInAs(user);
    expect(await loadPage("/api/counts", agentCookie, [countsLoader as Loader], freshContext())).toEqual({
      total: 2,
      sessionLookups: 1,
    });
  });

  it("looks up each time when the context carries no cache (a route called on its own)", async () => {
    const { cookie } = await signInAs(await createAdmin());
    const page = [rootLoader, adminLayoutLoader, adminDashboardLoader] as Loader[];
    const cost = await loadPage("/admin/dashboard", cookie, page, {});
    expect(cost.sessionLookups).toBe(3);
  });

  it("does not cache an action's lookup, so the loaders after it see what it changed", async () => {
    const { cookie } = await signInAs(await createAdmin());
    const context = freshContext();
    const post = new Request("http://localhost/timezone", { method: "POST", headers: { Cookie: cookie } });
    expect(await getOptionalUser({ request: post, context })).not.toBeNull();
    expect(context.requestCache?.sessionUser).toBeUndefined();
    const get = new Request("http://localhost/admin/dashboard", { headers: { Cookie: cookie } });
    const first = getOptionalUser({ request: get, context });
    expect(getOptionalUser({ request: get, context })).toBe(first);
    expect((await first)?.role).toBe("admin");
  });
});
