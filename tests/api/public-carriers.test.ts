import { describe, expect, it } from "vitest";
import { Agent, Application, Carrier } from "~db";
import { PRESET_CARRIERS } from "~/domain/carriers";
import { SETUP_MESSAGES } from "~/domain/schemas/setup";
import { loader as pageLoader } from "~/routes/_public+/submitapplication";
import { action as carriersAction } from "~/routes/api+/agent.carriers";
import { action as setupAction } from "~/routes/api+/agent.setup";
import { action as applicationsAction } from "~/routes/api+/public.applications";
import { loader as publicCarriersLoader } from "~/routes/api+/public.carriers";
import { completeSetup, updateCarriers } from "~/services/carriers.server";
import { createAgent, signInAs } from "../support/factories";
import { applicationPayload, carrierId, uniqueName } from "../support/application-factories";
import { callRoute, jsonOf } from "../support/http";

// Item 9 of issue 9: carrier names agents type are shown to the public, so they are checked where
// they are accepted, and the public list holds only the catalogue and the carriers of agents who
// take applications.

type Row = { id: string; name: string };
type ApiError = { error: string; fieldErrors?: Record<string, string[]> };

const LEVEL = [{ name: "Level", commissionRate: 80 }];

async function agentWith(status: "approved" | "pending" | "paused" | "rejected", carrierName: string) {
  const { user, agent } = await createAgent({ setupComplete: false });
  const { actor } = await signInAs(user);
  await completeSetup(actor, { carriers: [{ name: carrierName, products: LEVEL }], licensedStates: ["FL"] });
  if (status !== "approved") await Agent.update({ status }, { where: { id: agent.id } });
  return { user, agent, actor };
}

async function publicNames() {
  const res = await callRoute(publicCarriersLoader, { path: "/api/public/carriers?pageSize=500" });
  expect(res.status).toBe(200);
  return (await jsonOf<Row[]>(res)).map((c) => c.name);
}

describe("custom carrier names are checked where agents type them", () => {
  const bad: [string, string][] = [
    ["right-to-left override", "Acme \u202Eefil\u202C Life"],
    ["left-to-right isolate", "Acme \u2066Life\u2069"],
    ["right-to-left mark", "Acme\u200F Life"],
    ["zero-width joiner", "Ac\u200Dme Life"],
    ["tab inside", "Acme\tLife"],
    ["line separator", "Acme\u2028Life"],
    ["C1 control", "Acme\u0085Life"],
  ];
  // NUL bytes and lone surrogates never get this far: every request body is cleaned of them
  // first. The name rule refuses them too (tests/unit/carriers.test.ts).

  it.each(bad)("POST /api/agent/setup refuses a name with a %s at the field", async (_kind, name) => {
    const { user } = await createAgent({ setupComplete: false });
    const { cookie } = await signInAs(user);
    const res = await callRoute(setupAction, {
      method: "POST",
      path: "/api/agent/setup",
      json: { carriers: [{ name, products: LEVEL }], licensedStates: ["Florida"] },
      cookie,
    });
    expect(res.status).toBe(400);
    const body = await jsonOf<ApiError>(res);
    expect(body.fieldErrors?.["carriers.0.name"]).toEqual([SETUP_MESSAGES.carrierNameCharacters]);
    expect(await Carrier.count({ where: { name } })).toBe(0);
  });

  it("PUT /api/agent/carriers refuses a name over 60 characters and trims one that fits", async () => {
    const { user } = await createAgent();
    const { cookie } = await signInAs(user);
    const put = (name: string) =>
      callRoute(carriersAction, {
        method: "PUT",
        path: "/api/agent/carriers",
        json: { carriers: [{ name, products: [{ name: "Level", compPercentage: 80 }] }], licensedStates: ["FL"] },
        cookie,
      });
    const long = `${uniqueName("Carrier")} ${"x".repeat(60)}`;
    const refused = await put(long);
    expect(refused.status).toBe(400);
    expect((await jsonOf<ApiError>(refused)).fieldErrors?.["carriers.0.name"]).toEqual([
      "Carrier names can be at most 60 characters.",
    ]);

    const fits = uniqueName("Heartland Life ").padEnd(60, "x");
    const saved = await put(`   ${fits}   `);
    expect(saved.status).toBe(200);
    expect((await jsonOf<{ carriers: Row[] }>(saved)).carriers.map((c) => c.name)).toEqual([fits]);
  });

  it("the services refuse them too, whoever calls them", async () => {
    const { user } = await createAgent({ setupComplete: false });
    const { actor } = await signInAs(user);
    const input = { carriers: [{ name: "\u202EefiL emhcA", products: LEVEL }], licensedStates: ["FL"] };
    await expect(completeSetup(actor, input)).rejects.toMatchObject({
      status: 400,
      fieldErrors: { "carriers.0.name": [SETUP_MESSAGES.carrierNameCharacters] },
    });
    await expect(updateCarriers(actor, input)).rejects.toMatchObject({ status: 400 });
  });
});

describe("the public carrier list", () => {
  it("is the preset catalogue plus the carriers of agents who take applications, nothing else", async () => {
    const approved = uniqueName("Approved Mutual ");
    const pending = uniqueName("Pending Mutual ");
    const paused = uniqueName("Paused Mutual ");
    const rejected = uniqueName("Rejected Mutual ");
    const dropped = uniqueName("Dropped Mutual ");
    await agentWith("approved", approved);
    await agentWith("pending", pending);
    await agentWith("paused", paused);
    await agentWith("rejected", rejected);
    // An approved agent who carried a carrier and then dropped it.
    const { actor } = await agentWith("approved", dropped);
    await updateCarriers(actor, {
      carriers: [{ name: "Aetna", products: [{ name: "Level", compPercentage: 80 }] }],
      licensedStates: ["FL"],
    });

    const names = await publicNames();
    for (const preset of PRESET_CARRIERS) expect(names).toContain(preset);
    expect(names).toContain(approved);
    for (const hidden of [pending, paused, rejected, dropped]) expect(names).not.toContain(hidden);
    // Listed once, even when several approved agents carry it.
    expect(names.filter((n) => n === "Aetna")).toHaveLength(1);

    const page = await jsonOf<{ carriers: Row[] }>(await callRoute(pageLoader, { path: "/submitapplication" }));
    expect(page.carriers.map((c) => c.name)).toEqual(names);
  });

  it("a paused agent's carrier leaves the list, and a prospect cannot choose it by id", async () => {
    const name = uniqueName("Soon Paused Life ");
    const { agent } = await agentWith("approved", name);
    expect(await publicNames()).toContain(name);
    await Agent.update({ status: "paused" }, { where: { id: agent.id } });
    expect(await publicNames()).not.toContain(name);

    const { agent: taker } = await createAgent({ status: "approved", licensedStates: ["FL"] });
    const hidden = await carrierId(name);
    const payload = applicationPayload(taker.id, hidden);
    const res = await callRoute(applicationsAction, {
      method: "POST",
      path: "/api/public/applications",
      json: payload,
    });
    expect(res.status).toBe(400);
    expect((await jsonOf<ApiError>(res)).fieldErrors?.carrierId).toEqual(["Please select a carrier from the list."]);
    expect(await Application.count({ where: { lastName: payload.lastName } })).toBe(0);
  });
});

describe("the public carrier list follows the public agent list", () => {
  it("leaves out a carrier only an approved agent still in setup carries, as it leaves the agent out", async () => {
    const name = uniqueName("In Setup Life ");
    const { agent } = await agentWith("approved", name);
    expect(await publicNames()).toContain(name);
    // An approved agent sent back to setup takes no applications: neither they nor their carrier show.
    await Agent.update({ setupComplete: false }, { where: { id: agent.id } });
    expect(await publicNames()).not.toContain(name);
    const page = await jsonOf<{ agents: { id: string }[]; carriers: Row[] }>(
      await callRoute(pageLoader, { path: "/submitapplication" }),
    );
    expect(page.agents.map((a) => a.id)).not.toContain(agent.id);
    expect(page.carriers.map((c) => c.name)).not.toContain(name);
  });
});
