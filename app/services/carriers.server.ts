import {
  Op,
  UniqueConstraintError,
  col,
  fn,
  where as sqlWhere,
  type CreationAttributes,
  type Transaction,
} from "sequelize";
import { z } from "zod";
import { Agent, AgentCarrier, Carrier, LicensedState, Product, sequelize } from "~db";
import { COMBINED_PRODUCTS, isCombined } from "~/domain/carriers";
import {
  SETUP_MESSAGES,
  carrierUpdateSchema,
  commissionRateProblem,
  normalizeCombinedProducts,
  setupFieldErrors,
  setupSchema,
} from "~/domain/schemas/setup";
import { stateName } from "~/domain/states";
import { logActivity } from "./activity.server";
import { publicAgentWhere } from "./agents.server";
import { badRequest, forbidden, notFound } from "./errors.server";
import { column, selectOne, selectRows, sql, sqlPage } from "./sql/reads.server";
import { assertAgent, isUuid } from "./permissions.server";
import type { SessionUser } from "./sessions.server";
import { fullName } from "~/domain/format";

// Carriers, the agent's products with their commission rates, and licensed states. Every
// function that reads or changes an agent's data works on the acting agent's own rows only.

export type CarrierOption = { id: string; name: string };
export type ProductView = { id: string; name: string; compPercentage: number };

/** A product's columns over `products p`, and the row they read into. */
const PRODUCT_COLUMNS = sql`p.id, p.name, p.comp_percentage AS "compPercentage"`;
const ProductRow = z.object({ id: column.text, name: column.text, compPercentage: column.number });
type SetupProductView = ProductView & { commissionRate: number };
export type AgentSetupView = {
  setupComplete: boolean;
  carriers: { id: string; name: string; products: SetupProductView[] }[];
  /** State names, as the API speaks them. */
  licensedStates: string[];
  licensedStateCodes: string[];
};

const CARRIER_NOT_FOUND = "Carrier not found";

const byName = (a: { name: string }, b: { name: string }) =>
  a.name.localeCompare(b.name, "en-US", { sensitivity: "base" });

/**
 * The carriers anyone may see, as a WHERE over `carriers c`: the preset catalogue, and the carriers
 * typed in by agents who take applications (the agents the public form lists, publicAgentWhere).
 * What a pending, rejected or paused agent or one still in setup typed, or a carrier no agent
 * carries any more, is shown to no one.
 */
const PUBLIC_CARRIERS = sql`(c.preset = ${true} OR c.id IN (
  SELECT ac.carrier_id FROM agent_carriers ac JOIN agents a ON a.id = ac.agent_id
  WHERE a.status = ${publicAgentWhere.status} AND a.setup_complete = ${publicAgentWhere.setupComplete}))`;

const CarrierRow = z.object({ id: column.text, name: column.text });

// By name as people read it (case aside), in SQL; the id keeps equal names in a stable order.
const BY_NAME = sql`LOWER(c.name), c.id`;

/** The public carriers by name: the whole list, for the application form and the setup pickers. */
export async function listPublicCarriers(): Promise<CarrierOption[]> {
  return selectRows(sql`SELECT c.id, c.name FROM carriers c WHERE ${PUBLIC_CARRIERS} ORDER BY ${BY_NAME}`, CarrierRow);
}

/** GET /api/public/carriers: one page of the same list, paged in the database. */
export function listPublicCarriersPage(paging: { page: number; pageSize: number }) {
  return sqlPage(
    { select: sql`c.id, c.name`, from: sql`carriers c`, where: PUBLIC_CARRIERS, orderBy: BY_NAME },
    paging,
    CarrierRow,
  );
}

/** A carrier a prospect may choose, or null: only one the public list shows. */
export async function findPublicCarrier(id: string): Promise<CarrierOption | null> {
  if (!isUuid(id)) return null;
  return selectOne(sql`SELECT c.id, c.name FROM carriers c WHERE c.id = ${id} AND ${PUBLIC_CARRIERS}`, CarrierRow);
}

export type ProductListItem = ProductView & { carrier: { name: string }; agentId?: string | null };

/**
 * GET /api/products/all. An agent gets their own products (the rates they earn); an
 * administrator gets every agent's products, each with its agentId, for cross-agent views.
 * The catalogue rows (Combined's template, no agent) are not anyone's product and are left out.
 */
export async function listAllProducts(
  actor: SessionUser,
  paging: { page: number; pageSize: number } = { page: 1, pageSize: 500 },
): Promise<{ rows: ProductListItem[]; total: number }> {
  const owner = actor.role === "admin" ? sql`p.agent_id IS NOT NULL` : sql`p.agent_id = ${assertAgent(actor)}`;
  const page = await sqlPage(
    {
      select: sql`p.id, p.name, p.comp_percentage AS "compPercentage", p.agent_id AS "agentId", c.name AS "carrierName"`,
      from: sql`products p JOIN carriers c ON c.id = p.carrier_id`,
      where: sql`${owner} AND p.archived_at IS NULL`,
      orderBy: sql`c.name ASC, p.name ASC, p.id ASC`,
    },
    paging,
    ProductRow.extend({ agentId: column.text.nullable(), carrierName: column.text }),
  );
  return {
    total: page.total,
    rows: page.rows.map(({ agentId, carrierName, ...product }) => ({
      ...product,
      carrier: { name: carrierName },
      ...(actor.role === "admin" ? { agentId } : {}),
    })),
  };
}

/**
 * GET /api/agent/products/{carrierId}: the acting agent's products for one carrier. An unknown
 * carrier is a 404; a carrier the agent does not carry gives an empty list. Another agent's
 * products are never returned, whatever the carrier.
 */
export async function listAgentProducts(actor: SessionUser, carrierId: string): Promise<ProductView[]> {
  const agentId = assertAgent(actor);
  if (!isUuid(carrierId)) throw notFound(CARRIER_NOT_FOUND);
  const carrier = await selectOne(
    sql`SELECT c.id FROM carriers c WHERE c.id = ${carrierId}`,
    z.object({ id: column.text }),
  );
  if (!carrier) throw notFound(CARRIER_NOT_FOUND);
  return selectRows(
    sql`SELECT ${PRODUCT_COLUMNS} FROM products p
        WHERE p.agent_id = ${agentId} AND p.carrier_id = ${carrierId} AND p.archived_at IS NULL ORDER BY p.name ASC`,
    ProductRow,
  );
}

function orderProducts<P extends { name: string }>(carrierName: string, products: P[]) {
  if (!isCombined(carrierName)) return [...products].sort(byName);
  const rank = (name: string) => {
    const i = COMBINED_PRODUCTS.findIndex((n) => n.toLowerCase() === name.toLowerCase());
    return i === -1 ? COMBINED_PRODUCTS.length : i;
  };
  return [...products].sort((a, b) => rank(a.name) - rank(b.name) || byName(a, b));
}

/** The agent's carriers with their products, and their licensed states. */
export async function getAgentSetup(actor: SessionUser): Promise<AgentSetupView> {
  const setup = await agentSetupOf(assertAgent(actor));
  if (!setup) throw forbidden();
  return setup;
}

/**
 * One agent's carriers, products and licensed states, by the agent's id: the agent's own setup
 * (getAgentSetup) and an admin's view of an agent's profile read the same way. Null when there is
 * no such agent; the caller decides who may ask.
 */
export async function agentSetupOf(agentId: string): Promise<AgentSetupView | null> {
  const [agent, carrierRows, products, states] = await Promise.all([
    selectOne(
      sql`SELECT g.setup_complete AS "setupComplete" FROM agents g WHERE g.id = ${agentId}`,
      z.object({ setupComplete: column.boolean }),
    ),
    selectRows(
      sql`SELECT c.id, c.name FROM agent_carriers ac JOIN carriers c ON c.id = ac.carrier_id WHERE ac.agent_id = ${agentId}`,
      z.object({ id: column.text, name: column.text }),
    ),
    selectRows(
      sql`SELECT ${PRODUCT_COLUMNS}, p.carrier_id AS "carrierId" FROM products p
          WHERE p.agent_id = ${agentId} AND p.archived_at IS NULL`,
      ProductRow.extend({ carrierId: column.text }),
    ),
    selectRows(
      sql`SELECT s.state FROM licensed_states s WHERE s.agent_id = ${agentId}`,
      z.object({ state: column.text }),
    ),
  ]);
  if (!agent) return null;
  const carriers = carrierRows.sort(byName).map((carrier) => ({
    id: carrier.id,
    name: carrier.name,
    products: orderProducts(
      carrier.name,
      products.filter((p) => p.carrierId === carrier.id),
    ).map((p) => ({
      id: p.id,
      name: p.name,
      compPercentage: p.compPercentage,
      commissionRate: p.compPercentage,
    })),
  }));
  const codes = states.map((s) => s.state).sort((a, b) => stateName(a).localeCompare(stateName(b), "en-US"));
  return {
    setupComplete: agent.setupComplete,
    carriers,
    licensedStates: codes.map(stateName),
    licensedStateCodes: codes,
  };
}

type ValidCarrier = { id?: string; name: string; products: { name: string; commissionRate: number }[] };
type ResolvedCarrier = { carrier: Carrier; products: { name: string; commissionRate: number }[] };

function lowerNameIn(names: string[]) {
  return sqlWhere(fn("lower", col("name")), { [Op.in]: names.map((n) => n.toLowerCase()) });
}

/**
 * Turns each entry (by id or by name) into a carrier row. A typed name matches an existing
 * carrier whatever its case; a new one becomes a custom carrier (preset false).
 */
export async function resolveCarriers(carriers: ValidCarrier[]): Promise<ResolvedCarrier[]> {
  const ids = carriers.filter((c) => c.id).map((c) => c.id!);
  for (const [index, c] of carriers.entries()) {
    if (c.id && !isUuid(c.id)) throw badRequest(CARRIER_NOT_FOUND, { [`carriers.${index}.id`]: [CARRIER_NOT_FOUND] });
  }
  const byId = new Map((ids.length ? await Carrier.findAll({ where: { id: ids } }) : []).map((c) => [c.id, c]));
  const names = carriers.filter((c) => !c.id).map((c) => c.name);
  const byLowerName = new Map(
    (names.length ? await Carrier.findAll({ where: lowerNameIn(names) }) : []).map((c) => [c.name.toLowerCase(), c]),
  );

  const resolved: ResolvedCarrier[] = [];
  for (const [index, entry] of carriers.entries()) {
    let carrier = entry.id ? byId.get(entry.id) : byLowerName.get(entry.name.toLowerCase());
    if (entry.id && !carrier) throw badRequest(CARRIER_NOT_FOUND, { [`carriers.${index}.id`]: [CARRIER_NOT_FOUND] });
    if (
      resolved.some(
        (r) => r.carrier.id === carrier?.id || (!carrier && r.carrier.name.toLowerCase() === entry.name.toLowerCase()),
      )
    ) {
      throw badRequest(SETUP_MESSAGES.duplicateCarrier, {
        [`carriers.${index}.name`]: [SETUP_MESSAGES.duplicateCarrier],
      });
    }
    carrier ??= await findOrCreateCustomCarrier(entry.name);
    let products = entry.products;
    // An entry given by id only skipped the name-based Combined check in the schema.
    if (isCombined(carrier.name)) {
      const fixed = normalizeCombinedProducts(products);
      if (!fixed)
        throw badRequest(SETUP_MESSAGES.combinedFixed, {
          [`carriers.${index}.products`]: [SETUP_MESSAGES.combinedFixed],
        });
      products = fixed;
    }
    resolved.push({ carrier, products });
  }
  return resolved;
}

async function findOrCreateCustomCarrier(name: string) {
  try {
    const [carrier] = await Carrier.findOrCreate({ where: { name }, defaults: { name, preset: false } });
    return carrier;
  } catch (error) {
    // Another agent typed the same new carrier at the same moment: theirs is as good as ours.
    if (!(error instanceof UniqueConstraintError)) throw error;
    return (await Carrier.findOne({ where: { name } }))!;
  }
}

/**
 * Makes the agent's carriers, products and states exactly the given ones, in the same few
 * statements whatever the setup's size. A product that stays (same carrier, same name in any case)
 * keeps its row; one no longer listed is archived, never deleted, so the leads that point at it
 * keep their product (and a sale keeps the name and comp % it was sold with). Listing an archived
 * product again brings its row back rather than adding a twin, so an agent has one row per
 * carrier and product name, and the product a lead points at is the one the agent sees.
 */
export async function replaceAgentSetup(
  agentId: string,
  carriers: ResolvedCarrier[],
  stateCodes: string[],
  transaction: Transaction,
) {
  const carrierIds = carriers.map((c) => c.carrier.id);
  await AgentCarrier.destroy({ where: { agentId, carrierId: { [Op.notIn]: carrierIds } }, transaction });
  // ON CONFLICT DO NOTHING (INSERT OR IGNORE on SQLite) leaves the links the agent already has.
  await AgentCarrier.bulkCreate(
    carrierIds.map((carrierId) => ({ agentId, carrierId })),
    { ignoreDuplicates: true, transaction },
  );

  const existing = await Product.findAll({ where: { agentId }, transaction });
  // A listed name matches the agent's current product before an archived one of the same name.
  const candidates = [...existing].sort((a, b) => Number(Boolean(a.archivedAt)) - Number(Boolean(b.archivedAt)));
  const kept = new Set<string>();
  const writes: CreationAttributes<Product>[] = [];
  for (const [index, { carrier, products }] of carriers.entries()) {
    for (const [productIndex, { name, commissionRate }] of products.entries()) {
      const match = candidates.find(
        (p) => !kept.has(p.id) && p.carrierId === carrier.id && p.name.toLowerCase() === name.toLowerCase(),
      );
      if (match) kept.add(match.id);
      const unchangedRate = match && !match.archivedAt && match.compPercentage === commissionRate;
      // The schemas let a saved rate the rule now refuses (a 0% from the profile's former rule)
      // come back unchanged; a new or changed rate must follow the rule (decision 041).
      const problem = unchangedRate ? null : commissionRateProblem(commissionRate);
      if (problem) {
        throw badRequest(problem, { [`carriers.${index}.products.${productIndex}.commissionRate`]: [problem] });
      }
      if (!match || match.name !== name || match.compPercentage !== commissionRate || match.archivedAt) {
        writes.push({
          ...(match && { id: match.id }),
          agentId,
          carrierId: carrier.id,
          name,
          compPercentage: commissionRate,
          archivedAt: null,
        });
      }
    }
  }
  // One upsert: new products are inserted, changed and returning ones are updated by id.
  if (writes.length) {
    await Product.bulkCreate(writes, {
      updateOnDuplicate: ["name", "compPercentage", "archivedAt", "updatedAt"],
      transaction,
    });
  }
  const retired = existing.filter((p) => !kept.has(p.id) && !p.archivedAt).map((p) => p.id);
  if (retired.length) await Product.update({ archivedAt: new Date() }, { where: { id: retired }, transaction });

  await LicensedState.destroy({ where: { agentId, state: { [Op.notIn]: stateCodes } }, transaction });
  await LicensedState.bulkCreate(
    stateCodes.map((state) => ({ agentId, state })),
    { ignoreDuplicates: true, transaction },
  );
}

function validate<S extends z.ZodTypeAny>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const fieldErrors = setupFieldErrors(result.error);
  throw badRequest(Object.values(fieldErrors)[0]?.[0] ?? "Invalid input", fieldErrors);
}

/**
 * Confirm & Finish / Complete Setup / POST /api/agent/setup: validates every rule of part 2
 * section 5, replaces the agent's carriers, products and states in one transaction and marks
 * the setup complete. An agent who finished setup before may use it again to revise it.
 */
export async function completeSetup(actor: SessionUser, input: unknown): Promise<AgentSetupView> {
  const agentId = assertAgent(actor);
  const value = validate(setupSchema, input);
  const carriers = await resolveCarriers(value.carriers);
  await sequelize.transaction(async (transaction) => {
    await replaceAgentSetup(agentId, carriers, value.licensedStates, transaction);
    await Agent.update({ setupComplete: true }, { where: { id: agentId }, transaction });
  });
  await logActivity({
    userId: actor.id,
    action: "agent_setup_completed",
    entityType: "agent",
    entityId: agentId,
    summary: `${fullName(actor)} completed carrier setup (${carriers.length} carriers, ${value.licensedStates.length} states)`,
  });
  return getAgentSetup(actor);
}

/**
 * Skip for Now / Skip Setup. The spec's screen submits empty carriers and states; for a new agent
 * that is exactly what is saved (they have none yet), and they add them later from the profile.
 * We mark the setup complete but do not wipe carriers an agent saved earlier: skipping must
 * never destroy data.
 */
export async function skipSetup(actor: SessionUser): Promise<AgentSetupView> {
  const agentId = assertAgent(actor);
  await Agent.update({ setupComplete: true }, { where: { id: agentId } });
  await logActivity({
    userId: actor.id,
    action: "agent_setup_skipped",
    entityType: "agent",
    entityId: agentId,
    summary: `${fullName(actor)} skipped carrier setup`,
  });
  return getAgentSetup(actor);
}

/** PUT /api/agent/carriers: the carrier panel's update, under the same rate rule as setup. */
export async function updateCarriers(actor: SessionUser, input: unknown): Promise<AgentSetupView> {
  const agentId = assertAgent(actor);
  const value = validate(carrierUpdateSchema, input);
  const carriers = await resolveCarriers(value.carriers);
  await sequelize.transaction((transaction) => replaceAgentSetup(agentId, carriers, value.licensedStates, transaction));
  await logActivity({
    userId: actor.id,
    action: "agent_carriers_updated",
    entityType: "agent",
    entityId: agentId,
    summary: `${fullName(actor)} updated carriers and licensed states`,
  });
  return getAgentSetup(actor);
}
