import { describe, expect, it } from "vitest";
import { z } from "zod";
import { Application, isPostgres, sequelize } from "~db";
import { listAllLeads } from "~/services/admin-leads.server";
import { LEAD_LIST_COUNT_LIMIT, listAgentLeads } from "~/services/lead-reads.server";
import { column, sql, sqlPage } from "~/services/sql/reads.server";
import { allLeadsFromSearch } from "~/domain/schemas/admin-leads";
import type { AgentLeadListQuery } from "~/domain/schemas/leads";
import { loader as agentLayout } from "~/routes/agent+/_layout";
import myLeadsPage, { loader as myLeadsLoader } from "~/routes/agent+/leads";
import { loader as agentApplicationsApi } from "~/routes/api+/agent.applications";
import { createLead, signedInAdmin, signedInAgent } from "../support/factories";
import { callRoute } from "../support/http";
import { renderPage } from "../support/render-page";

// A list's total counted no further than a limit (decision 058): the lead lists past 1,000 say
// "1,000+" and always offer a next page, whatever the page asked for.

const ALL: AgentLeadListQuery = { status: "all", sort: "newest", page: 1, pageSize: 20 };

/** `copies` more leads like `templateId` (same agent, same names), in one INSERT ... SELECT. */
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

describe("a list's total counted up to a limit", () => {
  it("sqlPage counts no further than countUpTo, or than the end of a deeper page", async () => {
    const me = await signedInAgent();
    for (let i = 0; i < 5; i++) await createLead(me.agent.id);
    const mine = {
      select: sql`a.id`,
      from: sql`applications a`,
      where: sql`a.agent_id = ${me.agent.id}`,
      orderBy: sql`a.created_at DESC, a.id DESC`,
    };
    const Row = z.object({ id: column.text });
    const page = (n: number, countUpTo: number) => sqlPage(mine, { page: n, pageSize: 2 }, Row, { countUpTo });

    expect(await page(1, 3)).toMatchObject({ total: 3, totalAtLeast: true });
    // Page 2 ends at the 4th lead: counted to there, and one more is known to follow.
    expect(await page(2, 3)).toMatchObject({ total: 4, totalAtLeast: true });
    // Page 3 ends at the 6th: all 5 counted, exactly.
    const last = await page(3, 3);
    expect(last.total).toBe(5);
    expect(last.totalAtLeast).toBeUndefined();
    expect(last.rows).toHaveLength(1);
    const exact = await page(1, 5);
    expect(exact.total).toBe(5);
    expect(exact.totalAtLeast).toBeUndefined();
  });

  it(`My Leads and All Leads say ${LEAD_LIST_COUNT_LIMIT}+ past ${LEAD_LIST_COUNT_LIMIT} matches, and exactly up to it`, async () => {
    expect(LEAD_LIST_COUNT_LIMIT).toBe(1000);
    const me = await signedInAgent();
    const admin = await signedInAdmin();
    const first = await createLead(me.agent.id);
    await copyLead(first.id, LEAD_LIST_COUNT_LIMIT - 1);

    const exactly = await listAgentLeads(me.actor, ALL);
    expect(exactly.total).toBe(1000);
    expect(exactly.totalAtLeast).toBeUndefined();

    await createLead(me.agent.id);
    const mine = await listAgentLeads(me.actor, ALL);
    expect(mine).toMatchObject({ total: 1000, totalAtLeast: true });
    expect(mine.rows).toHaveLength(20);
    // Page 50 ends at the 1,000th lead: one more follows, so its total still says "at least".
    expect(await listAgentLeads(me.actor, { ...ALL, page: 50 })).toMatchObject({ total: 1000, totalAtLeast: true });
    // Page 51 holds the 1,001st: counted to its end, exactly.
    const last = await listAgentLeads(me.actor, { ...ALL, page: 51 });
    expect(last.total).toBe(1001);
    expect(last.rows).toHaveLength(1);

    const all = await listAllLeads(admin.actor, allLeadsFromSearch(new URLSearchParams({ agentId: me.agent.id })));
    expect(all).toMatchObject({ total: 1000, totalAtLeast: true });

    // What the agent reads on My Leads (page 50 of at least 50, with Next), and the API's headers.
    const { html } = await renderPage("/agent/leads?page=50", {
      layouts: [{ id: "routes/agent+/_layout", path: "agent", module: { loader: agentLayout } }],
      page: { path: "leads", module: { loader: myLeadsLoader, default: myLeadsPage } },
      cookie: me.cookie,
    });
    const text = html.replace(/<[^>]+>/g, "");
    expect(text).toContain("All leads: 1,000+");
    expect(text).toContain("Showing 981–1,000 of 1,000+ (page 50 of 50+)");
    expect(html).toMatch(/<a [^>]*rel="next"[^>]*>Next<\/a>/);
    const api = await callRoute(agentApplicationsApi, {
      path: "/api/agent/applications?pageSize=20",
      cookie: me.cookie,
    });
    expect(api.headers.get("X-Total-Count")).toBe("1000");
    expect(api.headers.get("X-Total-Count-At-Least")).toBe("true");
  });
});
