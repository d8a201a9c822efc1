import { describe, expect, it } from "vitest";
import { Agent, AgentCarrier, Carrier, LicensedState, Product } from "~db";
import { COMBINED_PRODUCTS, PRESET_CARRIERS } from "~/domain/carriers";
import { action as carriersAction } from "~/routes/api+/agent.carriers";
import { loader as agentProductsLoader } from "~/routes/api+/agent.products.$carrierId";
import { action as setupAction, loader as setupLoader } from "~/routes/api+/agent.setup";
import { loader as allProductsLoader } from "~/routes/api+/products.all";
import { loader as publicCarriersLoader } from "~/routes/api+/public.carriers";
import { loader as agentLayoutLoader } from "~/routes/agent+/_layout";
import { action as carrierSetupAction, loader as carrierSetupLoader } from "~/routes/agent+/carrier-setup";
import { loader as agentDashboardLoader } from "~/routes/agent+/dashboard";
import { loader as catchAllLoader } from "~/routes/$";
import { loader as landingLoader } from "~/routes/_public+/_index";
import { action as wizardAction, loader as wizardLoader } from "~/routes/agent+/setup";
import { completeSetup, getAgentSetup, listAgentProducts, skipSetup, updateCarriers } from "~/services/carriers.server";
import { ServiceError } from "~/services/errors.server";
import { createAdmin, createAgent, giveCarrier, signInAs } from "../support/factories";
import { callRoute, jsonOf } from "../support/http";

type ErrorBody = { error: string; fieldErrors?: Record<string, string[]> };
type SetupBody = {
  success: boolean;
  message: string;
  setupComplete: boolean;
  carriers: {
    id: string;
    name: string;
    products: { id: string; name: string; compPercentage: number; commissionRate: number }[];
  }[];
  licensedStates: string[];
};

async function newAgent() {
  const { user, agent } = await createAgent({ setupComplete: false });
  const session = await signInAs(user);
  return { user, agent, ...session };
}

function postSetup(cookie: string, json: unknown) {
  return callRoute(setupAction, { method: "POST", path: "/api/agent/setup", json, cookie });
}

const aetna = (rate: number | string = 80, name = "Final Expense") => ({
  name: "Aetna",
  products: [{ name, commissionRate: rate }],
});
const combined = (rates: (number | string)[] = [50, 50, 50, 50]) => ({
  name: "Combined",
  products: COMBINED_PRODUCTS.map((name, i) => ({ name, commissionRate: rates[i] })),
});

async function expect400(res: Response, message: string | RegExp) {
  expect(res.status).toBe(400);
  const body = await jsonOf<ErrorBody>(res);
  if (typeof message === "string") expect(body.error).toBe(message);
  else expect(body.error).toMatch(message);
  return body;
}

describe("POST /api/agent/setup validation (part 2, section 5)", () => {
  it("refuses a setup without carriers: Please select at least one carrier.", async () => {
    const { cookie } = await newAgent();
    const res = await postSetup(cookie, { carriers: [], licensedStates: ["FL"] });
    const body = await expect400(res, "Please select at least one carrier.");
    expect(body.fieldErrors?.carriers).toEqual(["Please select at least one carrier."]);
    await expect400(await postSetup(cookie, { licensedStates: ["FL"] }), "Please select at least one carrier.");
  });

  it("refuses a carrier without products: {carrier} must have at least one product.", async () => {
    const { cookie } = await newAgent();
    const res = await postSetup(cookie, { carriers: [{ name: "Aetna", products: [] }], licensedStates: ["FL"] });
    const body = await expect400(res, "Aetna must have at least one product.");
    expect(body.fieldErrors?.["carriers.0.products"]).toEqual(["Aetna must have at least one product."]);
  });

  it("refuses an empty product name", async () => {
    const { cookie } = await newAgent();
    const res = await postSetup(cookie, { carriers: [aetna(80, "   ")], licensedStates: ["FL"] });
    const body = await expect400(res, "Please enter a product name.");
    expect(body.fieldErrors?.["carriers.0.products.0.name"]).toBeDefined();
  });

  it("refuses rates of 0, below 0 and above 999, and missing or non-numeric rates", async () => {
    const { cookie } = await newAgent();
    for (const rate of [0, -5, "", "abc", null]) {
      const res = await postSetup(cookie, { carriers: [aetna(rate as number)], licensedStates: ["FL"] });
      const body = await expect400(res, "All products must have a commission percentage greater than 0%.");
      expect(body.fieldErrors?.["carriers.0.products.0.commissionRate"]).toBeDefined();
    }
    await expect400(
      await postSetup(cookie, { carriers: [aetna(1000)], licensedStates: ["FL"] }),
      "Commission percentage cannot be more than 999%.",
    );
    await expect400(
      await postSetup(cookie, { carriers: [aetna(999.1)], licensedStates: ["FL"] }),
      "Commission percentage cannot be more than 999%.",
    );
    await expect400(
      await postSetup(cookie, { carriers: [aetna(12.34)], licensedStates: ["FL"] }),
      "Commission percentage must be in steps of 0.1.",
    );
  });

  it("accepts 999 and 0.1 (rates may exceed 100%), and compPercentage or a numeric string for the rate", async () => {
    const { cookie } = await newAgent();
    const res = await postSetup(cookie, {
      carriers: [
        {
          name: "Aetna",
          products: [
            { name: "Top", commissionRate: 999 },
            { name: "Low", commissionRate: 0.1 },
          ],
        },
        { name: "Americo", products: [{ name: "Eagle", compPercentage: "115.5" }] },
      ],
      licensedStates: ["FL"],
    });
    expect(res.status).toBe(200);
    const body = await jsonOf<SetupBody>(res);
    const rates = body.carriers.flatMap((c) => c.products.map((p) => `${c.name}:${p.name}:${p.compPercentage}`));
    expect(rates.sort()).toEqual(["Aetna:Low:0.1", "Aetna:Top:999", "Americo:Eagle:115.5"]);
  });

  it("keeps Combined to its four fixed products: names in any case are normalized, extra, missing or renamed ones refused", async () => {
    const { cookie } = await newAgent();
    const fixedMessage =
      /Combined has four fixed products: GL Preferred, GL Standard, GL Sub Standard, GL Graded Benefit/;
    const extra = { ...combined(), products: [...combined().products, { name: "GL Super", commissionRate: 50 }] };
    await expect400(await postSetup(cookie, { carriers: [extra], licensedStates: ["FL"] }), fixedMessage);
    const missing = { ...combined(), products: combined().products.slice(0, 3) };
    await expect400(await postSetup(cookie, { carriers: [missing], licensedStates: ["FL"] }), fixedMessage);
    const renamed = {
      ...combined(),
      products: combined().products.map((p, i) => (i === 0 ? { ...p, name: "Preferred Plus" } : p)),
    };
    await expect400(await postSetup(cookie, { carriers: [renamed], licensedStates: ["FL"] }), fixedMessage);
    const repeated = { ...combined(), products: combined().products.map((p) => ({ ...p, name: "GL Standard" })) };
    await expect400(await postSetup(cookie, { carriers: [repeated], licensedStates: ["FL"] }), fixedMessage);
    // Combined's rates must be above 0 like any other product.
    await expect400(
      await postSetup(cookie, { carriers: [combined([50, 0, 50, 50])], licensedStates: ["FL"] }),
      "All products must have a commission percentage greater than 0%.",
    );

    const lower = {
      name: "combined",
      products: [...COMBINED_PRODUCTS]
        .reverse()
        .map((name, i) => ({ name: name.toLowerCase(), commissionRate: 60 + i })),
    };
    const res = await postSetup(cookie, { carriers: [lower], licensedStates: ["FL"] });
    expect(res.status).toBe(200);
    const body = await jsonOf<SetupBody>(res);
    expect(body.carriers).toHaveLength(1);
    expect(body.carriers[0]!.name).toBe("Combined");
    expect(body.carriers[0]!.products.map((p) => p.name)).toEqual([...COMBINED_PRODUCTS]);
    expect(body.carriers[0]!.products.map((p) => p.compPercentage)).toEqual([63, 62, 61, 60]);
  });

  it("applies the Combined rule to a carrier given by id as well", async () => {
    const { cookie } = await newAgent();
    const carrier = (await Carrier.findOne({ where: { name: "Combined" } }))!;
    const res = await postSetup(cookie, {
      carriers: [{ id: carrier.id, products: [{ name: "Anything", commissionRate: 10 }] }],
      licensedStates: ["FL"],
    });
    await expect400(res, /Combined has four fixed products/);
  });

  it("refuses the same carrier twice, by name in any case or by id and name", async () => {
    const { cookie } = await newAgent();
    const twice = await postSetup(cookie, {
      carriers: [aetna(), { ...aetna(), name: " aetna " }],
      licensedStates: ["FL"],
    });
    const body = await expect400(twice, "A carrier cannot be added twice.");
    expect(body.fieldErrors?.["carriers.1.name"]).toEqual(["A carrier cannot be added twice."]);
    const aetnaRow = (await Carrier.findOne({ where: { name: "Aetna" } }))!;
    const mixed = await postSetup(cookie, {
      carriers: [{ id: aetnaRow.id, products: [{ name: "A", commissionRate: 5 }] }, aetna()],
      licensedStates: ["FL"],
    });
    await expect400(mixed, "A carrier cannot be added twice.");
  });

  it("refuses an unknown carrier id with 400", async () => {
    const { cookie } = await newAgent();
    for (const id of ["not-a-uuid", "00000000-0000-4000-8000-000000000000"]) {
      const res = await postSetup(cookie, {
        carriers: [{ id, products: [{ name: "A", commissionRate: 5 }] }],
        licensedStates: ["FL"],
      });
      await expect400(res, "Carrier not found");
    }
  });

  it("refuses a setup without licensed states: Please select at least one licensed state.", async () => {
    const { cookie } = await newAgent();
    const res = await postSetup(cookie, { carriers: [aetna()], licensedStates: [] });
    const body = await expect400(res, "Please select at least one licensed state.");
    expect(body.fieldErrors?.licensedStates).toEqual(["Please select at least one licensed state."]);
    await expect400(await postSetup(cookie, { carriers: [aetna()] }), "Please select at least one licensed state.");
  });

  it("answers 400 listing unknown states and saves nothing", async () => {
    const { cookie, agent } = await newAgent();
    const res = await postSetup(cookie, { carriers: [aetna()], licensedStates: ["Florida", "Atlantis", "ZZ", "TX"] });
    const body = await expect400(res, "Invalid entries: Atlantis, ZZ");
    expect(body.fieldErrors?.licensedStates).toEqual(["Invalid entries: Atlantis, ZZ"]);
    expect(await LicensedState.count({ where: { agentId: agent.id } })).toBe(0);
    expect((await Agent.findByPk(agent.id))!.setupComplete).toBe(false);
  });

  it("accepts states by name or code in any case and drops duplicates", async () => {
    const { cookie, agent } = await newAgent();
    const res = await postSetup(cookie, {
      carriers: [aetna()],
      licensedStates: ["florida", "FL", "tx", "Texas", " new york ", "ny"],
    });
    expect(res.status).toBe(200);
    const body = await jsonOf<SetupBody>(res);
    expect(body.licensedStates).toEqual(["Florida", "New York", "Texas"]);
    const codes = (await LicensedState.findAll({ where: { agentId: agent.id } })).map((s) => s.state).sort();
    expect(codes).toEqual(["FL", "NY", "TX"]);
  });

  it("answers 400, not 500, for a malformed body", async () => {
    const { cookie } = await newAgent();
    const bad = await callRoute(setupAction, { method: "POST", path: "/api/agent/setup", rawBody: "{oops", cookie });
    expect(bad.status).toBe(400);
    const wrongTypes = await postSetup(cookie, { carriers: "Aetna", licensedStates: 5 });
    expect(wrongTypes.status).toBe(400);
    const nested = await postSetup(cookie, { carriers: [{ name: "Aetna", products: "x" }], licensedStates: ["FL"] });
    expect(nested.status).toBe(400);
  });
});

describe("completing and skipping setup", () => {
  it("saves carriers, products and states, marks setupComplete, and the agent layout stops redirecting", async () => {
    const { cookie, agent } = await newAgent();
    const before = await callRoute(agentLayoutLoader, { path: "/agent/dashboard", cookie });
    expect(before.status).toBe(302);
    expect(before.headers.get("Location")).toBe("/agent/setup");
    // The setup paths themselves are reachable while setup is not complete.
    for (const path of ["/agent/setup", "/agent/carrier-setup"]) {
      expect((await callRoute(agentLayoutLoader, { path, cookie })).status).toBe(200);
    }

    const res = await postSetup(cookie, {
      carriers: [combined([55, 50, 45, 40]), aetna(90)],
      licensedStates: ["FL", "GA"],
    });
    expect(res.status).toBe(200);
    const body = await jsonOf<SetupBody>(res);
    expect(body.message).toBe("Setup completed successfully");
    expect(body.setupComplete).toBe(true);
    expect(body.carriers.map((c) => c.name)).toEqual(["Aetna", "Combined"]);
    expect((await Agent.findByPk(agent.id))!.setupComplete).toBe(true);
    expect(await AgentCarrier.count({ where: { agentId: agent.id } })).toBe(2);
    expect(await Product.count({ where: { agentId: agent.id } })).toBe(5);

    const after = await callRoute(agentLayoutLoader, { path: "/agent/dashboard", cookie });
    expect(after.status).toBe(200);

    const saved = await jsonOf<SetupBody>(await callRoute(setupLoader, { path: "/api/agent/setup", cookie }));
    expect(saved.licensedStates).toEqual(["Florida", "Georgia"]);
    expect(saved.carriers.find((c) => c.name === "Combined")!.products.map((p) => p.commissionRate)).toEqual([
      55, 50, 45, 40,
    ]);
  });

  it("replaces an earlier setup and keeps the row of a product that stays", async () => {
    const { actor, agent } = await newAgent();
    const first = await completeSetup(actor, {
      carriers: [
        {
          name: "Aetna",
          products: [
            { name: "Level", commissionRate: 80 },
            { name: "Graded", commissionRate: 60 },
          ],
        },
        { name: "Ethos", products: [{ name: "Term", commissionRate: 30 }] },
      ],
      licensedStates: ["FL", "TX"],
    });
    const levelId = first.carriers.find((c) => c.name === "Aetna")!.products.find((p) => p.name === "Level")!.id;
    const second = await completeSetup(actor, {
      carriers: [{ name: "Aetna", products: [{ name: "level", commissionRate: 85 }] }],
      licensedStates: ["GA"],
    });
    expect(second.carriers).toHaveLength(1);
    expect(second.carriers[0]!.products).toEqual([
      { id: levelId, name: "level", compPercentage: 85, commissionRate: 85 },
    ]);
    expect(second.licensedStates).toEqual(["Georgia"]);
    // The products no longer listed are archived, not deleted (issue 7: sales keep their product).
    expect(await Product.count({ where: { agentId: agent.id, archivedAt: null } })).toBe(1);
    expect(await Product.count({ where: { agentId: agent.id } })).toBe(3);
    expect(await AgentCarrier.count({ where: { agentId: agent.id } })).toBe(1);
  });

  it("creates a typed custom carrier once, reuses it whatever the case, and lists it publicly", async () => {
    const a = await newAgent();
    const b = await newAgent();
    const name = `Heartland Mutual ${Date.now()}`;
    await completeSetup(a.actor, {
      carriers: [{ name, products: [{ name: "Plan A", commissionRate: 40 }] }],
      licensedStates: ["OH"],
    });
    await completeSetup(b.actor, {
      carriers: [{ name: name.toUpperCase(), products: [{ name: "Plan B", commissionRate: 45 }] }],
      licensedStates: ["OH"],
    });
    const rows = await Carrier.findAll({ where: { name } });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.preset).toBe(false);
    expect((await getAgentSetup(b.actor)).carriers[0]!.name).toBe(name);
    const list = await jsonOf<{ id: string; name: string }[]>(
      await callRoute(publicCarriersLoader, { path: "/api/public/carriers" }),
    );
    expect(list.some((c) => c.name === name)).toBe(true);
  });

  it("does not touch anything when validation fails", async () => {
    const { actor, agent } = await newAgent();
    await completeSetup(actor, { carriers: [aetna(80)], licensedStates: ["FL"] });
    await expect(completeSetup(actor, { carriers: [aetna(0)], licensedStates: ["TX"] })).rejects.toBeInstanceOf(
      ServiceError,
    );
    const setup = await getAgentSetup(actor);
    expect(setup.carriers[0]!.products[0]!.compPercentage).toBe(80);
    expect(setup.licensedStates).toEqual(["Florida"]);
    expect((await Agent.findByPk(agent.id))!.setupComplete).toBe(true);
  });

  it("Skip for Now ({ skip: true }) completes the setup with empty carriers and states", async () => {
    const { cookie, agent } = await newAgent();
    const res = await postSetup(cookie, { skip: true });
    expect(res.status).toBe(200);
    const body = await jsonOf<SetupBody>(res);
    expect(body.message).toBe("Setup skipped");
    expect(body.setupComplete).toBe(true);
    expect(body.carriers).toEqual([]);
    expect(body.licensedStates).toEqual([]);
    expect((await Agent.findByPk(agent.id))!.setupComplete).toBe(true);
    expect((await callRoute(agentLayoutLoader, { path: "/agent/leads", cookie })).status).toBe(200);
  });

  it("skipping never wipes carriers an agent saved before", async () => {
    const { actor } = await newAgent();
    await completeSetup(actor, { carriers: [aetna(80)], licensedStates: ["FL"] });
    const after = await skipSetup(actor);
    expect(after.carriers.map((c) => c.name)).toEqual(["Aetna"]);
  });
});

describe("the setup gate on every agent page request, documents and data alike", () => {
  // With single fetch a data request may ask for one route's loader alone
  // (/agent/dashboard.data?_routes=routes/agent+/dashboard): the layout's loader does not run, so
  // the gate must hold in the child's loader too. Remix hands that loader the URL without ".data".
  it("a child loader asked alone sends an agent whose setup is not complete to /agent/setup", async () => {
    const { cookie } = await newAgent();
    for (const path of [
      "/agent/dashboard",
      "/agent/dashboard?_routes=routes%2Fagent%2B%2Fdashboard",
      "/agent/dashboard.data?_routes=routes%2Fagent%2B%2Fdashboard",
    ]) {
      const res = await callRoute(agentDashboardLoader, { path, cookie });
      expect(res.status, path).toBe(302);
      expect(res.headers.get("Location"), path).toBe("/agent/setup");
    }
    // An unknown agent path is gated before it is a 404.
    const unknown = await callRoute(catchAllLoader, { path: "/agent/leads", cookie });
    expect(unknown.headers.get("Location")).toBe("/agent/setup");
  });

  it("the landing page sends an agent in setup to /agent/setup, and stays open to everyone else", async () => {
    const { cookie } = await newAgent();
    const gated = await callRoute(landingLoader, { path: "/", cookie });
    expect(gated.status).toBe(302);
    expect(gated.headers.get("Location")).toBe("/agent/setup");
    expect((await callRoute(landingLoader, { path: "/" })).status).toBe(200);
    const { user } = await createAgent();
    expect((await callRoute(landingLoader, { path: "/", cookie: (await signInAs(user)).cookie })).status).toBe(200);
    const admin = await createAdmin();
    expect((await callRoute(landingLoader, { path: "/", cookie: (await signInAs(admin)).cookie })).status).toBe(200);
  });

  it("the setup pages and the setup API stay open; once setup is complete the dashboard loads", async () => {
    const { cookie } = await newAgent();
    expect((await callRoute(wizardLoader, { path: "/agent/setup", cookie })).status).toBe(200);
    expect((await callRoute(wizardLoader, { path: "/agent/setup.data", cookie })).status).toBe(200);
    expect((await callRoute(carrierSetupLoader, { path: "/agent/carrier-setup", cookie })).status).toBe(200);
    expect((await callRoute(setupLoader, { path: "/api/agent/setup", cookie })).status).toBe(200);
    expect((await postSetup(cookie, { skip: true })).status).toBe(200);
    expect((await callRoute(agentDashboardLoader, { path: "/agent/dashboard", cookie })).status).toBe(200);
  });
});

describe("PUT /api/agent/carriers", () => {
  function putCarriers(cookie: string, json: unknown) {
    return callRoute(carriersAction, { method: "PUT", path: "/api/agent/carriers", json, cookie });
  }

  it("replaces carriers and states with rates above 100 and answers Carriers updated", async () => {
    const { user, agent } = await createAgent();
    await giveCarrier(agent.id, "Aetna", "Old", 70);
    const { cookie } = await signInAs(user);
    const res = await putCarriers(cookie, {
      carriers: [
        {
          name: "Foresters",
          products: [
            { name: "Strong", compPercentage: 999 },
            { name: "Tenth", compPercentage: 0.1 },
          ],
        },
      ],
      licensedStates: ["Ohio", "ky"],
    });
    expect(res.status).toBe(200);
    const body = await jsonOf<SetupBody>(res);
    expect(body.message).toBe("Carriers updated");
    expect(body.carriers.map((c) => c.name)).toEqual(["Foresters"]);
    expect(body.carriers[0]!.products.map((p) => [p.name, p.compPercentage])).toEqual([
      ["Strong", 999],
      ["Tenth", 0.1],
    ]);
    expect(body.licensedStates).toEqual(["Kentucky", "Ohio"]);
    expect(await Product.count({ where: { agentId: agent.id, archivedAt: null } })).toBe(2);
  });

  it("takes a saved 105% and a saved 0% back unchanged; a new 0% is refused at its field", async () => {
    const { user, agent } = await createAgent();
    await giveCarrier(agent.id, "Aetna", "Final Expense", 105);
    await giveCarrier(agent.id, "Aetna", "Legacy", 0);
    const { cookie } = await signInAs(user);
    const products = [
      { name: "Final Expense", compPercentage: 105 },
      { name: "Legacy", compPercentage: 0 },
    ];
    const same = await putCarriers(cookie, { carriers: [{ name: "Aetna", products }], licensedStates: ["FL"] });
    expect(same.status).toBe(200);
    const withNew = await putCarriers(cookie, {
      carriers: [{ name: "Aetna", products: [...products, { name: "Fresh", compPercentage: 0 }] }],
      licensedStates: ["FL"],
    });
    const body = await expect400(withNew, "All products must have a commission percentage greater than 0%.");
    expect(body.fieldErrors?.["carriers.0.products.2.commissionRate"]).toEqual([
      "All products must have a commission percentage greater than 0%.",
    ]);
    expect(await Product.count({ where: { agentId: agent.id, archivedAt: null } })).toBe(2);
  });

  it("refuses rates above 999, of 0 or less or off the 0.1 step, as setup does, and keeps the other rules", async () => {
    const { user } = await createAgent();
    const { cookie } = await signInAs(user);
    const one = (compPercentage: unknown) => ({
      carriers: [{ name: "Aetna", products: [{ name: "P", compPercentage }] }],
      licensedStates: ["FL"],
    });
    await expect400(await putCarriers(cookie, one(999.1)), "Commission percentage cannot be more than 999%.");
    const positive = "All products must have a commission percentage greater than 0%.";
    for (const bad of [-1, 0, ""]) await expect400(await putCarriers(cookie, one(bad)), positive);
    await expect400(await putCarriers(cookie, one(10.05)), "Commission percentage must be in steps of 0.1.");
    await expect400(
      await putCarriers(cookie, { carriers: [], licensedStates: ["FL"] }),
      "Please select at least one carrier.",
    );
    await expect400(
      await putCarriers(cookie, { carriers: [{ name: "Aetna", products: [] }], licensedStates: ["FL"] }),
      "Aetna must have at least one product.",
    );
    await expect400(
      await putCarriers(cookie, { ...one(50), licensedStates: [] }),
      "At least one licensed state is required.",
    );
  });

  it("answers 405 for other methods", async () => {
    const { user } = await createAgent();
    const { cookie } = await signInAs(user);
    const res = await callRoute(carriersAction, { method: "POST", path: "/api/agent/carriers", json: {}, cookie });
    expect(res.status).toBe(405);
  });

  it("does not change the setup flag", async () => {
    const { actor, agent } = await newAgent();
    await updateCarriers(actor, {
      carriers: [{ name: "Aetna", products: [{ name: "P", compPercentage: 10 }] }],
      licensedStates: ["FL"],
    });
    expect((await Agent.findByPk(agent.id))!.setupComplete).toBe(false);
  });
});

describe("product and carrier lists", () => {
  it("GET /api/public/carriers lists the 18 presets by name, for anyone, never cached (no-store like every /api answer)", async () => {
    const res = await callRoute(publicCarriersLoader, { path: "/api/public/carriers" });
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const list = await jsonOf<{ id: string; name: string }[]>(res);
    for (const name of PRESET_CARRIERS) expect(list.some((c) => c.name === name)).toBe(true);
    const presets = list.filter((c) => (PRESET_CARRIERS as readonly string[]).includes(c.name));
    expect(presets).toHaveLength(18);
    const names = list.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en-US", { sensitivity: "base" })));
    expect(Object.keys(list[0]!).sort()).toEqual(["id", "name"]);
    expect(Number(res.headers.get("X-Total-Count"))).toBe(list.length);
  });

  it("GET /api/agent/products/{carrierId} gives the agent's own products; another agent's stay hidden", async () => {
    const a = await createAgent();
    const b = await createAgent();
    const { carrier, product } = await giveCarrier(a.agent.id, "Americo", "Eagle Select", 95);
    const cookieA = (await signInAs(a.user)).cookie;
    const cookieB = (await signInAs(b.user)).cookie;
    const path = `/api/agent/products/${carrier.id}`;

    const own = await callRoute(agentProductsLoader, { path, params: { carrierId: carrier.id }, cookie: cookieA });
    expect(own.status).toBe(200);
    expect(await jsonOf(own)).toEqual([{ id: product.id, name: "Eagle Select", compPercentage: 95 }]);

    const other = await callRoute(agentProductsLoader, { path, params: { carrierId: carrier.id }, cookie: cookieB });
    expect(other.status).toBe(200);
    expect(await jsonOf(other)).toEqual([]);

    for (const carrierId of ["00000000-0000-4000-8000-000000000000", "nope"]) {
      const res = await callRoute(agentProductsLoader, {
        path: `/api/agent/products/${carrierId}`,
        params: { carrierId },
        cookie: cookieA,
      });
      expect(res.status).toBe(404);
      expect((await jsonOf(res)).error).toBe("Carrier not found");
    }
    expect(await listAgentProducts((await signInAs(b.user)).actor, carrier.id)).toEqual([]);
  });

  it("GET /api/products/all: an agent sees only their own products, an admin everyone's", async () => {
    const a = await createAgent();
    const b = await createAgent();
    await giveCarrier(a.agent.id, "SBLI", "A-only product", 50);
    const bProduct = (await giveCarrier(b.agent.id, "SBLI", "B-only product", 60)).product;

    const resA = await callRoute(allProductsLoader, {
      path: "/api/products/all",
      cookie: (await signInAs(a.user)).cookie,
    });
    expect(resA.status).toBe(200);
    const listA = await jsonOf<{ id: string; name: string; compPercentage: number; carrier: { name: string } }[]>(resA);
    expect(listA).toEqual([
      { id: expect.any(String), name: "A-only product", compPercentage: 50, carrier: { name: "SBLI" } },
    ]);
    expect(resA.headers.get("X-Total-Count")).toBe("1");

    const admin = await createAdmin();
    const resAdmin = await callRoute(allProductsLoader, {
      path: "/api/products/all?pageSize=500",
      cookie: (await signInAs(admin)).cookie,
    });
    const listAdmin = await jsonOf<{ id: string; agentId: string }[]>(resAdmin);
    expect(listAdmin.find((p) => p.id === bProduct.id)?.agentId).toBe(b.agent.id);
    expect(listAdmin.every((p) => p.agentId)).toBe(true);
  });
});

describe("access", () => {
  it("signed out: 401 on every agent endpoint and on /api/products/all", async () => {
    const carrier = (await Carrier.findOne({ where: { name: "Aetna" } }))!;
    const answers = [
      await callRoute(setupAction, {
        method: "POST",
        path: "/api/agent/setup",
        json: { carriers: [aetna()], licensedStates: ["FL"] },
      }),
      await callRoute(setupLoader, { path: "/api/agent/setup" }),
      await callRoute(carriersAction, { method: "PUT", path: "/api/agent/carriers", json: {} }),
      await callRoute(agentProductsLoader, {
        path: `/api/agent/products/${carrier.id}`,
        params: { carrierId: carrier.id },
      }),
      await callRoute(allProductsLoader, { path: "/api/products/all" }),
    ];
    for (const res of answers) {
      expect(res.status).toBe(401);
      expect((await jsonOf(res)).error).toBe("Not signed in");
    }
  });

  it("an admin gets 403 on the agent endpoints", async () => {
    const admin = await createAdmin();
    const { cookie, actor } = await signInAs(admin);
    const carrier = (await Carrier.findOne({ where: { name: "Aetna" } }))!;
    const answers = [
      await callRoute(setupAction, {
        method: "POST",
        path: "/api/agent/setup",
        json: { carriers: [aetna()], licensedStates: ["FL"] },
        cookie,
      }),
      await callRoute(setupAction, { method: "POST", path: "/api/agent/setup", json: { skip: true }, cookie }),
      await callRoute(setupLoader, { path: "/api/agent/setup", cookie }),
      await callRoute(carriersAction, { method: "PUT", path: "/api/agent/carriers", json: {}, cookie }),
      await callRoute(agentProductsLoader, {
        path: `/api/agent/products/${carrier.id}`,
        params: { carrierId: carrier.id },
        cookie,
      }),
    ];
    for (const res of answers) expect(res.status).toBe(403);
    await expect(completeSetup(actor, { carriers: [aetna()], licensedStates: ["FL"] })).rejects.toMatchObject({
      status: 403,
    });
    await expect(skipSetup(actor)).rejects.toMatchObject({ status: 403 });
  });

  it("one agent's setup never changes another agent's rows", async () => {
    const a = await newAgent();
    const b = await newAgent();
    await completeSetup(a.actor, { carriers: [aetna(80)], licensedStates: ["FL"] });
    await completeSetup(b.actor, {
      carriers: [{ name: "Ethos", products: [{ name: "Term", commissionRate: 20 }] }],
      licensedStates: ["TX"],
    });
    const setupA = await getAgentSetup(a.actor);
    expect(setupA.carriers.map((c) => c.name)).toEqual(["Aetna"]);
    expect(setupA.licensedStates).toEqual(["Florida"]);
  });
});

describe("setup pages (forms without JavaScript)", () => {
  type WizardAnswer = {
    step: number;
    draft: {
      carriers: { name: string; products: { name: string; commissionRate: string }[] }[];
      licensedStates: string[];
    };
    result?: { error?: Record<string, string[]> };
    notice?: { title?: string; text: string };
  };

  it("the wizard loader opens ?step=N only as far as the saved choices allow", async () => {
    const { cookie } = await newAgent();
    const answer = await jsonOf<{ view: WizardAnswer }>(
      await callRoute(wizardLoader, { path: "/agent/setup?step=4", cookie }),
    );
    expect(answer.view.step).toBe(1);
  });

  it("Next validates the step on the server, keeps every entry, and moves on when valid", async () => {
    const { cookie } = await newAgent();
    const none = await callRoute(wizardAction, {
      path: "/agent/setup?step=2",
      cookie,
      form: { intent: "next", currentStep: "1" },
    });
    expect(none.status).toBe(400);
    expect((await jsonOf<WizardAnswer>(none)).result?.error?.selectedCarriers).toEqual([
      "Please select at least one carrier.",
    ]);

    const picked = await jsonOf<WizardAnswer>(
      await callRoute(wizardAction, {
        path: "/agent/setup?step=2",
        cookie,
        form: { intent: "next", currentStep: "1", selectedCarriers: ["Combined", "Aetna"] },
      }),
    );
    expect(picked.step).toBe(2);
    expect(picked.draft.carriers.map((c) => c.name)).toEqual(["Combined", "Aetna"]);

    const form = {
      intent: "next",
      currentStep: "2",
      "carriers[0].name": "Aetna",
      "carriers[0].products[0].name": "",
      "carriers[0].products[0].commissionRate": "70",
      "carriers[1].name": "Combined",
      ...Object.fromEntries(
        COMBINED_PRODUCTS.flatMap((name, j) => [
          [`carriers[1].products[${j}].name`, name],
          [`carriers[1].products[${j}].commissionRate`, "50"],
        ]),
      ),
    };
    const empty = await callRoute(wizardAction, { path: "/agent/setup?step=3", cookie, form });
    expect(empty.status).toBe(400);
    const emptyBody = await jsonOf<WizardAnswer>(empty);
    expect(emptyBody.step).toBe(2);
    expect(emptyBody.result?.error?.["carriers[0].products[0].name"]).toEqual(["Please enter a product name."]);
    expect(emptyBody.draft.carriers[0]!.products[0]!.commissionRate).toBe("70");

    // The wizard's empty row left as it is: the carrier has no product yet.
    const untouched = await callRoute(wizardAction, {
      path: "/agent/setup",
      cookie,
      form: { ...form, "carriers[0].products[0].commissionRate": "" },
    });
    expect(untouched.status).toBe(400);
    const untouchedBody = await jsonOf<WizardAnswer>(untouched);
    expect(untouchedBody.step).toBe(2);
    expect(untouchedBody.result?.error?.["carriers[0].products"]).toEqual(["Aetna must have at least one product."]);
    expect(untouchedBody.result?.error?.["carriers[0].products[0].name"]).toBeUndefined();

    const ok = await jsonOf<WizardAnswer>(
      await callRoute(wizardAction, {
        path: "/agent/setup?step=3",
        cookie,
        form: { ...form, "carriers[0].products[0].name": "Level" },
      }),
    );
    expect(ok.step).toBe(3);
  });

  it("Confirm & Finish saves and redirects to the dashboard with the success toast; Skip for Now completes too", async () => {
    const { cookie, agent } = await newAgent();
    const form = {
      intent: "finish",
      currentStep: "4",
      "carriers[0].name": "Aetna",
      "carriers[0].products[0].name": "Level",
      "carriers[0].products[0].commissionRate": "70",
      licensedStates: ["FL", "GA"],
    };
    const res = await callRoute(wizardAction, { path: "/agent/setup?step=4", cookie, form });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/agent/dashboard");
    expect(res.headers.get("Set-Cookie")).toMatch(/__toast=/);
    expect((await Agent.findByPk(agent.id))!.setupComplete).toBe(true);

    const other = await newAgent();
    const skip = await callRoute(wizardAction, {
      path: "/agent/setup?step=1",
      cookie: other.cookie,
      form: { intent: "skip", currentStep: "1" },
    });
    expect(skip.status).toBe(302);
    expect((await Agent.findByPk(other.agent.id))!.setupComplete).toBe(true);
  });

  it("Confirm & Finish with an invalid earlier step goes back to that step with Setup failed", async () => {
    const { cookie } = await newAgent();
    const res = await callRoute(wizardAction, {
      path: "/agent/setup?step=4",
      cookie,
      form: {
        intent: "finish",
        currentStep: "4",
        "carriers[0].name": "Aetna",
        "carriers[0].products[0].name": "Level",
        "carriers[0].products[0].commissionRate": "70",
      },
    });
    expect(res.status).toBe(400);
    const body = await jsonOf<WizardAnswer>(res);
    expect(body.step).toBe(3);
    expect(body.notice).toMatchObject({ title: "Setup failed", text: "Please select at least one licensed state." });
  });

  it("the setup screen shows its titled messages and Complete Setup goes to /agent", async () => {
    const { cookie, agent } = await newAgent();
    const base = {
      "carriers[0].name": "Ethos",
      "carriers[0].products[0].name": "Term",
      "carriers[0].products[0].commissionRate": "30",
    };
    const removeCarrier = await jsonOf<WizardAnswer>(
      await callRoute(carrierSetupAction, {
        path: "/agent/carrier-setup",
        cookie,
        form: { ...base, intent: "remove-carrier:0" },
      }),
    );
    expect(removeCarrier.notice).toMatchObject({
      title: "Cannot Remove Carrier",
      text: "At least one carrier is required.",
    });
    const missing = await jsonOf<WizardAnswer>(
      await callRoute(carrierSetupAction, {
        path: "/agent/carrier-setup",
        cookie,
        form: {
          ...base,
          intent: "add-product:0",
          "newProducts[0].name": "Whole Life",
          "newProducts[0].commissionRate": "",
        },
      }),
    );
    expect(missing.notice).toMatchObject({
      title: "Missing Information",
      text: "Please enter product name and commission percentage.",
    });
    const twice = await jsonOf<WizardAnswer>(
      await callRoute(carrierSetupAction, {
        path: "/agent/carrier-setup",
        cookie,
        form: { ...base, intent: "add-carrier", newCarrier: "ETHOS" },
      }),
    );
    expect(twice.notice?.text).toBe("A carrier cannot be added twice.");

    const done = await callRoute(carrierSetupAction, {
      path: "/agent/carrier-setup",
      cookie,
      form: { ...base, intent: "complete", licensedStates: "OH" },
    });
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/agent");
    expect((await Agent.findByPk(agent.id))!.setupComplete).toBe(true);
  });
});
