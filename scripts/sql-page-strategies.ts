// Which way sqlPage asks for a page and its total (docs/decisions/051): two statements run together
// (the page's rows, its keys cut from the index first, and a COUNT(*) of the filter), or one
// statement whose keys carry COUNT(*) OVER (). Measured on All Leads' shapes against a database
// that `npm run bench:leads -- --keep` left (100,000 leads):
//
//   DATABASE_URL=sqlite:/tmp/bench-leads-NNN.sqlite npx tsx scripts/sql-page-strategies.ts
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_leads_NNN npx tsx scripts/sql-page-strategies.ts
//
// Each case runs both ways alternately (--runs N, 15), after a warm-up, and prints the medians.
import { performance } from "node:perf_hooks";

const runs = Number(process.argv[process.argv.indexOf("--runs") + 1] || 15) || 15;
process.env.SESSION_SECRET ??= "sql-page-strategies-not-for-production";
process.env.DATA_ENCRYPTION_KEY ??= "0".repeat(64);

const { closeDatabase, isPostgres } = await import("../prisma-free-db/index");
const { z } = await import("zod");
const { column, raw, selectOne, selectRows, sql, sqlPage } = await import("../app/services/sql/reads.server");
type PageQuery = import("../app/services/sql/reads.server").PageQuery;

const Row = z.object({ id: column.text, firstName: column.text, status: column.text, phone: column.text.nullable() });
const CountedRow = Row.extend({ pageTotal: column.integer });

/** The one-statement way: the page's keys with COUNT(*) OVER (), then only their rows. */
async function oneStatement(query: PageQuery, params: { page: number; pageSize: number }) {
  const where = query.where ?? raw("1 = 1");
  const keys = sql`SELECT a.id, COUNT(*) OVER () AS "pageTotal" FROM ${query.from} WHERE ${where}
    ORDER BY ${query.orderBy} LIMIT ${params.pageSize} OFFSET ${(params.page - 1) * params.pageSize}`;
  const rows = await selectRows(
    sql`SELECT ${query.select}, k."pageTotal" FROM (${keys}) k JOIN ${query.from} ON a.id = k.id ORDER BY ${query.orderBy}`,
    CountedRow,
  );
  // Past the last page there is no row to carry the total: ask for it then.
  const total =
    rows[0]?.pageTotal ??
    (await selectOne(sql`SELECT COUNT(*) AS n FROM ${query.from} WHERE ${where}`, z.object({ n: column.integer })))
      ?.n ??
    0;
  return { rows, total };
}

const busiest = await selectOne(
  sql`SELECT agent_id AS id FROM applications WHERE agent_id IS NOT NULL GROUP BY agent_id ORDER BY COUNT(*) DESC LIMIT 1`,
  z.object({ id: column.text }),
);
const month = { start: new Date(Date.now() - 60 * 86_400_000), end: new Date(Date.now() - 30 * 86_400_000) };
const base = {
  select: sql`a.id, a.first_name AS "firstName", a.status,
    (SELECT p.phone_number FROM phones p WHERE p.application_id = a.id
      ORDER BY p.is_primary DESC, p.created_at ASC, p.id ASC LIMIT 1) AS "phone"`,
  from: sql`applications a`,
  orderBy: sql`a.created_at DESC, a.id DESC`,
  key: sql`a.id`,
};
const cases: { label: string; query: PageQuery; page: number }[] = [];
for (const page of [1, 200]) {
  cases.push({ label: `every lead, page ${page}`, query: base, page });
  cases.push({
    label: `contacted + busiest agent, page ${page === 1 ? 1 : 100}`,
    query: { ...base, where: sql`a.status = ${"contacted"} AND a.agent_id = ${busiest?.id ?? null}` },
    page: page === 1 ? 1 : 100,
  });
  cases.push({
    label: `submitted 30-60 days ago, page ${page}`,
    query: { ...base, where: sql`a.created_at >= ${month.start} AND a.created_at < ${month.end}` },
    page,
  });
}

const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
async function time(run: () => Promise<unknown>) {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

console.log(
  `${isPostgres ? "Postgres" : "SQLite"}: sqlPage two statements vs one with COUNT(*) OVER (), medians of ${runs}`,
);
for (const c of cases) {
  const params = { page: c.page, pageSize: 20 };
  const two = () => sqlPage(c.query, params, Row);
  const one = () => oneStatement(c.query, params);
  const [a, b] = await Promise.all([two(), one()]).then(([x, y]) => [x, y] as const);
  if (a.total !== b.total || a.rows.map((r) => r.id).join() !== b.rows.map((r) => r.id).join()) {
    throw new Error(`${c.label}: the two ways disagree`);
  }
  await two();
  await one();
  const twoTimes: number[] = [];
  const oneTimes: number[] = [];
  for (let i = 0; i < runs; i++) {
    twoTimes.push(await time(two));
    oneTimes.push(await time(one));
  }
  const [t2, t1] = [median(twoTimes), median(oneTimes)];
  console.log(
    `  ${c.label.padEnd(40)} ${String(a.total).padStart(6)} rows   two ${t2.toFixed(2).padStart(8)} ms   one ${t1.toFixed(2).padStart(8)} ms   one/two ${(t1 / t2).toFixed(2)}x`,
  );
}
await closeDatabase();
