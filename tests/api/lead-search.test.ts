import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { Application, Phone, sequelize } from "~db";
import * as leadSearchTerms from "../../prisma-free-db/migrations/051-lead-search-terms";
import * as searchTermsReturned from "../../prisma-free-db/migrations/052-search-terms-returned";
import type { AgentLeadListQuery } from "~/domain/schemas/leads";
import { allLeadsFromSearch } from "~/domain/schemas/admin-leads";
import { listAllLeads } from "~/services/admin-leads.server";
import { agentLeadsWhere, listAgentLeads } from "~/services/lead-reads.server";
import { markLeadRead } from "~/services/leads.server";
import { planLeadSearch, searchTermWords, termMatches, type LeadSearch } from "~/services/lead-search.server";
import { column, selectOne, selectRows, sql } from "~/services/sql/reads.server";
import { uniqueLetters, uniqueName } from "../support/application-factories";
import { createLead, signedInAdmin, signedInAgent } from "../support/factories";

// The lead search from its term index (migration 051, decision 090), on whichever database the run
// uses: what the terms must follow (edits, deletions, phones), what a word finds (the beginning of a
// term, punctuation splitting words), and whose leads a search may find.

const ALL: AgentLeadListQuery = { status: "all", sort: "newest", page: 1, pageSize: 100 };

/** A phone number no other test has: a 10-digit number from random digits. */
const uniquePhone = () => `${crypto.randomInt(200, 999)}${crypto.randomInt(1_000_000, 9_999_999)}`;

async function agentSearch() {
  const me = await signedInAgent();
  const found = async (search: string) =>
    (await listAgentLeads(me.actor, { ...ALL, search })).rows.map((row) => row.id).sort();
  return { me, found };
}

describe("the lead search", () => {
  it("finds an edited name, email or phone by its new value and not its old one, and a deleted lead no more", async () => {
    const { me, found } = await agentSearch();
    const [oldName, newName] = [uniqueName("Oldname"), uniqueName("Newname")];
    const [oldPhone, newPhone, addedPhone] = [uniquePhone(), uniquePhone(), uniquePhone()];
    const lead = await createLead(
      me.agent.id,
      { lastName: oldName, email: `${oldName}@old.test` },
      { phones: [{ phoneNumber: oldPhone, phoneType: "mobile", isPrimary: true }] },
    );
    expect(await found(oldName)).toEqual([lead.id]);
    expect(await found(oldPhone)).toEqual([lead.id]);

    await lead.update({ lastName: newName, email: `${newName}@new.test` });
    expect(await found(newName)).toEqual([lead.id]);
    expect(await found(`${newName}@new`)).toEqual([lead.id]);
    expect(await found(oldName)).toEqual([]);

    await Phone.update({ phoneNumber: newPhone }, { where: { applicationId: lead.id } });
    await Phone.create({ applicationId: lead.id, phoneNumber: addedPhone, phoneType: "home", isPrimary: false });
    expect(await found(newPhone)).toEqual([lead.id]);
    expect(await found(addedPhone)).toEqual([lead.id]);
    expect(await found(oldPhone)).toEqual([]);
    await Phone.destroy({ where: { applicationId: lead.id, phoneNumber: addedPhone } });
    expect(await found(addedPhone)).toEqual([]);

    await Application.destroy({ where: { id: lead.id } });
    expect(await found(newName)).toEqual([]);
    expect(await found(newPhone)).toEqual([]);
  });

  it("finds the beginning of a word, of one character or more, every word in any of the fields", async () => {
    const { me, found } = await agentSearch();
    const last = uniqueName("Short");
    const xu = await createLead(me.agent.id, { firstName: "Xu", lastName: last, email: null });
    const ali = await createLead(me.agent.id, { firstName: "Ali", lastName: last, email: "ali@qz.test" });
    const other = await createLead(me.agent.id, { firstName: "Bo", lastName: uniqueName("Other"), email: null });

    expect(await found("xU")).toEqual([xu.id]);
    expect(await found("q")).toEqual([ali.id]);
    expect(await found(`${last} xu`)).toEqual([xu.id]);
    expect(await found(`xu ${last.toUpperCase()}`)).toEqual([xu.id]);
    expect(await found(`al ${last}`)).toEqual([ali.id]);
    expect(await found(`ali ${last}`)).toEqual([ali.id]);
    expect(await found(`${last} bo`)).toEqual([]);
    expect(await found("bo")).toEqual([other.id]);
    expect(await found(`ali qz.test ${last}`)).toEqual([ali.id]);
    expect(await found(`ali nobody ${last}`)).toEqual([]);
    // A word begins a term: a piece inside a word finds nothing.
    expect(await found(last.slice(2))).toEqual([]);
    expect(await found(last.slice(0, 4))).toEqual([xu.id, ali.id].sort());
    // Punctuation splits words as it splits the names, and is never syntax; punctuation alone finds nothing.
    for (const literal of [`"${last}`, `${last}*`, `${last.slice(0, 4)}%`, `(${last})`]) {
      expect(await found(literal), literal).toEqual([xu.id, ali.id].sort());
    }
    for (const literal of [`words:${last}`, "%", "_", "*", 'a"b']) {
      expect(await found(literal), literal).toEqual([]);
    }
    expect(await found(`ali@qz`)).toEqual([ali.id]);
    // Every word counts, past the few the plan looks up first.
    expect(await found(`ali qz test ${last} al q te t`)).toEqual([ali.id]);
    expect(await found(`ali qz test ${last} al q te nobody`)).toEqual([]);
    // A word's leading and trailing digits are words of their own, in the names and in the search.
    const numbered = await createLead(me.agent.id, { firstName: "Numa", lastName: last, email: "numa2024@nq.test" });
    for (const search of ["numa2024", "numa20", "2024 nq", `${last} 2024`]) {
      expect(await found(search), search).toEqual([numbered.id]);
    }
    expect(await found("uma2024")).toEqual([]);
  });

  it("finds a phone number's digits whatever punctuation either side has", async () => {
    const { me, found } = await agentSearch();
    const digits = uniquePhone();
    const [area, exchange, line] = [digits.slice(0, 3), digits.slice(3, 6), digits.slice(6)];
    const lead = await createLead(
      me.agent.id,
      { firstName: "Dina", lastName: uniqueName("Dial"), email: null },
      { phones: [{ phoneNumber: `(${area}) ${exchange}-${line}`, phoneType: "mobile", isPrimary: true }] },
    );
    // No digit in its fields and no phone (the factory's default phone holds short runs of digits
    // the searches above may ask for): a short run of digits can only be found in Dina's phone.
    await createLead(me.agent.id, { firstName: "Nophone", lastName: "Dialtone", email: null }, { phones: [] });

    for (const search of [
      digits,
      `${exchange}-${line}`,
      `(${area})`,
      `${area}.${exchange}.${line}`,
      `${area}-${exchange}`,
      `(${area}) ${exchange}-${line}`,
      line,
      `dina ${line}`,
    ]) {
      expect(await found(search), search).toEqual([lead.id]);
    }
    // Seven digits the number does not hold, written as a phone's piece.
    const absent = ["1", "2", "3"].map((d) => `${exchange}${line}`.slice(1) + d).find((d) => !digits.includes(d))!;
    expect(await found(`${absent.slice(0, 3)}-${absent.slice(3)}`)).toEqual([]);
    expect(await found(`nophone ${line}`)).toEqual([]);
  });

  it("never finds another agent's lead for an agent; All Leads finds every agent's", async () => {
    const mine = await signedInAgent();
    const theirs = await signedInAgent();
    const { actor: admin } = await signedInAdmin();
    const last = uniqueName("Shared");
    const phone = uniquePhone();
    const phones = [{ phoneNumber: phone, phoneType: "mobile", isPrimary: true }];
    const a = await createLead(mine.agent.id, { lastName: last, email: null }, { phones });
    const b = await createLead(theirs.agent.id, { lastName: last, email: null }, { phones });

    for (const search of [last, phone, `${last} ${phone.slice(0, 2)}`]) {
      expect(
        (await listAgentLeads(mine.actor, { ...ALL, search })).rows.map((r) => r.id),
        search,
      ).toEqual([a.id]);
      expect(
        (await listAgentLeads(theirs.actor, { ...ALL, search })).rows.map((r) => r.id),
        search,
      ).toEqual([b.id]);
      const all = await listAllLeads(admin, allLeadsFromSearch(new URLSearchParams({ search })));
      expect(all.rows.map((r) => r.id).sort(), search).toEqual([a.id, b.id].sort());
      expect(all.total).toBe(2);
    }
  });

  it("answers the same whichever read a search takes: term by term, in the list's order, or gathered", async () => {
    const { me } = await agentSearch();
    const last = uniqueName("Plan");
    const phone = uniquePhone();
    await createLead(me.agent.id, { firstName: "Li", lastName: last, email: `li.${last}@plan.test` });
    await createLead(
      me.agent.id,
      { firstName: "Mary", lastName: last, email: null },
      { phones: [{ phoneNumber: `(${phone.slice(0, 3)}) ${phone.slice(3)}`, phoneType: "mobile", isPrimary: true }] },
    );
    await createLead(me.agent.id, { firstName: "Other", lastName: uniqueName("Plan"), email: null });
    const scope = { agentId: me.agent.id };
    const ids = async (search: string, read?: LeadSearch) =>
      (
        await selectRows(
          sql`SELECT a.id FROM applications a
              WHERE ${agentLeadsWhere(me.agent.id, { status: "all", search }, read)}
              ORDER BY a.id`,
          z.object({ id: column.text }),
        )
      ).map((row) => row.id);
    for (const search of [
      last,
      `mary ${last}`,
      `li ${last.toUpperCase()}`,
      phone.slice(3),
      `plan.test ${last}`,
      "ma",
      "zz",
    ]) {
      const gathered = await ids(search);
      const words = searchTermWords(search);
      const planned = await planLeadSearch(search, { scope, order: "newest" });
      const read =
        planned.plan === "terms"
          ? (await termMatches(planned, [sql`a.agent_id = ${me.agent.id}`], { from: 0, count: 100 })).sort()
          : await ids(search, planned);
      expect(read, search).toEqual(gathered);
      expect(await ids(search, { plan: "inOrder", words, scope }), search).toEqual(gathered);
    }
    expect(await ids(last)).toHaveLength(2);
    expect(await ids(phone.slice(3))).toHaveLength(1);
  });

  it("drives two words both past the count's limit by the one rarest where the list begins to read", async () => {
    const { me } = await agentSearch();
    const [recent, older] = [uniqueLetters("Recent"), uniqueLetters("Older")];
    // Five leads of each word: the recent word's all in the last days, the older word's spread back
    // over a year, so its third entry from either end lies further from the list's start.
    const day = 86_400_000;
    const ages = { [recent]: [1, 2, 3, 4, 5], [older]: [1, 100, 200, 300, 360] };
    for (const [word, days] of Object.entries(ages)) {
      for (const age of days) {
        const lead = await createLead(me.agent.id, { lastName: word, email: null });
        await sequelize.query("UPDATE applications SET created_at = :at WHERE id = :id", {
          replacements: { at: new Date(Date.now() - age * day), id: lead.id },
        });
      }
    }
    const driverOf = async (search: string, order: "newest" | "oldest", driverCountLimit: number) => {
      const plan = await planLeadSearch(search, { scope: { agentId: me.agent.id }, order, driverCountLimit });
      return plan.plan === "terms" ? plan.driver : plan.plan;
    };
    // Newest first: the older word's third newest entry is 200 days back, the recent word's 3 days.
    expect(await driverOf(`${recent} ${older}`, "newest", 3)).toBe(older);
    expect(await driverOf(`${older} ${recent}`, "newest", 3)).toBe(older);
    // Oldest first: the recent word's third oldest entry is the further from a year ago.
    expect(await driverOf(`${recent} ${older}`, "oldest", 3)).toBe(recent);
    // Under the limit the counts decide, and they tie: the first word drives.
    expect(await driverOf(`${recent} ${older}`, "newest", 10)).toBe(recent);
  });

  it("All Leads filtered to the unassigned leads or one agent reads only their terms, before and after a reassignment", async () => {
    const { actor: admin } = await signedInAdmin();
    const { agent } = await signedInAgent();
    const last = uniqueName("Unassigned");
    const loose = await createLead(null, { lastName: last, email: null });
    const owned = await createLead(agent.id, { lastName: last, email: null });
    const found = async (params: Record<string, string>) =>
      (await listAllLeads(admin, allLeadsFromSearch(new URLSearchParams({ search: last, ...params })))).rows.map(
        (row) => row.id,
      );
    expect(await found({ agentId: "unassigned" })).toEqual([loose.id]);
    expect(await found({ agentId: agent.id })).toEqual([owned.id]);
    expect((await found({})).sort()).toEqual([loose.id, owned.id].sort());
    // The terms follow the lead to its new agent.
    await loose.update({ agentId: agent.id });
    expect(await found({ agentId: "unassigned" })).toEqual([]);
    expect((await found({ agentId: agent.id })).sort()).toEqual([loose.id, owned.id].sort());
  });

  it("leaves a lead returned to its source out of My Leads' search but not All Leads', following its return both ways", async () => {
    const { me, found } = await agentSearch();
    const { actor: admin } = await signedInAdmin();
    const last = uniqueName("Returned");
    const phone = uniquePhone();
    const kept = await createLead(me.agent.id, { firstName: "Kept", lastName: last, email: null });
    const returned = await createLead(
      me.agent.id,
      { firstName: "Gone", lastName: last, email: null },
      { phones: [{ phoneNumber: phone, phoneType: "mobile", isPrimary: true }] },
    );
    const inAllLeads = async (search: string) =>
      (await listAllLeads(admin, allLeadsFromSearch(new URLSearchParams({ search, agentId: me.agent.id })))).rows
        .map((row) => row.id)
        .sort();
    const total = async (search: string) => (await listAgentLeads(me.actor, { ...ALL, search })).total;

    // Approving a return sets returned_at (lead-returns.server.ts), as here.
    await returned.update({ returnedAt: new Date() });
    for (const search of [last, `gone ${last}`, phone]) {
      expect(await found(search), search).toEqual(search === last ? [kept.id] : []);
    }
    expect(await total(last)).toBe(1);
    expect(await inAllLeads(last)).toEqual([kept.id, returned.id].sort());
    expect(await inAllLeads(phone)).toEqual([returned.id]);

    // A returned lead's terms written again (a new name) stay out of My Leads.
    const renamed = uniqueName("Renamed");
    await returned.update({ lastName: renamed });
    expect(await found(renamed)).toEqual([]);
    expect(await inAllLeads(renamed)).toEqual([returned.id]);

    await returned.update({ returnedAt: null });
    expect(await found(renamed)).toEqual([returned.id]);
    expect(await found(phone)).toEqual([returned.id]);
  });

  it("All Leads unread only: its total is the admin's kept unread count, the leads without their read", async () => {
    const { actor: admin } = await signedInAdmin();
    const { agent } = await signedInAgent();
    const [opened] = await Promise.all([createLead(agent.id), createLead(agent.id)]);
    await markLeadRead(admin, opened!.id);
    const counted = await selectOne(
      sql`SELECT COUNT(*) AS total FROM applications a
          WHERE NOT EXISTS (SELECT 1 FROM lead_reads r WHERE r.user_id = ${admin.id} AND r.application_id = a.id)`,
      z.object({ total: column.integer }),
    );
    const unread = await listAllLeads(admin, allLeadsFromSearch(new URLSearchParams({ unread: "1", pageSize: "5" })));
    expect(unread.total).toBe(counted!.total);
    expect(unread.rows.map((row) => row.isUnread)).toEqual(unread.rows.map(() => true));
    expect(unread.rows.map((row) => row.id)).not.toContain(opened!.id);
  });

  it("finds the leads written before the index was made, and leaves out those returned before (the migrations' backfill)", async () => {
    const { me, found } = await agentSearch();
    const context = { queryInterface: sequelize.getQueryInterface() };
    await sequelize.transaction(async (transaction) => {
      await searchTermsReturned.down({ context: { ...context, transaction } });
      await leadSearchTerms.down({ context: { ...context, transaction } });
    });
    const last = uniqueName("Before");
    const phone = uniquePhone();
    let lead: Application;
    let returned: Application;
    try {
      lead = await createLead(
        me.agent.id,
        { lastName: last, email: null },
        { phones: [{ phoneNumber: phone, phoneType: "mobile", isPrimary: true }] },
      );
      returned = await createLead(me.agent.id, { lastName: last, email: null, returnedAt: new Date() });
    } finally {
      await sequelize.transaction(async (transaction) => {
        await leadSearchTerms.up({ context: { ...context, transaction } });
        await searchTermsReturned.up({ context: { ...context, transaction } });
      });
    }
    expect(await found(last)).toEqual([lead.id]);
    expect(await found(phone)).toEqual([lead.id]);
    // Migration 052 flagged the lead returned before it: All Leads finds it, My Leads does not.
    const { actor: admin } = await signedInAdmin();
    const all = await listAllLeads(admin, allLeadsFromSearch(new URLSearchParams({ search: last })));
    expect(all.rows.map((row) => row.id).sort()).toEqual([lead.id, returned!.id].sort());
  });
});
