// A probe of decision 090's read, before it is built: a table of search terms (each lead's first
// name, last name, "first last", "@" + its email, its email's number, "example"), read newest first
// per term, against leads filled set-based at 10,000 / 100,000 / 1,000,000 on SQLite or Postgres.
// Standalone tables in a file of its own or a database of its own, not the app's schema:
//
//   npx tsx scripts/probe-search-terms.ts                     # SQLite, /tmp/probe-search-terms-N.sqlite
//   DB=postgres SIZES=10000,1000000 npx tsx scripts/probe-search-terms.ts
//
// A word finds the terms it begins (found by a loose index scan, at most 50); each term's leads are
// read newest first from (term, created_at, lead_id), or (agent, term, ...) for one agent's list,
// taking no more than the page's depth each, merged and deduplicated; every other word of the
// search is checked on each lead through (lead_id, term). It prints each case's median of 15 and
// checks, at the first size, that a page is what sorting every match gives.
import fs from "node:fs";
import pg from "pg";
import sqlite3 from "sqlite3";
import { createPostgresDatabase, dropPostgresDatabase } from "./bench-support";

const FIRST =
  `james mary robert patricia john jennifer michael linda david elizabeth william barbara richard susan joseph jessica thomas sarah charles karen christopher lisa daniel nancy matthew betty anthony margaret mark sandra donald ashley steven kimberly paul emily andrew donna joshua michelle kenneth carol kevin amanda brian dorothy george melissa timothy deborah ronald stephanie edward rebecca jason sharon jeffrey laura ryan cynthia jacob kathleen gary amy nicholas angela eric shirley jonathan anna stephen brenda larry pamela justin emma scott nicole brandon helen benjamin samantha samuel katherine gregory christine alexander debra frank rachel patrick carolyn raymond janet jack catherine dennis maria jerry heather tyler diane aaron ruth jose julie adam olivia`.split(
    " ",
  );
const LAST =
  `smith johnson williams brown jones garcia miller davis rodriguez martinez hernandez lopez gonzalez wilson anderson thomas taylor moore jackson martin lee perez thompson white harris sanchez clark ramirez lewis robinson walker young allen king wright scott torres nguyen hill flores green adams nelson baker hall rivera campbell mitchell carter roberts gomez phillips evans turner diaz parker cruz edwards collins reyes stewart morris morales murphy cook rogers gutierrez ortiz morgan cooper peterson bailey reed kelly howard ramos kim cox ward richardson watson brooks chavez wood james bennett gray mendoza ruiz hughes price alvarez castillo sanders patel myers long ross foster jimenez powell jenkins perry russell sullivan bell coleman butler henderson barnes fisher`.split(
    " ",
  );
const END = "\u{10FFFF}";
const SIZES = (process.env.SIZES ?? "10000,100000,1000000").split(",").map(Number);
const which = process.env.DB ?? "sqlite";

/** A row as the drivers answer it: the probe reads its columns by name. */
type Row = Record<string, string | number | null>;

type Db = {
  all: (sql: string, params?: unknown[]) => Promise<Row[]>;
  run: (sql: string) => Promise<void>;
  close: () => Promise<void>;
};

async function openSqlite(file: string): Promise<Db> {
  for (const f of [file, `${file}-wal`, `${file}-shm`]) fs.rmSync(f, { force: true });
  const db = new sqlite3.Database(file);
  const all = (sql: string, params: unknown[] = []) =>
    new Promise<Row[]>((res, rej) => db.all<Row>(sql, params, (e, rows) => (e ? rej(e) : res(rows))));
  const run = (sql: string) => new Promise<void>((res, rej) => db.exec(sql, (e) => (e ? rej(e) : res())));
  await run("PRAGMA journal_mode=WAL; PRAGMA synchronous=OFF; PRAGMA cache_size=-64000;");
  return { all, run, close: () => new Promise((r) => db.close(() => r())) };
}

const POSTGRES_ADMIN_URL = process.env.BENCH_POSTGRES_URL || "postgres://postgres@127.0.0.1:5432/postgres";
const PROBE_DATABASE = "probe_search_terms";

async function openPostgres(): Promise<Db> {
  const c = new pg.Client(await createPostgresDatabase(POSTGRES_ADMIN_URL, PROBE_DATABASE, { replace: true }));
  await c.connect();
  // The statements below are written with ?; pg numbers its parameters.
  const conv = (sql: string) => {
    let n = 0;
    return sql.replace(/\?/g, () => `$${++n}`);
  };
  return {
    all: async (sql, params = []) => (await c.query<Row>(conv(sql), params)).rows,
    run: async (sql) => void (await c.query(sql)),
    close: async () => {
      await c.end();
      await dropPostgresDatabase(POSTGRES_ADMIN_URL, PROBE_DATABASE);
    },
  };
}

/** The leads' emails (85% have one) and their terms, with the three indexes, in SQL both databases read. */
const TERMS = `UPDATE leads SET email = first || '.' || last || (id % 1000) || '@example.test' WHERE id % 100 < 85;
  INSERT INTO terms SELECT first, id, agent, created_at FROM leads;
  INSERT INTO terms SELECT last, id, agent, created_at FROM leads;
  INSERT INTO terms SELECT first || ' ' || last, id, agent, created_at FROM leads;
  INSERT INTO terms SELECT '@' || email, id, agent, created_at FROM leads WHERE email IS NOT NULL;
  INSERT INTO terms SELECT CAST(id % 1000 AS TEXT), id, agent, created_at FROM leads WHERE email IS NOT NULL;
  INSERT INTO terms SELECT 'example', id, agent, created_at FROM leads WHERE email IS NOT NULL;
  CREATE INDEX t_all ON terms(term, created_at, lead_id);
  CREATE INDEX t_agent ON terms(agent, term, created_at, lead_id);
  CREATE INDEX t_lead ON terms(lead_id, term);`;

async function fill(db: Db, n: number) {
  const list = (name: string, values: string[]) =>
    `CREATE TABLE ${name}(i INTEGER PRIMARY KEY, v TEXT); INSERT INTO ${name} VALUES ${values.map((v, i) => `(${i}, '${v}')`).join(",")};`;
  await db.run(list("fn", FIRST));
  await db.run(list("ln", LAST));
  if (which === "sqlite") {
    await db.run(`CREATE TABLE leads(id INTEGER PRIMARY KEY, agent INTEGER, created_at INTEGER, first TEXT, last TEXT, email TEXT);
      WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < ${n})
      INSERT INTO leads SELECT i, CASE WHEN abs(random()) % 100 < 14 THEN 0 ELSE 1 + abs(random()) % 20 END,
        1700000000000 + abs(random()) % 94608000000,
        (SELECT v FROM fn WHERE fn.i = (s.i * 7 + abs(random())) % ${FIRST.length}),
        (SELECT v FROM ln WHERE ln.i = (s.i * 13 + abs(random())) % ${LAST.length}), NULL FROM s;
      CREATE TABLE terms(term TEXT, lead_id INTEGER, agent INTEGER, created_at INTEGER);
      ${TERMS} ANALYZE;`);
  } else {
    await db.run(`CREATE TABLE leads(id INTEGER PRIMARY KEY, agent INTEGER, created_at BIGINT, first TEXT, last TEXT, email TEXT);
      INSERT INTO leads SELECT i, CASE WHEN random() < 0.14 THEN 0 ELSE 1 + floor(random() * 20)::int END,
        1700000000000 + floor(random() * 94608000000)::bigint,
        f.a[1 + floor(random() * ${FIRST.length})::int], l.a[1 + floor(random() * ${LAST.length})::int], NULL
        FROM generate_series(1, ${n}) s(i), (SELECT array_agg(v ORDER BY i) AS a FROM fn) f, (SELECT array_agg(v ORDER BY i) AS a FROM ln) l;
      CREATE TABLE terms(term TEXT COLLATE "C", lead_id INTEGER, agent INTEGER, created_at BIGINT);
      ${TERMS} ANALYZE leads;`);
    await db.run("VACUUM ANALYZE terms");
  }
}

/** The distinct terms starting with `word`, by a loose index scan (at most 50). */
async function termsFor(db: Db, word: string, agent: number | null) {
  const scope = agent === null ? "" : `agent = ${agent} AND `;
  const rows = await db.all(
    `WITH RECURSIVE t(term) AS (
       SELECT (SELECT term FROM terms WHERE ${scope}term >= ? AND term < ? ORDER BY term LIMIT 1)
       UNION ALL
       SELECT (SELECT term FROM terms WHERE ${scope}term > t.term AND term < ? ORDER BY term LIMIT 1) FROM t WHERE t.term IS NOT NULL
     ) SELECT term FROM t WHERE term IS NOT NULL LIMIT 51`,
    [word, word + END, word + END],
  );
  return rows.map((r) => r.term as string);
}

/** A page (offset, 20) of the leads with a term starting with `word` (and each of `others`), newest first. */
async function page(db: Db, words: string[], agent: number | null, offset: number, count = false) {
  const [driver, ...others] = words;
  const terms = await termsFor(db, driver!, agent);
  if (terms.length === 0) return [];
  const k = count ? 1001 : offset + 20;
  const params: unknown[] = [];
  const extra = others
    .map((w) => {
      params.push(w, w + END);
      return ` AND (SELECT 1 FROM terms o WHERE o.lead_id = t.lead_id AND o.term >= ? AND o.term < ? LIMIT 1) IS NOT NULL`;
    })
    .join("");
  const arms = terms.map((term) => {
    const p = [term, ...params];
    return {
      sql: `SELECT * FROM (SELECT t.lead_id, t.created_at FROM terms t WHERE ${agent === null ? "" : `t.agent = ${agent} AND `}t.term = ?${extra} ORDER BY t.created_at DESC, t.lead_id DESC LIMIT ${k}) a`,
      p,
    };
  });
  const union = arms.map((a) => a.sql).join(" UNION ALL ");
  const allParams = arms.flatMap((a) => a.p);
  if (count) {
    const [row] = await db.all(`SELECT count(*) AS n FROM (SELECT DISTINCT lead_id FROM (${union}) u) d`, allParams);
    return [row];
  }
  return db.all(
    `SELECT l.id, l.first, l.last, l.email, l.created_at FROM leads l JOIN (
       SELECT lead_id, max(created_at) AS c FROM (${union}) u GROUP BY lead_id ORDER BY c DESC, lead_id DESC LIMIT 20 OFFSET ${offset}
     ) p ON p.lead_id = l.id ORDER BY p.c DESC, p.lead_id DESC`,
    allParams,
  );
}

const CASES: [string, string[], number | null, number, boolean?][] = [
  ["All: garcia p1", ["garcia"], null, 0],
  ["All: garcia p40", ["garcia"], null, 780],
  ["All: garcia count", ["garcia"], null, 0, true],
  ["All: gar p1 (prefix)", ["gar"], null, 0],
  ["All: mary smith (pair) p1", ["mary smith"], null, 0],
  ["All: smith mary p1", ["mary", "smith"], null, 0],
  ["All: example p40", ["example"], null, 780],
  ["Agent: garcia p1", ["garcia"], 0, 0],
  ["Agent: garcia p40", ["garcia"], 0, 780],
  ["Agent: garcia count", ["garcia"], 0, 0, true],
  ["Agent: mary smith p1", ["mary smith"], 0, 0],
  ["Agent: li p1 (prefix)", ["li"], 0, 0],
];

const results: Record<string, number[]> = {};
for (const n of SIZES) {
  const db = which === "sqlite" ? await openSqlite(`/tmp/probe-search-terms-${n}.sqlite`) : await openPostgres();
  const t0 = Date.now();
  await fill(db, n);
  console.log(`${which} ${n}: filled in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  if (n === SIZES[0]) {
    // The page must be what sorting every match gives.
    for (const [word, agent, offset] of [
      ["garcia", null, 0],
      ["gar", null, 20],
      ["garcia", 0, 40],
    ] as const) {
      const got = (await page(db, [word], agent, offset)).map((r) => Number(r.id));
      const want = (
        await db.all(
          `SELECT lead_id, max(created_at) AS c FROM terms WHERE ${agent === null ? "" : `agent = ${agent} AND `}term >= ? AND term < ?
           GROUP BY lead_id ORDER BY c DESC, lead_id DESC LIMIT 20 OFFSET ${offset}`,
          [word, word + END],
        )
      ).map((r) => Number(r.lead_id));
      if (JSON.stringify(got) !== JSON.stringify(want))
        throw new Error(`${word} ${agent} ${offset}: ${got} != ${want}`);
    }
    console.log("  pages agree with sorting every match");
  }
  for (const [label, words, agent, offset, count] of CASES) {
    const times: number[] = [];
    let rows: Row[] = [];
    for (let i = 0; i < 15; i += 1) {
      const s = process.hrtime.bigint();
      rows = await page(db, words, agent, offset, count);
      times.push(Number(process.hrtime.bigint() - s) / 1e6);
    }
    times.sort((a, b) => a - b);
    (results[label] ??= []).push(times[7]!);
    console.log(
      `  ${label.padEnd(28)} ${times[7]!.toFixed(2).padStart(8)} ms  rows ${count ? rows[0]?.n : rows.length}`,
    );
  }
  await db.close();
}
console.log("\ncase, " + SIZES.join(" / ") + ", last/first");
for (const [label, ms] of Object.entries(results))
  console.log(`${label.padEnd(28)} ${ms.map((m) => m.toFixed(2)).join(" / ")}  ${(ms.at(-1)! / ms[0]!).toFixed(2)}x`);
