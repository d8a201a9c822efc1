import { describe, expect, it } from "vitest";
import { Application, Phone } from "~db";
import type { AgentLeadListQuery } from "~/domain/schemas/leads";
import { countAgentLeadsByStatus, listAgentLeads } from "~/services/lead-reads.server";
import { markLeadRead } from "~/services/leads.server";
import { uniqueName } from "../support/application-factories";
import { createLead, signedInAdmin, signedInAgent } from "../support/factories";

// My Leads in plain SQL (docs/performance.md): the page's ids are chosen first, newest first with
// the id as tie-breaker, then only those rows are read with their phone, carrier, payments and
// New Lead badge; the total counts the same WHERE. These pin down what that shape must keep.

const ALL: AgentLeadListQuery = { status: "all", sort: "newest", page: 1, pageSize: 100 };

describe("listAgentLeads", () => {
  it("pages leads created at the same moment by id, without overlap or gaps", async () => {
    const me = await signedInAgent();
    const at = new Date(Date.now() - 5_000);
    const leads = [];
    for (let i = 0; i < 5; i++) leads.push(await createLead(me.agent.id, { createdAt: at }));
    const byIdDescending = leads.map((lead) => lead.id).sort((a, b) => (a < b ? 1 : -1));

    const pages = [];
    for (const page of [1, 2, 3]) {
      const result = await listAgentLeads(me.actor, { ...ALL, page, pageSize: 2 });
      expect(result.total).toBe(5);
      expect(result).toMatchObject({ page, pageSize: 2 });
      pages.push(...result.rows.map((row) => row.id));
    }
    expect(pages).toEqual(byIdDescending);
  });

  it("gives each row the reader's own New Lead badge and its primary phone", async () => {
    const me = await signedInAgent();
    const admin = await signedInAdmin();
    const opened = await createLead(me.agent.id, { createdAt: new Date(Date.now() - 3_000) });
    const openedByAdmin = await createLead(me.agent.id, { createdAt: new Date(Date.now() - 2_000) });
    const noPrimary = await createLead(me.agent.id, { createdAt: new Date(Date.now() - 1_000) });
    await markLeadRead(me.actor, opened.id);
    await markLeadRead(admin.actor, openedByAdmin.id);
    // None marked primary: the first one added.
    await Phone.update({ isPrimary: false }, { where: { applicationId: noPrimary.id } });
    await Phone.create({
      applicationId: noPrimary.id,
      phoneNumber: "8135559999",
      createdAt: new Date(Date.now() + 1_000),
    });

    const rows = (await listAgentLeads(me.actor, ALL)).rows;
    expect(rows.map((row) => [row.id, row.isUnread])).toEqual([
      [noPrimary.id, true],
      [openedByAdmin.id, true],
      [opened.id, false],
    ]);
    expect(rows[0]!.primaryPhone).toBe("8135550000");
  });

  it("counts and pages the same filtered leads: a status, a search and a page together", async () => {
    const me = await signedInAgent();
    const last = uniqueName("Vale");
    const matching = [];
    for (let i = 0; i < 3; i++) {
      matching.push(
        await createLead(me.agent.id, {
          lastName: last,
          status: "callback",
          createdAt: new Date(Date.now() - i * 1_000),
        }),
      );
    }
    await createLead(me.agent.id, { lastName: last, status: "pending" });
    await createLead(me.agent.id, { status: "callback" });
    const byEmail = await createLead(me.agent.id, { email: `${last.toLowerCase()}@example.test`, status: "callback" });

    const query = { ...ALL, status: "callback" as const, search: last.toUpperCase(), pageSize: 2 };
    const first = await listAgentLeads(me.actor, { ...query, page: 1 });
    const second = await listAgentLeads(me.actor, { ...query, page: 2 });
    expect([first.total, second.total]).toEqual([4, 4]);
    expect(first.rows.map((row) => row.id)).toEqual([byEmail.id, matching[0]!.id]);
    expect(second.rows.map((row) => row.id)).toEqual([matching[1]!.id, matching[2]!.id]);
    expect((await listAgentLeads(me.actor, { ...query, page: 3 })).rows).toEqual([]);
  });
});

describe("countAgentLeadsByStatus (My Leads' cards and tabs, from the report summaries)", () => {
  it("counts the agent's own leads by their status now, across years, after sales, changes and reassignments", async () => {
    const me = await signedInAgent();
    const other = await signedInAgent();
    const made = [
      await createLead(me.agent.id, { status: "pending", createdAt: new Date("2003-03-04T12:30:00Z") }),
      await createLead(me.agent.id, { status: "pending" }),
      await createLead(me.agent.id, { status: "callback" }),
      await createLead(me.agent.id, { status: "contacted", createdAt: new Date("2024-12-31T23:59:00Z") }),
      await createLead(other.agent.id, { status: "sale" }),
    ];
    await made[1]!.update({ status: "sale" });
    await made[3]!.update({ status: "rescheduled" });
    // Given to me from the other agent, and one of mine given away.
    await made[4]!.update({ agentId: me.agent.id });
    await Application.update({ agentId: other.agent.id }, { where: { id: made[2]!.id } });

    const counts = await countAgentLeadsByStatus(me.actor);
    expect(counts).toMatchObject({ all: 4, pending: 1, sale: 2, rescheduled: 1, callback: 0, contacted: 0 });
    expect(await countAgentLeadsByStatus(other.actor)).toMatchObject({ all: 1, callback: 1, sale: 0 });
  });
});
