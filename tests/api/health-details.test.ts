import crypto from "node:crypto";
import { QueryTypes, type Sequelize } from "sequelize";
import { describe, expect, it } from "vitest";
import { ActivityLog, Application, LeadSource, createSequelize, isPostgres, sequelize } from "~db";
import { HEALTH_MASK, type HealthField } from "~/domain/health-details";
import { action as leadsAction, loader as leadsLoader } from "~/routes/agent+/leads";
import { loader as adminListApi } from "~/routes/api+/admin.applications";
import { loader as agentListApi } from "~/routes/api+/agent.applications";
import { loader as detailApi, action as patchApi } from "~/routes/api+/applications.$id";
import { action as revealApi } from "~/routes/api+/applications.$id.reveal";
import { action as intakeApi } from "~/routes/api+/intake.leads";
import { action as publicApi } from "~/routes/api+/public.applications";
import { leadCopyText } from "~/services/admin-leads.server";
import { updateLead } from "~/services/lead-edit.server";
import { getLeadDetail, recordLeadReveal, type LeadDetail } from "~/services/lead-reads.server";
import { LEAD_NOT_FOUND } from "~/services/leads.server";
import { newPostingKey } from "~/services/posting-keys.server";
import { decrypt, encrypt } from "~/utils/crypto.server";
import { migrations } from "../../prisma-free-db/migrations";
import { migratorFor } from "../../prisma-free-db/migrator";
import { applicationPayload, carrierId, uniqueName } from "../support/application-factories";
import { createAgent, createLead, signedInAdmin, signedInAgent } from "../support/factories";
import { freshDatabases } from "../support/fresh-databases";
import { callRoute, jsonOf } from "../support/http";

// Issue 25 item 7 (decision 070): a lead's doctor, doctor's phone, medications and medical history
// are encrypted at rest like the SSN and masked ("••••") until Show, in every view, list, export,
// API answer and the Copy All text. The raw database is read with plain SQL, every table and
// column, for the values a test stored through each way in: none may be there in plain text.

/** Values no other test stores, so finding one in the database can only be this file's. */
function healthValues() {
  const tag = crypto.randomBytes(4).toString("hex");
  const phoneDigits = `907555${crypto.randomInt(1000, 9999)}`;
  return {
    doctorName: `Dr. Quillon ${tag}`,
    doctorPhone: `(${phoneDigits.slice(0, 3)}) ${phoneDigits.slice(3, 6)}-${phoneDigits.slice(6)}`,
    medications: `Zanthorex ${tag} 40 mg twice daily`,
    medicalHistory: `Pellagra ${tag} since 1999, stent in 2011`,
    /** What a scan looks for: each value, and the phone's digits alone. */
    needles: [`Quillon ${tag}`, phoneDigits, `Zanthorex ${tag}`, `Pellagra ${tag}`],
  };
}

/** Every cell of every table as text (a blob as UTF-8, a JSON column as its text). */
async function everyStoredText(db: Sequelize = sequelize): Promise<{ where: string; text: string }[]> {
  const tables = isPostgres
    ? await db.query<{ name: string }>(
        `SELECT quote_ident(table_schema) || '.' || quote_ident(table_name) AS name FROM information_schema.tables
         WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')`,
        { type: QueryTypes.SELECT },
      )
    : await db.query<{ name: string }>(`SELECT '"' || name || '"' AS name FROM sqlite_master WHERE type = 'table'`, {
        type: QueryTypes.SELECT,
      });
  const cells: { where: string; text: string }[] = [];
  for (const { name } of tables) {
    const rows = await db.query<Record<string, unknown>>(`SELECT * FROM ${name}`, { type: QueryTypes.SELECT });
    for (const row of rows) {
      for (const [column, value] of Object.entries(row)) {
        if (value === null || value === undefined || value instanceof Date) continue;
        const text = Buffer.isBuffer(value)
          ? value.toString("utf8")
          : typeof value === "object"
            ? JSON.stringify(value)
            : String(value);
        cells.push({ where: `${name}.${column}`, text });
      }
    }
  }
  return cells;
}

/** The cells holding any of `needles`, case-insensitively, named table.column. */
async function plainTextFound(needles: string[], db?: Sequelize) {
  const lower = needles.map((needle) => needle.toLowerCase());
  return (await everyStoredText(db))
    .filter((cell) => lower.some((needle) => cell.text.toLowerCase().includes(needle)))
    .map((cell) => cell.where);
}

/** An agent with a lead whose health details were saved by the edit service. */
async function agentWithHealthyLead(values = healthValues()) {
  const me = await signedInAgent();
  const lead = await createLead(me.agent.id);
  const { needles, ...details } = values;
  await updateLead(me.actor, lead.id, details);
  return { ...me, lead, values, needles };
}

const detail = (id: string, cookie: string, query = "") =>
  callRoute(detailApi, { path: `/api/applications/${id}${query}`, params: { id }, cookie });
const reveal = (id: string, cookie: string, json?: unknown) =>
  callRoute(revealApi, {
    method: "POST",
    path: `/api/applications/${id}/reveal`,
    params: { id },
    cookie,
    ...(json === undefined ? {} : { json }),
  });

describe("health details at rest", () => {
  it("the public form, the edit (service, API and page) and intake store none of them in plain text, on either database", async () => {
    const fromForm = healthValues();
    const fromEdit = healthValues();
    const fromPatch = healthValues();
    const fromPage = healthValues();
    const fromIntake = healthValues();

    // The public application form.
    const { agent } = await createAgent({
      status: "approved",
      firstName: "Hale",
      lastName: uniqueName("Agent"),
      licensedStates: ["FL"],
    });
    const { needles: _form, ...formDetails } = fromForm;
    const submitted = await callRoute(publicApi, {
      path: "/api/public/applications",
      method: "POST",
      json: applicationPayload(agent.id, await carrierId(), formDetails),
      headers: { "X-Remote-Address": `10.70.${crypto.randomInt(0, 255)}.${crypto.randomInt(1, 255)}` },
    });
    expect(submitted.status).toBe(201);
    const formLead = (await Application.findByPk((await jsonOf<{ id: string }>(submitted)).id, { raw: true }))!;
    expect(decrypt(formLead.medicationsEncrypted!)).toBe(fromForm.medications);
    expect(decrypt(formLead.doctorPhoneEncrypted!)).toBe(fromForm.doctorPhone);

    // The edit: the service, PATCH /api/applications/{id}, and the Edit Application form's post.
    const { lead, actor, cookie } = await agentWithHealthyLead(fromEdit);
    const { needles: _patch, ...patchDetails } = fromPatch;
    const patched = await callRoute(patchApi, {
      method: "PATCH",
      path: `/api/applications/${lead.id}`,
      params: { id: lead.id },
      json: patchDetails,
      cookie,
    });
    expect(patched.status).toBe(200);
    const { needles: _page, ...pageDetails } = fromPage;
    const posted = await callRoute(leadsAction, {
      method: "POST",
      path: `/agent/leads?dialog=edit&id=${lead.id}`,
      form: { intent: "edit", id: lead.id, firstName: "Lena", lastName: "Lead", ...pageDetails },
      cookie,
    });
    expect(posted.status).toBe(302);
    expect(decrypt((await Application.findByPk(lead.id, { raw: true }))!.medicalHistoryEncrypted!)).toBe(
      fromPage.medicalHistory,
    );
    // A reveal and a copy leave their entries in the activity log, never a value.
    await recordLeadReveal(actor, lead.id, ["health"]);
    const admin = await signedInAdmin();
    await leadCopyText(admin.actor, lead.id);

    // Intake takes no health details: posted anyway, they are stored nowhere.
    const { key, hash, last4 } = newPostingKey();
    await LeadSource.create({
      name: `Vendor ${crypto.randomBytes(4).toString("hex")}`,
      costPerLeadCents: 1_000,
      postingKeyHash: hash,
      postingKeyLast4: last4,
      keyRotatedAt: null,
      status: "active",
      rateLimitPerMinute: 10_000,
    });
    const { needles: _intake, ...intakeDetails } = fromIntake;
    const received = await callRoute(intakeApi, {
      method: "POST",
      path: "/api/intake/leads",
      json: {
        firstName: "Ina",
        lastName: "Take",
        phone: `213${crypto.randomInt(2_000_000, 9_999_999)}`,
        state: "FL",
        ...intakeDetails,
      },
      headers: { Authorization: `Bearer ${key}` },
    });
    expect([200, 201]).toContain(received.status);

    const needles = [fromForm, fromEdit, fromPatch, fromPage, fromIntake].flatMap((values) => values.needles);
    expect(await plainTextFound(needles)).toEqual([]);
  });
});

describe("health details masked until Show", () => {
  it("the lead's API answer, the lists, the page's data and the Copy All text carry only the mask", async () => {
    const { lead, cookie, needles } = await agentWithHealthyLead();
    const admin = await signedInAdmin();

    const record = await jsonOf<LeadDetail>(await detail(lead.id, cookie));
    expect(record).toMatchObject({
      doctorName: HEALTH_MASK,
      doctorPhone: HEALTH_MASK,
      medications: HEALTH_MASK,
      medicalHistory: HEALTH_MASK,
      revealedParts: { health: false },
    });
    // A lead with nothing stored says so: null, not a mask.
    const bare = await createLead((await signedInAgent()).agent.id);
    expect((await getLeadDetail(admin.actor, bare.id)).medications).toBeNull();

    const answers = [
      await detail(lead.id, cookie, "?reveal=1"),
      await callRoute(agentListApi, { path: "/api/agent/applications?pageSize=500", cookie }),
      await callRoute(adminListApi, {
        path: `/api/admin/applications?search=${encodeURIComponent(lead.lastName)}`,
        cookie: admin.cookie,
      }),
      await callRoute(leadsLoader, { path: `/agent/leads?dialog=details&id=${lead.id}&reveal=1`, cookie }),
      await callRoute(leadsLoader, { path: `/agent/leads?dialog=edit&id=${lead.id}`, cookie }),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      const text = (await answer.text()).toLowerCase();
      for (const needle of needles) expect(text).not.toContain(needle.toLowerCase());
    }

    const copy = await leadCopyText(admin.actor, lead.id);
    for (const label of ["Doctor", "Doctor Phone", "Medications", "Medical History"]) {
      expect(copy).toContain(`\n${label}: ${HEALTH_MASK}\n`);
    }
    for (const needle of needles) expect(copy.toLowerCase()).not.toContain(needle.toLowerCase());
  });

  it("Show reveals them through the one reveal service, recorded without a value; ?reveal then shows them for a while", async () => {
    const { lead, cookie, actor, values } = await agentWithHealthyLead();
    const before = await ActivityLog.count({ where: { entityId: lead.id, action: "lead_health_revealed" } });

    const shown = await jsonOf<LeadDetail>(await reveal(lead.id, cookie, { parts: ["health"] }));
    expect(shown).toMatchObject({ ...pick(values), revealedParts: { health: true, sensitive: false, banking: false } });
    const entries = await ActivityLog.findAll({
      where: { entityId: lead.id, action: "lead_health_revealed" },
      raw: true,
    });
    expect(entries).toHaveLength(before + 1);
    expect(entries.at(-1)).toMatchObject({ userId: actor.id, entityType: "application" });
    expect(entries.at(-1)!.summary).toContain("revealed the full health details of lead");
    for (const needle of values.needles) expect(entries.at(-1)!.summary).not.toContain(needle);

    // Recorded: the lead's page and API show them again for a few minutes, writing nothing more.
    expect((await getLeadDetail(actor, lead.id, { reveal: ["health"] })).medications).toBe(values.medications);
    expect((await jsonOf<LeadDetail>(await detail(lead.id, cookie, "?reveal=1"))).medicalHistory).toBe(
      values.medicalHistory,
    );
    // The agent's Show Sensitive (every part) reveals them too, as a page's post.
    const posted = await callRoute(leadsAction, {
      method: "POST",
      path: `/agent/leads?dialog=details&id=${lead.id}`,
      form: { intent: "reveal", id: lead.id, part: "all" },
      cookie,
    });
    expect(posted.status).toBe(302);
    expect(await ActivityLog.count({ where: { entityId: lead.id, action: "lead_health_revealed" } })).toBe(before + 2);
    // Revealing the SSN alone leaves them masked.
    expect((await recordLeadReveal(actor, lead.id, ["sensitive"])).doctorName).toBe(HEALTH_MASK);
  });

  it("another agent cannot reveal them: 404, nothing recorded", async () => {
    const { lead } = await agentWithHealthyLead();
    const stranger = await signedInAgent();
    const refused = await reveal(lead.id, stranger.cookie, { parts: ["health"] });
    expect(refused.status).toBe(404);
    expect((await jsonOf<{ error: string }>(refused)).error).toBe(LEAD_NOT_FOUND);
    await expect(recordLeadReveal(stranger.actor, lead.id, ["health"])).rejects.toMatchObject({ status: 404 });
    const page = await callRoute(leadsAction, {
      method: "POST",
      path: `/agent/leads?dialog=details&id=${lead.id}`,
      form: { intent: "reveal", id: lead.id, part: "health" },
      cookie: stranger.cookie,
    });
    expect(page.status).toBe(404);
    expect(await ActivityLog.count({ where: { entityId: lead.id, action: "lead_health_revealed" } })).toBe(0);
  });

  it("answers a reveal naming an unknown part with 400 at the field", async () => {
    const { lead, cookie } = await agentWithHealthyLead();
    const res = await reveal(lead.id, cookie, { parts: ["health", "cvv"] });
    expect(res.status).toBe(400);
    expect((await jsonOf<{ fieldErrors: Record<string, string[]> }>(res)).fieldErrors).toHaveProperty(["parts.1"]);
  });
});

describe("editing a lead with masked health details", () => {
  it("keeps what the user did not change: the mask posted back by the form or the API changes nothing", async () => {
    const { lead, cookie, values } = await agentWithHealthyLead();
    const before = (await Application.findByPk(lead.id, { raw: true }))!;
    const logged = () => ActivityLog.count({ where: { entityId: lead.id, action: "lead_updated" } });
    const edits = await logged();
    const earlier = new Set(
      (await ActivityLog.findAll({ where: { entityId: lead.id, action: "lead_updated" }, raw: true })).map((e) => e.id),
    );

    // The edit form as it opens: every health box holds the mask.
    const opened = await jsonOf<{ lead: LeadDetail }>(
      await callRoute(leadsLoader, { path: `/agent/leads?dialog=edit&id=${lead.id}`, cookie }),
    );
    expect(opened.lead.medications).toBe(HEALTH_MASK);
    const form = {
      intent: "edit",
      id: lead.id,
      firstName: "Lena",
      lastName: "Lead",
      city: "Sarasota",
      doctorName: HEALTH_MASK,
      doctorPhone: HEALTH_MASK,
      medications: HEALTH_MASK,
      medicalHistory: HEALTH_MASK,
    };
    const saved = await callRoute(leadsAction, {
      method: "POST",
      path: `/agent/leads?dialog=edit&id=${lead.id}`,
      form,
      cookie,
    });
    expect(saved.status).toBe(302);
    const after = (await Application.findByPk(lead.id, { raw: true }))!;
    expect(after.city).toBe("Sarasota");
    for (const column of [
      "doctorNameEncrypted",
      "doctorPhoneEncrypted",
      "medicationsEncrypted",
      "medicalHistoryEncrypted",
    ] as const) {
      // Not written at all: the same ciphertext, not the same value encrypted again.
      expect(after[column]).toBe(before[column]);
    }
    // The edit's own entry (rows come in no set order on Postgres).
    const entry = (await ActivityLog.findAll({ where: { entityId: lead.id, action: "lead_updated" }, raw: true })).find(
      (e) => !earlier.has(e.id),
    )!;
    expect(await logged()).toBe(edits + 1);
    expect(entry.summary).toMatch(/\(city\)$/);

    // The API's read-modify-write: the masked answer sent back keeps them; blank clears one; a new value replaces one.
    const record = await jsonOf<LeadDetail>(await detail(lead.id, cookie));
    const patch = (json: unknown) =>
      callRoute(patchApi, {
        method: "PATCH",
        path: `/api/applications/${lead.id}`,
        params: { id: lead.id },
        json,
        cookie,
      });
    expect((await patch({ ...pick(record), notes: "Called back" })).status).toBe(200);
    const kept = (await Application.findByPk(lead.id, { raw: true }))!;
    expect(decrypt(kept.medicationsEncrypted!)).toBe(values.medications);
    expect(decrypt(kept.doctorNameEncrypted!)).toBe(values.doctorName);
    expect((await patch({ medications: "", medicalHistory: "Asthma since childhood" })).status).toBe(200);
    const changed = (await Application.findByPk(lead.id, { raw: true }))!;
    expect(changed.medicationsEncrypted).toBeNull();
    expect(decrypt(changed.medicalHistoryEncrypted!)).toBe("Asthma since childhood");
    expect(decrypt(changed.doctorPhoneEncrypted!)).toBe(values.doctorPhone);
    const last = (
      await ActivityLog.findAll({
        where: { entityId: lead.id, action: "lead_updated" },
        order: [["createdAt", "ASC"]],
        raw: true,
      })
    ).at(-1)!;
    expect(last.summary).toMatch(/\(medications, medical history\)$/);
  });
});

/** The four health fields of a lead or a set of values. */
function pick(values: Partial<Record<HealthField, string | null>>) {
  return {
    doctorName: values.doctorName,
    doctorPhone: values.doctorPhone,
    medications: values.medications,
    medicalHistory: values.medicalHistory,
  };
}

// ---------------------------------------------------------------------------------------------
// Migration 037 encrypts what a database already holds.

const freshDatabaseUrl = freshDatabases("health");
const MIGRATION = "037-health-details-encrypted";

describe("migration 037", () => {
  it("encrypts every stored health detail in place, leaves an encrypted one as it is, and down gives them back", async () => {
    const db = createSequelize(await freshDatabaseUrl());
    try {
      const migrator = migratorFor(db);
      const index = migrations.findIndex((m) => m.name === MIGRATION);
      await migrator.up({ to: migrations[index - 1]!.name });
      const qi = db.getQueryInterface();
      const at = new Date();
      const already = encrypt("Already sealed");
      const leads = [
        {
          doctor_name: "Dr. Old Plain",
          doctor_phone: "(305) 555-0142",
          medications: "Warfarin 5 mg",
          medical_history: "Atrial fibrillation",
        },
        { doctor_name: null, doctor_phone: null, medications: already, medical_history: "x".repeat(5000) },
        { doctor_name: null, doctor_phone: null, medications: null, medical_history: null },
      ].map((health, n) => ({
        id: crypto.randomUUID(),
        first_name: "Old",
        last_name: `Lead ${n}`,
        status: "pending",
        created_at: at,
        updated_at: at,
        ...health,
      }));
      await qi.bulkInsert("applications", leads);

      await migrator.up({ to: MIGRATION });
      const columns = await qi.describeTable("applications");
      for (const name of ["doctor_name", "doctor_phone", "medications", "medical_history"]) {
        expect(columns).not.toHaveProperty(name);
        expect(columns[`${name}_encrypted`]!.type.toUpperCase()).toBe("TEXT");
      }
      const read = async () =>
        db.query<Record<string, string | null>>(
          `SELECT id, doctor_name_encrypted, doctor_phone_encrypted, medications_encrypted, medical_history_encrypted
           FROM applications ORDER BY last_name`,
          { type: QueryTypes.SELECT },
        );
      const [first, second, third] = await read();
      expect(decrypt(first!.doctor_name_encrypted!)).toBe("Dr. Old Plain");
      expect(decrypt(first!.doctor_phone_encrypted!)).toBe("(305) 555-0142");
      expect(decrypt(first!.medications_encrypted!)).toBe("Warfarin 5 mg");
      expect(decrypt(first!.medical_history_encrypted!)).toBe("Atrial fibrillation");
      expect(second!.medications_encrypted).toBe(already);
      expect(decrypt(second!.medical_history_encrypted!)).toBe("x".repeat(5000));
      expect(third).toMatchObject({ doctor_name_encrypted: null, medications_encrypted: null });
      expect(
        await plainTextFound(["Old Plain", "3055550142", "555-0142", "Warfarin", "Atrial fib", "xxxxxxxx"], db),
      ).toEqual([]);

      await migrator.down({ to: MIGRATION });
      const restored = await db.query<Record<string, string | null>>(
        "SELECT doctor_name, doctor_phone, medications, medical_history FROM applications ORDER BY last_name",
        { type: QueryTypes.SELECT },
      );
      expect(restored[0]).toEqual({
        doctor_name: "Dr. Old Plain",
        doctor_phone: "(305) 555-0142",
        medications: "Warfarin 5 mg",
        medical_history: "Atrial fibrillation",
      });
      expect(restored[1]!.medications).toBe("Already sealed");
    } finally {
      await db.close();
    }
  });
});
