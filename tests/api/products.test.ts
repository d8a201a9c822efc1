import { Op } from "sequelize";
import { describe, expect, it } from "vitest";
import { Application, Product, sequelize } from "~db";
import { COMBINED_PRODUCTS } from "~/domain/carriers";
import { saleSnapshot } from "~/domain/commission";
import {
  completeSetup,
  getAgentSetup,
  listAgentProducts,
  listAllProducts,
  updateCarriers,
} from "~/services/carriers.server";
import { createAdmin, createAgent, createLead, signInAs } from "../support/factories";

async function agentWithSetup(carriers: { name: string; products: { name: string; commissionRate: number }[] }[]) {
  const { user, agent } = await createAgent({ setupComplete: false });
  const { actor } = await signInAs(user);
  const setup = await completeSetup(actor, { carriers, licensedStates: ["FL"] });
  return { actor, agent, setup };
}

/** How many SQL statements `work` sends, transaction BEGIN and COMMIT included. */
async function countStatements(work: () => Promise<unknown>) {
  let statements = 0;
  sequelize.addHook("beforeQuery", "countStatements", () => {
    statements++;
  });
  try {
    await work();
  } finally {
    sequelize.removeHook("beforeQuery", "countStatements");
  }
  return statements;
}

describe("products are archived, never deleted; a sale keeps its product as sold", () => {
  it("re-rating, then archiving a product a sale used leaves the sale's product name, comp % and commission unchanged", async () => {
    const { actor, agent, setup } = await agentWithSetup([
      { name: "Aetna", products: [{ name: "Level", commissionRate: 80 }] },
    ]);
    const aetna = setup.carriers[0]!;
    const product = (await Product.findByPk(aetna.products[0]!.id))!;
    const lead = await createLead(agent.id, { monthlyPremiumCents: 5000 });
    await lead.update({ status: "sale", soldAt: new Date(), ...saleSnapshot(product, 5000) });
    // $50 a month x 9 x 80%.
    const sold = {
      soldProductName: "Level",
      soldCompPercentage: 80,
      calculatedCommissionCents: 36_000,
      productId: product.id,
    };

    await updateCarriers(actor, {
      carriers: [{ name: "Aetna", products: [{ name: "Level", compPercentage: 90 }] }],
      licensedStates: ["FL"],
    });
    await updateCarriers(actor, {
      carriers: [{ name: "Aetna", products: [{ name: "Graded", compPercentage: 50 }] }],
      licensedStates: ["FL"],
    });

    const archived = (await Product.findByPk(product.id))!;
    expect(archived.archivedAt).toBeInstanceOf(Date);
    expect(archived.compPercentage).toBe(90);
    const sale = (await Application.findByPk(lead.id))!;
    expect({
      soldProductName: sale.soldProductName,
      soldCompPercentage: sale.soldCompPercentage,
      calculatedCommissionCents: sale.calculatedCommissionCents,
      productId: sale.productId,
    }).toEqual(sold);
  });

  it("leaves archived products out of every product list and picker", async () => {
    const { actor, setup } = await agentWithSetup([
      {
        name: "Aetna",
        products: [
          { name: "Level", commissionRate: 80 },
          { name: "Graded", commissionRate: 60 },
        ],
      },
    ]);
    const carrierId = setup.carriers[0]!.id;
    await updateCarriers(actor, {
      carriers: [{ name: "Aetna", products: [{ name: "Graded", compPercentage: 60 }] }],
      licensedStates: ["FL"],
    });

    const names = (products: { name: string }[]) => products.map((p) => p.name);
    expect(names((await getAgentSetup(actor)).carriers[0]!.products)).toEqual(["Graded"]);
    expect(names(await listAgentProducts(actor, carrierId))).toEqual(["Graded"]);
    expect(names((await listAllProducts(actor)).rows)).toEqual(["Graded"]);
    // The admin's list spans every agent of the run, more than one page: its total tells.
    const admin = (await signInAs(await createAdmin())).actor;
    const current = await Product.count({ where: { agentId: { [Op.ne]: null }, archivedAt: null } });
    expect((await listAllProducts(admin)).total).toBe(current);
  });

  it("listing an archived product again brings its row back with the new rate", async () => {
    const { actor, agent, setup } = await agentWithSetup([
      { name: "Aetna", products: [{ name: "Level", commissionRate: 80 }] },
    ]);
    const levelId = setup.carriers[0]!.products[0]!.id;
    await updateCarriers(actor, {
      carriers: [{ name: "Aetna", products: [{ name: "Graded", compPercentage: 60 }] }],
      licensedStates: ["FL"],
    });
    const again = await updateCarriers(actor, {
      carriers: [
        {
          name: "Aetna",
          products: [
            { name: "level", compPercentage: 70 },
            { name: "Graded", compPercentage: 60 },
          ],
        },
      ],
      licensedStates: ["FL"],
    });

    expect(again.carriers[0]!.products.map((p) => [p.id === levelId, p.name, p.compPercentage])).toEqual([
      [false, "Graded", 60],
      [true, "level", 70],
    ]);
    expect(await Product.count({ where: { agentId: agent.id } })).toBe(2);
  });
});

describe("saving a setup", () => {
  const threeProducts = (name: string) => ({
    name,
    products: ["Level", "Graded", "Modified"].map((product, i) => ({ name: product, commissionRate: 80 + i })),
  });
  const large = {
    carriers: [
      threeProducts("Aetna"),
      threeProducts("Americo"),
      threeProducts("Ethos"),
      threeProducts("SBLI"),
      threeProducts("Foresters"),
      { name: "Combined", products: COMBINED_PRODUCTS.map((name) => ({ name, commissionRate: 50 })) },
    ],
    licensedStates: ["FL", "TX", "GA", "AL", "TN", "OH", "KY", "NC", "SC", "VA", "AZ", "NV"],
  };
  const small = {
    carriers: [{ name: "Aetna", products: [{ name: "Level", commissionRate: 80 }] }],
    licensedStates: ["FL"],
  };

  // Row by row, the large setup (6 carriers, 19 products, 12 states) took 51 statements and grew
  // with every row; in bulk it takes the same few as a one-product setup.
  it("issues the same few statements whatever the number of carriers, products and states", async () => {
    const fresh = async (input: typeof large | typeof small) => {
      const { user } = await createAgent({ setupComplete: false });
      const { actor } = await signInAs(user);
      return countStatements(() => completeSetup(actor, input));
    };
    const forSmall = await fresh(small);
    const forLarge = await fresh(large);
    expect(forLarge).toBe(forSmall);
    expect(forLarge).toBeLessThanOrEqual(16);
  });

  it("revising a large setup (carriers, products and states added, dropped and re-rated) stays as few", async () => {
    const { user } = await createAgent({ setupComplete: false });
    const { actor } = await signInAs(user);
    await completeSetup(actor, large);
    const revised = {
      carriers: [
        ...large.carriers.slice(1).map((carrier) => ({
          ...carrier,
          products: carrier.products.map((p, i) => ({ ...p, commissionRate: i === 0 ? 99 : p.commissionRate })),
        })),
        threeProducts("Transamerica"),
      ],
      licensedStates: ["FL", "CA", "NY"],
    };
    const statements = await countStatements(() => updateCarriers(actor, revised));
    expect(statements).toBeLessThanOrEqual(16);
    const saved = await getAgentSetup(actor);
    expect(saved.carriers.map((c) => c.name)).toEqual([
      "Americo",
      "Combined",
      "Ethos",
      "Foresters",
      "SBLI",
      "Transamerica",
    ]);
    expect(
      saved.carriers
        .find((c) => c.name === "Ethos")!
        .products.map((p) => p.compPercentage)
        .sort(),
    ).toEqual([81, 82, 99]);
    expect(saved.licensedStateCodes.sort()).toEqual(["CA", "FL", "NY"]);
  });
});
