import { describe, expect, it } from "vitest";
import { Application, Carrier, LicensedState, Product, User } from "~db";
import { COMBINED_PRODUCTS } from "~/domain/carriers";
import { action as profileApiAction, loader as profileApiLoader } from "~/routes/api+/agent.profile";
import { loader as statsApiLoader } from "~/routes/api+/agent.stats";
import { action as editAction, loader as editLoader } from "~/routes/agent+/profile.edit";
import { action as profileAction, loader as profileLoader } from "~/routes/agent+/profile._index";
import { getAgentPerformance, getAgentStats } from "~/services/profile.server";
import { readToast } from "~/utils/toast.server";
import { createLead, giveCarrier, signedInAdmin, signedInAgent } from "../support/factories";
import { callRoute, jsonOf } from "../support/http";

type ErrorBody = { error: string; fieldErrors?: Record<string, string[]> };
type ProfileBody = {
  success?: boolean;
  message?: string;
  user: { firstName: string; lastName: string; email: string; phone: string | null };
  licenseNumber: string;
  createdAt: string;
  licensedStates: string[];
  carriers: string[];
  products: string[];
};
type EditView = {
  values: { firstName: string; lastName: string; phone: string };
  draft: {
    carriers: { name: string; products: { name: string; commissionRate: string }[] }[];
    licensedStates: string[];
  };
  inputs: { bulkStates: string; newCarrier: string; newProducts: { name: string; commissionRate: string }[] };
  errors: Record<string, string[]>;
  notice?: { tone: string; title?: string; text: string; field?: string };
};

async function toastOf(response: Response) {
  const cookie = response.headers.get("Set-Cookie") ?? "";
  const request = new Request("http://localhost/", { headers: { Cookie: cookie.split(";")[0]! } });
  return (await readToast(request)).toast;
}

function putProfile(cookie: string, json: unknown) {
  return callRoute(profileApiAction, { method: "PUT", path: "/api/agent/profile", json, cookie });
}

async function sale(agentId: string, soldAt: Date, commissionCents: number, extra: Record<string, unknown> = {}) {
  const lead = await createLead(agentId, { status: "sale", createdAt: soldAt });
  await lead.update({ soldAt, calculatedCommissionCents: commissionCents, ...extra });
  return lead;
}

const basic = { firstName: "Maria", lastName: "Lopez", phone: "(813) 555-0199" };

describe("GET /api/agent/stats and the profile's cards", () => {
  it("counts the agent's own leads, the conversion rate to 1 decimal and the commission of uncancelled sales", async () => {
    const me = await signedInAgent();
    const other = await signedInAgent();
    await createLead(me.agent.id);
    await createLead(me.agent.id, { status: "contacted" });
    await sale(me.agent.id, new Date(), 12_345);
    await sale(me.agent.id, new Date(), 50_000, { commissionCancelledAt: new Date() });
    await createLead(me.agent.id, { status: "declined" });
    await createLead(me.agent.id);
    await sale(other.agent.id, new Date(), 99_999);

    const res = await callRoute(statsApiLoader, { path: "/api/agent/stats", cookie: me.cookie });
    expect(res.status).toBe(200);
    const body = await jsonOf<{
      totalLeads: number;
      conversionRate: number;
      totalCommission: number;
      performance: unknown[];
    }>(res);
    // 2 sales of 6 leads: 33.333...% shown as 33.3; the cancelled commission is left out.
    expect(body).toMatchObject({ totalLeads: 6, conversionRate: 33.3, totalCommission: 123.45 });
    expect(body.performance).toHaveLength(12);

    const page = await jsonOf<{ stats: unknown }>(
      await callRoute(profileLoader, { path: "/agent/profile", cookie: me.cookie }),
    );
    expect(page.stats).toEqual({ totalLeads: 6, conversionRate: 33.3, totalCommission: 123.45 });
  });

  it("an agent without leads shows 0 leads, 0% and $0 (no division by zero)", async () => {
    const me = await signedInAgent();
    expect(await getAgentStats(me.actor)).toEqual({ totalLeads: 0, conversionRate: 0, totalCommission: 0 });
  });

  it("is for agents only: 401 signed out, 403 for an administrator", async () => {
    expect((await callRoute(statsApiLoader, { path: "/api/agent/stats" })).status).toBe(401);
    expect((await callRoute(profileApiLoader, { path: "/api/agent/profile" })).status).toBe(401);
    const { cookie } = await signedInAdmin();
    expect((await callRoute(statsApiLoader, { path: "/api/agent/stats", cookie })).status).toBe(403);
    expect((await callRoute(profileApiLoader, { path: "/api/agent/profile", cookie })).status).toBe(403);
    expect((await putProfile(cookie, basic)).status).toBe(403);
  });
});

describe("Performance: the last 12 months in the agent's time zone", () => {
  it("puts leads by received date and sales by sale date in the agent's months, empty months as zeros", async () => {
    const me = await signedInAgent();
    const actor = { ...me.actor, timezone: "America/Los_Angeles" };
    const now = new Date("2026-03-15T12:00:00Z");
    const lead = (iso: string) => createLead(me.agent.id, { createdAt: new Date(iso) });
    await lead("2026-03-01T07:30:00Z"); // Feb 28, 23:30 in Los Angeles: February
    await lead("2026-03-01T08:30:00Z"); // Mar 1, 00:30: March
    await lead("2025-04-01T07:00:00Z"); // Apr 1 2025, 00:00 PDT: the first of the 12 months
    await lead("2025-04-01T06:59:59Z"); // Mar 31 2025: before the 12 months
    await lead("2026-04-01T07:00:00Z"); // the month after the current one
    await sale(me.agent.id, new Date("2026-01-10T18:00:00Z"), 40_000);
    await sale(me.agent.id, new Date("2026-02-01T07:59:00Z"), 10_000); // Jan 31, 23:59 PST: January
    await sale(me.agent.id, new Date("2026-01-20T18:00:00Z"), 70_000, { commissionCancelledAt: new Date() });
    const other = await signedInAgent();
    await createLead(other.agent.id, { createdAt: new Date("2026-03-05T12:00:00Z") });

    const months = await getAgentPerformance(actor, now);
    expect(months.map((m) => m.month)).toEqual([
      "2025-04",
      "2025-05",
      "2025-06",
      "2025-07",
      "2025-08",
      "2025-09",
      "2025-10",
      "2025-11",
      "2025-12",
      "2026-01",
      "2026-02",
      "2026-03",
    ]);
    const byMonth = Object.fromEntries(months.map((m) => [m.month, m]));
    expect(byMonth["2025-04"]).toEqual({ month: "2025-04", leads: 1, sales: 0, commissionCents: 0 });
    // The three sales' leads were created when they sold (two in January, one on Feb 1 UTC = Jan 31 PST).
    expect(byMonth["2026-01"]).toEqual({ month: "2026-01", leads: 3, sales: 3, commissionCents: 50_000 });
    expect(byMonth["2026-02"]).toEqual({ month: "2026-02", leads: 1, sales: 0, commissionCents: 0 });
    expect(byMonth["2026-03"]).toEqual({ month: "2026-03", leads: 1, sales: 0, commissionCents: 0 });
    expect(byMonth["2025-10"]).toEqual({ month: "2025-10", leads: 0, sales: 0, commissionCents: 0 });

    // The same instants in New York fall in other months: Mar 1 07:30 UTC is March there.
    const eastern = await getAgentPerformance({ ...me.actor, timezone: "America/New_York" }, now);
    expect(eastern.find((m) => m.month === "2026-03")!.leads).toBe(2);
    expect(eastern.find((m) => m.month === "2026-02")!.sales).toBe(1);
  });

  it("the Performance tab renders the table and the chart's geometry from the loader", async () => {
    const me = await signedInAgent();
    await createLead(me.agent.id);
    const res = await callRoute(profileLoader, { path: "/agent/profile?tab=performance", cookie: me.cookie });
    const body = await jsonOf<{
      tab: string;
      performance: { rows: { label: string; leads: number }[]; chart: { bars: unknown[]; labels: unknown[] } };
    }>(res);
    expect(body.tab).toBe("performance");
    expect(body.performance.rows).toHaveLength(12);
    expect(body.performance.rows.at(-1)!.leads).toBe(1);
    expect(body.performance.chart.bars).toHaveLength(24);
    expect(body.performance.chart.labels).toHaveLength(12);
    // Other tabs do not read the twelve months; an unknown tab is the Overview.
    const overview = await jsonOf<{ tab: string; performance: unknown }>(
      await callRoute(profileLoader, { path: "/agent/profile?tab=nonsense", cookie: me.cookie }),
    );
    expect(overview).toMatchObject({ tab: "overview", performance: null });
  });
});

describe("GET /api/agent/profile", () => {
  it("answers the spec's profile: user, license, states by name, carriers, carrier:product:percentage strings", async () => {
    const me = await signedInAgent();
    await giveCarrier(me.agent.id, "Aetna", "Final Expense", 85.5);
    const res = await callRoute(profileApiLoader, { path: "/api/agent/profile", cookie: me.cookie });
    expect(res.status).toBe(200);
    const body = await jsonOf<ProfileBody & Record<string, unknown>>(res);
    expect(body.user).toEqual({ firstName: "Andy", lastName: "Agent", email: me.user.email, phone: "5555550123" });
    expect(body).toMatchObject({
      licenseNumber: "LIC-TEST",
      status: "approved",
      licensedStates: ["Florida"],
      carriers: ["Aetna"],
      products: ["Aetna:Final Expense:85.5"],
      assignedBdm: null,
    });
    expect(body.createdAt).toBe(me.user.createdAt.toISOString());
  });
});

describe("PUT /api/agent/profile (both shapes of part 2 section 7)", () => {
  it("takes the flat shape: names, phone, carrier names, product strings and state names", async () => {
    const me = await signedInAgent();
    await giveCarrier(me.agent.id, "Aetna", "Final Expense", 80);
    const res = await putProfile(me.cookie, {
      ...basic,
      carriers: ["Aetna", "Ethos"],
      products: ["Aetna:Final Expense:85.5", "Ethos:Term: 10 Year:40", "Ethos:Whole Life:120"],
      licensedStates: ["Florida", "tx", "GEORGIA"],
    });
    expect(res.status).toBe(200);
    const body = await jsonOf<ProfileBody>(res);
    expect(body).toMatchObject({ success: true, message: "Profile updated successfully" });
    expect(body.user).toMatchObject(basic);
    expect(body.carriers).toEqual(["Aetna", "Ethos"]);
    // A product name may hold a colon; above 100% is allowed on the profile as at setup.
    expect(body.products).toEqual(["Aetna:Final Expense:85.5", "Ethos:Term: 10 Year:40", "Ethos:Whole Life:120"]);
    expect(body.licensedStates).toEqual(["Florida", "Georgia", "Texas"]);
    const user = await User.findByPk(me.user.id);
    expect([user!.firstName, user!.lastName, user!.phone]).toEqual(["Maria", "Lopez", "(813) 555-0199"]);
  });

  it("takes the edit page's shape: basicInfo, carriers with their products, licensedStates", async () => {
    const me = await signedInAgent();
    const res = await putProfile(me.cookie, {
      basicInfo: basic,
      carriers: [{ name: "Combined", products: COMBINED_PRODUCTS.map((name) => ({ name, compPercentage: 50 })) }],
      products: [{ carrier: "Foresters", name: "PlanRight", compPercentage: 100 }],
      licensedStates: ["OH"],
    });
    expect(res.status).toBe(200);
    const body = await jsonOf<ProfileBody>(res);
    expect(body.carriers).toEqual(["Combined", "Foresters"]);
    expect(body.products).toEqual([...COMBINED_PRODUCTS.map((n) => `Combined:${n}:50`), "Foresters:PlanRight:100"]);
    expect(body.licensedStates).toEqual(["Ohio"]);
  });

  it("with names and phone only, keeps the carriers, products and states as they are", async () => {
    const me = await signedInAgent();
    await giveCarrier(me.agent.id, "Aetna", "Final Expense", 80);
    const res = await putProfile(me.cookie, basic);
    expect(res.status).toBe(200);
    const body = await jsonOf<ProfileBody>(res);
    expect(body.products).toEqual(["Aetna:Final Expense:80"]);
    expect(body.licensedStates).toEqual(["Florida"]);
    // States alone replace the states and keep the carriers.
    const states = await jsonOf<ProfileBody>(await putProfile(me.cookie, { ...basic, licensedStates: "TX\nohio" }));
    expect(states.licensedStates).toEqual(["Ohio", "Texas"]);
    expect(states.products).toEqual(["Aetna:Final Expense:80"]);
  });

  it("an agent with rates above 100% or a 0% saved under the old rule saves; only a new or changed rate must follow the rule", async () => {
    const me = await signedInAgent();
    await giveCarrier(me.agent.id, "Aetna", "Final Expense", 105);
    await giveCarrier(me.agent.id, "Ethos", "Term", 0);
    const saved = ["Aetna:Final Expense:105", "Ethos:Term:0"];
    // The phone alone, the states alone, and everything sent back as it was: each saves.
    for (const json of [
      { ...basic, phone: "8135550100" },
      { ...basic, licensedStates: ["FL", "GA"] },
      { ...basic, products: saved, licensedStates: ["FL"] },
    ]) {
      const res = await putProfile(me.cookie, json);
      expect(res.status).toBe(200);
      expect((await jsonOf<ProfileBody>(res)).products).toEqual(saved);
    }
    // A new product at 0%, or the saved 0% product's name kept with a changed rate, is refused at its field.
    const positive = "All products must have a commission percentage greater than 0%.";
    for (const [products, field] of [
      [[...saved, "Ethos:Whole Life:0"], "carriers.1.products.1.commissionRate"],
      [["Aetna:Final Expense:105", "Ethos:Term:-0.5"], "carriers.1.products.0.commissionRate"],
    ] as const) {
      const res = await putProfile(me.cookie, { ...basic, products, licensedStates: ["FL"] });
      expect(res.status).toBe(400);
      const body = await jsonOf<ErrorBody>(res);
      expect(body.error).toBe(positive);
      expect(body.fieldErrors?.[field]).toEqual([positive]);
    }
    const changed = await putProfile(me.cookie, { ...basic, products: ["Aetna:Final Expense:999", "Ethos:Term:0.1"] });
    expect((await jsonOf<ProfileBody>(changed)).products).toEqual(["Aetna:Final Expense:999", "Ethos:Term:0.1"]);
  });

  it("refuses bad personal info with field messages, and saves nothing", async () => {
    const me = await signedInAgent();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...basic, firstName: "  " }, "basicInfo.firstName", "First name is required"],
      [{ ...basic, lastName: "" }, "basicInfo.lastName", "Last name is required"],
      [{ ...basic, phone: "" }, "basicInfo.phone", "Phone is required"],
      [{ ...basic, phone: "555-12" }, "basicInfo.phone", "Please enter a valid phone number (at least 10 digits)"],
      [{ basicInfo: { ...basic, firstName: 7 } }, "basicInfo.firstName", "First name is required"],
    ];
    for (const [json, field, message] of cases) {
      const res = await putProfile(me.cookie, json);
      expect(res.status).toBe(400);
      const body = await jsonOf<ErrorBody>(res);
      expect(body.error).toBe(message);
      expect(body.fieldErrors?.[field]).toEqual([message]);
    }
    expect((await User.findByPk(me.user.id))!.firstName).toBe("Andy");
  });

  it("gives every rule of section 5 for carriers, products and states, and saves nothing", async () => {
    const me = await signedInAgent();
    await giveCarrier(me.agent.id, "Aetna", "Final Expense", 80);
    const cases: [Record<string, unknown>, string][] = [
      [{ carriers: [], licensedStates: ["FL"] }, "Please select at least one carrier."],
      [{ carriers: ["Aetna"], products: [], licensedStates: ["FL"] }, "Aetna must have at least one product."],
      [{ products: ["Aetna:Level:999.1"], licensedStates: ["FL"] }, "Commission percentage cannot be more than 999%."],
      [
        { products: ["Aetna:Level:-1"], licensedStates: ["FL"] },
        "All products must have a commission percentage greater than 0%.",
      ],
      [
        { products: ["Aetna:Level:0"], licensedStates: ["FL"] },
        "All products must have a commission percentage greater than 0%.",
      ],
      [{ products: ["Aetna:Level:12.34"], licensedStates: ["FL"] }, "Commission percentage must be in steps of 0.1."],
      [{ products: ["Aetna::50"], licensedStates: ["FL"] }, "Please enter a product name."],
      [
        {
          carriers: [
            { name: "Aetna", products: [{ name: "Level", compPercentage: 50 }] },
            { name: "AETNA", products: [{ name: "Level", compPercentage: 50 }] },
          ],
          licensedStates: ["FL"],
        },
        "A carrier cannot be added twice.",
      ],
      [{ products: ["Aetna:Level:50"], licensedStates: [] }, "At least one licensed state is required."],
      [{ products: ["Aetna:Level:50"], licensedStates: ["FL", "Narnia", "ZZ"] }, "Invalid entries: Narnia, ZZ"],
      [
        { products: ["just text"], licensedStates: ["FL"] },
        "Products must be carrier:productName:compPercentage strings or objects naming their carrier.",
      ],
      [
        { products: "Aetna:Level:50", licensedStates: ["FL"] },
        "Products must be carrier:productName:compPercentage strings or objects naming their carrier.",
      ],
    ];
    for (const [json, message] of cases) {
      const res = await putProfile(me.cookie, { ...basic, ...json });
      expect(res.status, message).toBe(400);
      expect((await jsonOf<ErrorBody>(res)).error).toBe(message);
    }
    // Nothing was saved by any of them: names, products and states as before.
    expect((await User.findByPk(me.user.id))!.firstName).toBe("Andy");
    const products = await Product.findAll({ where: { agentId: me.agent.id, archivedAt: null } });
    expect(products.map((p) => [p.name, p.compPercentage])).toEqual([["Final Expense", 80]]);
    expect((await LicensedState.findAll({ where: { agentId: me.agent.id } })).map((s) => s.state)).toEqual(["FL"]);
  });

  it("an unknown carrier id is refused before anything is saved (one transaction for all of it)", async () => {
    const me = await signedInAgent();
    const res = await putProfile(me.cookie, {
      ...basic,
      carriers: [
        { id: "00000000-0000-4000-8000-000000000000", name: "Ghost", products: [{ name: "X", compPercentage: 5 }] },
      ],
      licensedStates: ["FL"],
    });
    expect(res.status).toBe(400);
    expect((await User.findByPk(me.user.id))!.firstName).toBe("Andy");
  });

  it("removing a carrier that has sales is allowed; the sale keeps its product (archived) and commission", async () => {
    const me = await signedInAgent();
    const { product } = await giveCarrier(me.agent.id, "Aetna", "Final Expense", 80);
    await giveCarrier(me.agent.id, "Ethos", "Term", 40);
    const sold = await sale(me.agent.id, new Date(), 36_000, { productId: product.id, carrierId: product.carrierId });
    const res = await putProfile(me.cookie, { ...basic, products: ["Ethos:Term:40"], licensedStates: ["FL"] });
    expect(res.status).toBe(200);
    expect((await jsonOf<ProfileBody>(res)).carriers).toEqual(["Ethos"]);
    const archived = await Product.findByPk(product.id);
    expect(archived!.archivedAt).not.toBeNull();
    const lead = await Application.findByPk(sold.id);
    expect([lead!.productId, lead!.calculatedCommissionCents]).toEqual([product.id, 36_000]);
    expect(await Carrier.findByPk(product.carrierId)).not.toBeNull();
  });
});

describe("Personal Info on /agent/profile (form, with and without JavaScript)", () => {
  it("saves first name, last name and phone and returns with Profile updated successfully", async () => {
    const me = await signedInAgent();
    const res = await callRoute(profileAction, {
      path: "/agent/profile?tab=personal&edit=1",
      cookie: me.cookie,
      form: { intent: "personal", ...basic, email: "attacker@example.com" },
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/agent/profile?tab=personal");
    expect((await toastOf(res))?.title).toBe("Profile updated successfully");
    const user = await User.findByPk(me.user.id);
    // Email cannot be changed, whatever the form carries.
    expect([user!.firstName, user!.phone, user!.email]).toEqual(["Maria", "(813) 555-0199", me.user.email]);
  });

  it("bad input answers 400 with each field's message and keeps everything typed", async () => {
    const me = await signedInAgent();
    const res = await callRoute(profileAction, {
      path: "/agent/profile?tab=personal&edit=1",
      cookie: me.cookie,
      form: { intent: "personal", firstName: "", lastName: "Lopez", phone: "12" },
    });
    expect(res.status).toBe(400);
    const body = await jsonOf<{ values: Record<string, string>; errors: Record<string, string[]> }>(res);
    expect(body.values).toEqual({ firstName: "", lastName: "Lopez", phone: "12" });
    expect(body.errors.firstName).toEqual(["First name is required"]);
    expect(body.errors.phone).toEqual(["Please enter a valid phone number (at least 10 digits)"]);
    expect(body.errors.lastName).toBeUndefined();
  });

  it("the edit mode is in the URL (?tab=personal&edit=1)", async () => {
    const me = await signedInAgent();
    const body = await jsonOf<{ tab: string; editing: boolean }>(
      await callRoute(profileLoader, { path: "/agent/profile?tab=personal&edit=1", cookie: me.cookie }),
    );
    expect(body).toMatchObject({ tab: "personal", editing: true });
  });
});

describe("/agent/profile/edit: basic info, carriers, products and states saved together", () => {
  const aetnaRow = {
    firstName: "Maria",
    lastName: "Lopez",
    phone: "8135550199",
    "carriers[0].name": "Aetna",
    "carriers[0].products[0].name": "Final Expense",
    "carriers[0].products[0].commissionRate": "80",
  };
  async function post(cookie: string, form: Record<string, string | string[]>) {
    const res = await callRoute(editAction, { path: "/agent/profile/edit", cookie, form });
    return { res, view: res.status === 302 ? null : await jsonOf<EditView>(res) };
  }

  it("loads the saved profile as the form's draft", async () => {
    const me = await signedInAgent();
    await giveCarrier(me.agent.id, "Aetna", "Final Expense", 80);
    const body = await jsonOf<{ view: EditView; email: string }>(
      await callRoute(editLoader, { path: "/agent/profile/edit", cookie: me.cookie }),
    );
    expect(body.email).toBe(me.user.email);
    expect(body.view.values).toEqual({ firstName: "Andy", lastName: "Agent", phone: "5555550123" });
    expect(body.view.draft).toEqual({
      carriers: [{ name: "Aetna", products: [{ name: "Final Expense", commissionRate: "80" }] }],
      licensedStates: ["FL"],
    });
  });

  it("an agent whose rates are above 100% (and a 0% saved before) saves the page as loaded with a new phone", async () => {
    const me = await signedInAgent();
    await giveCarrier(me.agent.id, "Aetna", "Final Expense", 105);
    await giveCarrier(me.agent.id, "Ethos", "Term", 0);
    const { view } = await jsonOf<{ view: EditView }>(
      await callRoute(editLoader, { path: "/agent/profile/edit", cookie: me.cookie }),
    );
    // The form as the page renders it: every row's fields as loaded.
    const form: Record<string, string | string[]> = {
      ...view.values,
      phone: "8135550100",
      licensedStates: view.draft.licensedStates,
      intent: "save",
    };
    view.draft.carriers.forEach((carrier, i) => {
      form[`carriers[${i}].name`] = carrier.name;
      carrier.products.forEach((product, j) => {
        form[`carriers[${i}].products[${j}].name`] = product.name;
        form[`carriers[${i}].products[${j}].commissionRate`] = product.commissionRate;
      });
    });
    const { res } = await post(me.cookie, form);
    expect(res.status).toBe(302);
    expect((await toastOf(res))?.title).toBe("Profile updated successfully");
    expect((await User.findByPk(me.user.id))!.phone).toBe("8135550100");
    const rates = await Product.findAll({
      where: { agentId: me.agent.id, archivedAt: null },
      order: [["name", "ASC"]],
    });
    expect(rates.map((p) => [p.name, p.compPercentage])).toEqual([
      ["Final Expense", 105],
      ["Term", 0],
    ]);
  });

  it("Save Changes saves everything in one go and returns to the profile with Profile updated successfully", async () => {
    const me = await signedInAgent();
    const { res } = await post(me.cookie, {
      ...aetnaRow,
      "carriers[1].name": "Ethos",
      "carriers[1].products[0].name": "Term",
      "carriers[1].products[0].commissionRate": "120.5",
      licensedStates: ["FL", "GA"],
      intent: "save",
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/agent/profile");
    expect((await toastOf(res))?.title).toBe("Profile updated successfully");
    const profile = await jsonOf<ProfileBody>(
      await callRoute(profileApiLoader, { path: "/api/agent/profile", cookie: me.cookie }),
    );
    expect(profile.user.firstName).toBe("Maria");
    expect(profile.products).toEqual(["Aetna:Final Expense:80", "Ethos:Term:120.5"]);
    expect(profile.licensedStates).toEqual(["Florida", "Georgia"]);
  });

  it("a bad save keeps everything typed with the field messages; no state is Validation Error", async () => {
    const me = await signedInAgent();
    const { res, view } = await post(me.cookie, {
      ...aetnaRow,
      firstName: "",
      "carriers[0].products[0].commissionRate": "999.5",
      intent: "save",
    });
    expect(res.status).toBe(400);
    expect(view!.values).toEqual({ firstName: "", lastName: "Lopez", phone: "8135550199" });
    expect(view!.errors.firstName).toEqual(["First name is required"]);
    expect(view!.errors["carriers[0].products[0].commissionRate"]).toEqual([
      "Commission percentage cannot be more than 999%.",
    ]);
    expect(view!.errors.licensedStates).toEqual(["At least one licensed state is required."]);
    expect(view!.draft.carriers[0]!.products[0]!.commissionRate).toBe("999.5");

    const noState = await post(me.cookie, { ...aetnaRow, intent: "save" });
    expect(noState.view!.notice).toMatchObject({
      title: "Validation Error",
      text: "At least one licensed state is required.",
    });
  });

  it("gives the panel's titled messages: Cannot Remove Carrier, Cannot Remove Product, Missing Information, Invalid Commission", async () => {
    const me = await signedInAgent();
    const removeCarrier = await post(me.cookie, { ...aetnaRow, intent: "remove-carrier:0" });
    expect(removeCarrier.res.status).toBe(400);
    expect(removeCarrier.view!.notice).toMatchObject({
      title: "Cannot Remove Carrier",
      text: "At least one carrier is required.",
    });
    const removeProduct = await post(me.cookie, { ...aetnaRow, intent: "remove-product:0:0" });
    expect(removeProduct.view!.notice).toMatchObject({
      title: "Cannot Remove Product",
      text: "Each carrier must have at least one product.",
    });
    const missing = await post(me.cookie, {
      ...aetnaRow,
      intent: "add-product:0",
      "newProducts[0].name": "Whole Life",
      "newProducts[0].commissionRate": "",
    });
    expect(missing.view!.notice).toMatchObject({
      title: "Missing Information",
      text: "Please enter product name and commission percentage.",
    });
    expect(missing.view!.inputs.newProducts[0]).toEqual({ name: "Whole Life", commissionRate: "" });
    const invalid = await post(me.cookie, {
      ...aetnaRow,
      intent: "add-product:0",
      "newProducts[0].name": "Whole Life",
      "newProducts[0].commissionRate": "0",
    });
    expect(invalid.view!.notice).toMatchObject({
      title: "Invalid Commission",
      text: "Commission percentage must be greater than 0%.",
    });
    const above = await post(me.cookie, {
      ...aetnaRow,
      intent: "add-product:0",
      "newProducts[0].name": "Whole Life",
      "newProducts[0].commissionRate": "999.1",
    });
    expect(above.view!.notice?.text).toBe("Commission percentage cannot be more than 999%.");
    const added = await post(me.cookie, {
      ...aetnaRow,
      intent: "add-product:0",
      "newProducts[0].name": "Whole Life",
      "newProducts[0].commissionRate": "105",
    });
    expect(added.res.status).toBe(200);
    expect(added.view!.draft.carriers[0]!.products.map((p) => p.name)).toEqual(["Final Expense", "Whole Life"]);
    // Names typed above the panel ride along with every panel button.
    expect(added.view!.values.firstName).toBe("Maria");
  });

  it("never adds a carrier twice, and a removal of one of two carriers works", async () => {
    const me = await signedInAgent();
    const twice = await post(me.cookie, { ...aetnaRow, intent: "add-carrier", newCarrier: "aetna" });
    expect(twice.view!.notice?.text).toBe("A carrier cannot be added twice.");
    expect(twice.view!.inputs.newCarrier).toBe("aetna");
    const picked = await post(me.cookie, { ...aetnaRow, intent: "add-carrier:Aetna" });
    expect(picked.view!.notice?.text).toBe("A carrier cannot be added twice.");
    const added = await post(me.cookie, { ...aetnaRow, intent: "add-carrier:Ethos" });
    expect(added.view!.draft.carriers.map((c) => c.name)).toEqual(["Aetna", "Ethos"]);
  });

  it("bulk entry: States Added and States Replaced with counts; Invalid entries applies nothing", async () => {
    const me = await signedInAgent();
    const addedBulk = await post(me.cookie, {
      ...aetnaRow,
      licensedStates: ["FL"],
      bulkStates: "florida, TX\nga, Georgia",
      intent: "bulk-add",
    });
    expect(addedBulk.view!.notice).toMatchObject({
      title: "States Added",
      text: "2 states added (1 already selected); 3 states selected in total.",
    });
    expect(addedBulk.view!.draft.licensedStates).toEqual(["FL", "GA", "TX"]);
    const replaced = await post(me.cookie, {
      ...aetnaRow,
      licensedStates: ["FL", "GA"],
      bulkStates: "OH",
      intent: "bulk-replace",
    });
    expect(replaced.view!.notice).toMatchObject({
      title: "States Replaced",
      text: "Licensed states replaced with 1 state.",
    });
    expect(replaced.view!.draft.licensedStates).toEqual(["OH"]);
    const invalid = await post(me.cookie, {
      ...aetnaRow,
      licensedStates: ["FL"],
      bulkStates: "TX, Narnia, QQ",
      intent: "bulk-add",
    });
    expect(invalid.res.status).toBe(400);
    expect(invalid.view!.notice?.text).toBe("Invalid entries: Narnia, QQ");
    expect(invalid.view!.draft.licensedStates).toEqual(["FL"]);
    expect(invalid.view!.inputs.bulkStates).toBe("TX, Narnia, QQ");
    const all = await post(me.cookie, { ...aetnaRow, intent: "select-all-states" });
    expect(all.view!.draft.licensedStates).toHaveLength(50);
    const none = await post(me.cookie, { ...aetnaRow, licensedStates: ["FL"], intent: "clear-states" });
    expect(none.view!.draft.licensedStates).toEqual([]);
  });
});
