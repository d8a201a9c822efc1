import { describe, expect, it } from "vitest";
import { Application, isPostgres, sequelize } from "~db";
import { allLeadsFromSearch } from "~/domain/schemas/admin-leads";
import type { AgentLeadListQuery } from "~/domain/schemas/leads";
import { listAllLeads } from "~/services/admin-leads.server";
import { LEAD_LIST_COUNT_LIMIT, listAgentLeads } from "~/services/lead-reads.server";
import { searchPlan } from "~/services/lead-search.server";
import { loader as adminApplicationsApi } from "~/routes/api+/admin.applications";
import { uniqueName } from "../support/application-factories";
import { createLead, signedInAdmin, signedInAgent } from "../support/factories";
import { callRoute } from "../support/http";

// A common word read in the list's order (decision 068): past the index limit a search reads the
// leads newest (or oldest) first and checks the words on each until the page is full. Whichever
// read a search takes, its pages hold the same leads in the same order, and its total is the same
// ("1,000+" past LEAD_LIST_COUNT_LIMIT). A limit of 0 forces the read in order, a large one the index.

const SCAN = { searchIndexLimit: 0 };
const INDEX = { searchIndexLimit: 1_000_000 };
const ALL: AgentLeadListQuery = { status: "all", sort: "newest", page: 1, pageSize: 20 };

/** `copies` more leads like `templateId` (same agent, names and created_at), in one INSERT ... SELECT. */
async function copyLead(templateId: string, copies: number) {
  const columns = Object.values(Application.getAttributes())
    .map((attribute) => attribute.field!)
    .filter((field) => field !== "id");
  const list = columns.map((c) => `"${c}"`).join(", ");
  const newId = isPostgres ? "gen_random_uuid()" : "lower(hex(randomblob(16)))";
  await sequelize.query(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < :copies)
     INSERT INTO applications (id, ${list}) SELECT ${newId}, ${list} FROM applications, n WHERE id = :templateId`,
    { replacements: { copies, templateId } },
  );
}

/**
 * An agent with 1,006 leads of one last name, at 6 moments (many leads share each created_at, so
 * the order's tie on id is exercised), a few of them Mary, a few leads without the name, and
 * another agent's 3 leads with it.
 */
async function commonName() {
  const me = await signedInAgent();
  const theirs = await signedInAgent();
  const admin = await signedInAdmin();
  const last = uniqueName("Common");
  for (let i = 0; i < 5; i++) {
    const lead = await createLead(me.agent.id, { lastName: last, email: `c${i}.${last}@plans.test` });
    await copyLead(lead.id, 199);
    await createLead(me.agent.id, { lastName: uniqueName("Other") });
  }
  for (let i = 0; i < 6; i++) await createLead(me.agent.id, { firstName: "Mary", lastName: last, email: null });
  for (let i = 0; i < 3; i++) await createLead(theirs.agent.id, { lastName: last });
  return { me, admin, last };
}

const shape = (page: { rows: { id: string }[]; total: number; totalAtLeast?: boolean }) => ({
  ids: page.rows.map((row) => row.id),
  total: page.total,
  totalAtLeast: page.totalAtLeast ?? false,
});

describe("a common word read in the list's order", () => {
  it("gives My Leads and All Leads the same pages and totals as the index, page 1 to past the count's limit", async () => {
    const { me, admin, last } = await commonName();
    expect((await searchPlan(last, { limit: 0 })).plan).toBe("scan");
    expect((await searchPlan(last, { limit: 2000 })).plan).toBe("index");
    // Deeper pages need more matches to be read in order: 1,006 > 100 x the square root of 100 = 1,000, not of 121.
    expect((await searchPlan(last, { limit: 100, page: 100 })).plan).toBe("scan");
    expect((await searchPlan(last, { limit: 100, page: 121 })).plan).toBe("index");
    // One or two characters only: the index cannot count them, so they keep their LIKE.
    expect((await searchPlan("ma", { limit: 0 })).plan).toBe("index");

    for (const search of [last, last.toUpperCase(), `mary ${last}`, `ma ${last}`, `${last} plans.test`]) {
      for (const page of search === last ? [1, 2, 50, 51] : [1, 51]) {
        const query = { ...ALL, search, page };
        const byIndex = shape(await listAgentLeads(me.actor, query, INDEX));
        expect(shape(await listAgentLeads(me.actor, query, SCAN)), `${search} page ${page}`).toEqual(byIndex);
      }
    }
    const mine = shape(await listAgentLeads(me.actor, { ...ALL, search: last }, SCAN));
    expect(mine).toMatchObject({ total: LEAD_LIST_COUNT_LIMIT, totalAtLeast: true });
    expect(mine.ids).toHaveLength(20);
    const mine51 = shape(await listAgentLeads(me.actor, { ...ALL, search: last, page: 51 }, SCAN));
    expect(mine51).toMatchObject({ total: 1006, totalAtLeast: false });
    expect(mine51.ids).toHaveLength(6);

    const cases: Record<string, string>[] = [
      { search: last },
      { search: last, sort: "oldest" },
      { search: last, sort: "name" },
      { search: `mary ${last}` },
      { search: last, status: "new" },
      { search: last, agentId: me.agent.id },
      { search: last, state: "FL" },
    ];
    for (const params of cases) {
      for (const page of params === cases[0] ? ["1", "3", "50", "51"] : ["1", "51"]) {
        const query = allLeadsFromSearch(new URLSearchParams({ ...params, page }));
        const byIndex = shape(await listAllLeads(admin.actor, query, INDEX));
        expect(shape(await listAllLeads(admin.actor, query, SCAN)), `${JSON.stringify(params)} page ${page}`).toEqual(
          byIndex,
        );
      }
    }
    // The search alone takes its total from the index's count: 1,009 leads, 1,000+ on page 1.
    const everyone = allLeadsFromSearch(new URLSearchParams({ search: last }));
    for (const options of [SCAN, INDEX, {}]) {
      expect(shape(await listAllLeads(admin.actor, everyone, options))).toMatchObject({
        total: LEAD_LIST_COUNT_LIMIT,
        totalAtLeast: true,
      });
      const deep = shape(await listAllLeads(admin.actor, { ...everyone, page: 51 }, options));
      expect(deep).toMatchObject({ total: 1009, totalAtLeast: false });
      expect(deep.ids).toHaveLength(9);
    }
    // Pages in order: newest first, ties on created_at by id, descending.
    const rows = (await listAllLeads(admin.actor, { ...everyone, pageSize: 100 }, SCAN)).rows;
    const keys = rows.map((row) => [row.createdAt, row.id].join(" "));
    expect(keys).toEqual([...keys].sort().reverse());

    // What GET /api/admin/applications says of it: 1000 and "at least".
    const api = await callRoute(adminApplicationsApi, {
      path: `/api/admin/applications?search=${encodeURIComponent(last)}`,
      cookie: admin.cookie,
    });
    expect(api.headers.get("X-Total-Count")).toBe("1000");
    expect(api.headers.get("X-Total-Count-At-Least")).toBe("true");
  }, 60_000);

  it("finds a word outside ASCII in any case as the index does, whichever read is asked for", async () => {
    const me = await signedInAgent();
    const name = uniqueName("Zoë");
    const lead = await createLead(me.agent.id, { lastName: name });
    for (const search of [name, name.toUpperCase(), `zoË ${name.slice(4)}`]) {
      const byIndex = shape(await listAgentLeads(me.actor, { ...ALL, search }, INDEX));
      expect(shape(await listAgentLeads(me.actor, { ...ALL, search }, SCAN)), search).toEqual(byIndex);
    }
    // SQLite's LIKE folds ASCII only, its index all of Unicode: such a word keeps the index there.
    expect((await searchPlan(name.toUpperCase(), { limit: -1 })).plan).toBe(isPostgres ? "scan" : "index");
    if (!isPostgres)
      expect(shape(await listAgentLeads(me.actor, { ...ALL, search: name.toUpperCase() }, SCAN)).ids).toEqual([
        lead.id,
      ]);
  });
});
