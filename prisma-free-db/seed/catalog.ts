import { Bdm, Carrier, Product } from "../models";
import { COMBINED_CARRIER, COMBINED_PRODUCTS, PRESET_CARRIERS } from "../../app/domain/carriers";

const DEMO_BDMS = [
  { firstName: "Marcus", lastName: "Reed", email: "marcus.reed@example.com" },
  { firstName: "Dana", lastName: "Whitfield", email: "dana.whitfield@example.com" },
];

/**
 * The reference data every installation needs, production included: the 18 preset carriers,
 * Combined's four fixed products (catalogue rows, no agent) and the two BDMs. Safe to re-run.
 */
export async function ensureCatalog() {
  for (const name of PRESET_CARRIERS) {
    await Carrier.findOrCreate({ where: { name }, defaults: { name, preset: true } });
  }
  const combined = await Carrier.findOne({ where: { name: COMBINED_CARRIER } });
  for (const name of COMBINED_PRODUCTS) {
    await Product.findOrCreate({
      where: { carrierId: combined!.id, agentId: null, name },
      defaults: { carrierId: combined!.id, agentId: null, name, compPercentage: 50 },
    });
  }
  for (const bdm of DEMO_BDMS) {
    await Bdm.findOrCreate({ where: { email: bdm.email }, defaults: bdm });
  }
}
