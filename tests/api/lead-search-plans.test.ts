import { describe, expect, it } from "vitest";
import { z } from "zod";
import { Application, isPostgres, sequelize } from "~db";
import { allLeadsFromSearch } from "~/domain/schemas/admin-leads";
import type { AgentLeadListQuery } from "~/domain/schemas/leads";
import type { AllLeadsQuery } from "~/domain/schemas/admin-leads";
import { allLeadsWhere, listAllLeads } from "~/services/admin-leads.server";
import { LEAD_LIST_COUNT_LIMIT, agentLeadsWhere, listAgentLeads } from "~/services/lead-reads.server";
import { TERMS_READ_APART, planLeadSearch } from "~/services/lead-search.server";
import { column, pageCountCap, selectRows, sql, type Sql } from "~/services/sql/reads.server";
import { loader as adminApplicationsApi } from "~/routes/api+/admin.applications";
import { uniqueLetters, uniqueName } from "../support/application-factories";
import { createLead, signedInAdmin, signedInAgent } from "../support/factories";
import { callRoute } from "../support/http";

// The search's reads (decision 090): a word's terms read one by one in the list's order, a word
// that begins too many terms checked on the leads read in order, or (All Leads by name) every
// match gathered and sorted. Whichever read a search takes, its pages hold the leads that
// gathering every match and sorting them gives, in the same order, and its total is the same
// ("1,000+" past LEAD_LIST_COUNT_LIMIT).

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
  // Letters only: the plans below count a word's terms.
  const last = uniqueLetters("Common");
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

const IDS = z.object({ id: column.text });

/** A page and total as gathering every match and sorting them gives: the reference each read must equal. */
async function gatheredPage(where: Sql, order: Sql, page: number) {
  const ids = await selectRows(
    sql`SELECT a.id FROM applications a WHERE ${where} ORDER BY ${order} LIMIT 20 OFFSET ${(page - 1) * 20}`,
    IDS,
  );
  const all = await selectRows(sql`SELECT a.id FROM applications a WHERE ${where}`, IDS);
  const cap = pageCountCap(LEAD_LIST_COUNT_LIMIT, { page, pageSize: 20 });
  return {
    ids: ids.map((row) => row.id),
    total: Math.min(all.length, cap),
    totalAtLeast: all.length > cap,
  };
}

const NEWEST = sql`a.created_at DESC, a.id DESC`;
const ALL_LEADS_ORDER: Record<string, Sql> = {
  newest: NEWEST,
  oldest: sql`a.created_at ASC, a.id ASC`,
  name: sql`a.last_name ASC, a.first_name ASC, a.id ASC`,
};

describe("the search's reads", () => {
  it("give My Leads and All Leads the pages and totals of every match sorted, page 1 to past the count's limit", async () => {
    const { me, admin, last } = await commonName();
    // Last names that begin with the common one: more distinct terms than are read apart.
    // (Letters: a word's trailing digits are a term of their own.)
    const suffix = (i: number) => `v${String.fromCharCode(97 + i)}`;
    for (let i = 0; i <= TERMS_READ_APART; i++) {
      await createLead(me.agent.id, { lastName: `${last}${suffix(i)}`, email: null });
    }
    const scope = { agentId: me.agent.id };
    expect((await planLeadSearch(last, { scope, order: "newest" })).plan).toBe("inOrder");
    expect((await planLeadSearch(`${last}${suffix(1)}`, { scope, order: "newest" })).plan).toBe("terms");
    expect((await planLeadSearch(`mary ${last}`, { scope, order: "newest" })).plan).toBe("terms");
    expect((await planLeadSearch(last, { scope, order: null })).plan).toBe("gather");
    expect((await planLeadSearch(`${last}zz`, { scope, order: "newest" })).plan).toBe("nothing");
    expect((await planLeadSearch("%", { scope, order: "newest" })).plan).toBe("nothing");

    const exact = `${last}${suffix(1)}`;
    for (const search of [
      last,
      last.toUpperCase(),
      `mary ${last}`,
      `ma ${last}`,
      `${last} plans.test`,
      exact,
      `${exact} mary`,
    ]) {
      for (const page of search === last ? [1, 2, 50, 51] : [1, 51]) {
        const expected = await gatheredPage(agentLeadsWhere(me.agent.id, { status: "all", search }), NEWEST, page);
        expect(shape(await listAgentLeads(me.actor, { ...ALL, search, page })), `${search} page ${page}`).toEqual(
          expected,
        );
      }
    }
    const mine = shape(await listAgentLeads(me.actor, { ...ALL, search: last }));
    expect(mine).toMatchObject({ total: LEAD_LIST_COUNT_LIMIT, totalAtLeast: true });
    expect(mine.ids).toHaveLength(20);
    // Page 51 counts up to its end (1,020); page 52 past every match.
    const mine51 = shape(await listAgentLeads(me.actor, { ...ALL, search: last, page: 51 }));
    expect(mine51).toMatchObject({ total: 1020, totalAtLeast: true });
    const mine52 = shape(await listAgentLeads(me.actor, { ...ALL, search: last, page: 52 }));
    expect(mine52).toMatchObject({ total: 1006 + TERMS_READ_APART + 1, totalAtLeast: false });
    expect(mine52.ids).toHaveLength(3);

    // A word with fewer terms than the cap, read term by term: the common name's leads only.
    const common = last.slice(0, -1);
    const cases: Record<string, string>[] = [
      { search: last },
      { search: common, sort: "oldest" },
      { search: last, sort: "name" },
      { search: `mary ${last}` },
      { search: last, status: "new" },
      { search: last, agentId: me.agent.id },
      { search: `${last}${suffix(2)}`, agentId: me.agent.id },
      { search: last, state: "FL" },
      { search: `${last}${suffix(3)}`, unread: "1" },
    ];
    for (const params of cases) {
      for (const page of params === cases[0] ? ["1", "3", "50", "51"] : ["1", "51"]) {
        const query: AllLeadsQuery = allLeadsFromSearch(new URLSearchParams({ ...params, page }));
        const expected = await gatheredPage(
          allLeadsWhere(admin.actor, query),
          ALL_LEADS_ORDER[query.sort] ?? NEWEST,
          query.page,
        );
        expect(shape(await listAllLeads(admin.actor, query)), `${JSON.stringify(params)} page ${page}`).toEqual(
          expected,
        );
      }
    }
    // The count of a read term by term checks each term's first entries only, then says "N+":
    // "plans" drives (one term, 1,000 entries), every lead of it has the name.
    const counted = { ...ALL, search: `plans ${last}` };
    expect(await planLeadSearch(counted.search, { scope, order: "newest" })).toMatchObject({ driver: "plans" });
    const budgeted = shape(await listAgentLeads(me.actor, counted, { searchCountEntries: 100 }));
    expect(budgeted).toMatchObject({ total: 100, totalAtLeast: true });
    expect(budgeted.ids).toEqual(shape(await listAgentLeads(me.actor, counted)).ids);
    // A page past the entries counted: its own read says how many there are at least.
    const deep = shape(await listAgentLeads(me.actor, { ...counted, page: 10 }, { searchCountEntries: 100 }));
    expect(deep).toMatchObject({ total: 200, totalAtLeast: true });
    expect(deep.ids).toEqual(shape(await listAgentLeads(me.actor, { ...counted, page: 10 })).ids);
    // A driver of two terms (Mary and Maryann) with more entries than the count reads: its first
    // entries are not its first matches, so the page is read apart, and still the first matches.
    for (let i = 0; i < 3; i++) await createLead(me.agent.id, { firstName: "Maryann", lastName: last, email: null });
    const twoTerms = { ...ALL, search: `mar ${last}` };
    expect(await planLeadSearch(twoTerms.search, { scope, order: "newest" })).toMatchObject({
      driver: "mar",
      terms: ["mary", "maryann"],
    });
    expect(shape(await listAgentLeads(me.actor, twoTerms, { searchCountEntries: 2 }))).toEqual(
      await gatheredPage(agentLeadsWhere(me.agent.id, { status: "all", search: twoTerms.search }), NEWEST, 1),
    );
    // The Maryanns are the newest three: the first entries of both terms (two of each) hold a page
    // of three, but not the first three matches.
    const everyMatch = shape(await listAgentLeads(me.actor, { ...twoTerms, pageSize: 100 })).ids;
    for (const [page, pageSize] of [
      [1, 3],
      [2, 4],
    ] as const) {
      const read = shape(await listAgentLeads(me.actor, { ...twoTerms, page, pageSize }, { searchCountEntries: 2 }));
      expect(read.ids, `page ${page} of ${pageSize}`).toEqual(everyMatch.slice((page - 1) * pageSize, page * pageSize));
    }
    // Counted to the end, the 1,000 leads of plans.test are exactly that.
    expect(shape(await listAgentLeads(me.actor, counted))).toMatchObject({ total: 1000, totalAtLeast: false });

    const everyone = allLeadsFromSearch(new URLSearchParams({ search: last }));
    expect(shape(await listAllLeads(admin.actor, everyone))).toMatchObject({
      total: LEAD_LIST_COUNT_LIMIT,
      totalAtLeast: true,
    });
    // Pages in order: newest first, ties on created_at by id, descending.
    const rows = (await listAllLeads(admin.actor, { ...everyone, pageSize: 100 })).rows;
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

  it("finds a word outside ASCII as the database folds it, in any read", async () => {
    const me = await signedInAgent();
    const name = uniqueName("Zoë");
    const lead = await createLead(me.agent.id, { lastName: name });
    for (const search of [name, name.toLowerCase(), name.slice(0, 3), `zo ${name}`]) {
      expect(shape(await listAgentLeads(me.actor, { ...ALL, search })).ids, search).toEqual([lead.id]);
    }
    // Postgres folds every letter; SQLite's lower() ASCII only, the same for the terms and the search.
    const upper = shape(await listAgentLeads(me.actor, { ...ALL, search: name.toUpperCase() })).ids;
    expect(upper).toEqual(isPostgres ? [lead.id] : []);
  });
});
