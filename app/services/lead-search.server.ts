import { isPostgres } from "~db";
import { z } from "zod";
import { and, column, join, raw, searchWords, selectRows, sql, type Sql } from "./sql/reads.server";

// The lead lists' search (My Leads, the agent's report, All Leads, the admin's retention list) from
// the term table of migration 051 (docs/decisions/090). A lead's terms are the words of its first
// name, last name and email, and its phones' digits (whole, and their last 10, 7 and 4). Every
// word of the search box must begin one of the lead's terms, case-insensitively: "gar" finds
// Garcia, "mary smith" a Mary Smith or a Smith Mary, "305" or "(305)" an area code, "555-0142" or
// "0142" the end of a number. A word is split where the terms are (at any ASCII character that is
// not a letter or a digit: "o'brien" is "o" and "brien"; its leading and trailing digits apart:
// "garcia123" is "garcia" and "123"), except a piece of a phone number ("555-0142", "(305)"),
// which is its digits; nothing in a word is read as syntax. A search of punctuation alone finds
// nothing.

/** Where words split: the ASCII characters that are neither letters nor digits (migration 051's SEPARATOR_CODES). */
// eslint-disable-next-line no-control-regex
const SEPARATORS = /[\x00-\x2f\x3a-\x40\x5b-\x60\x7b-\x7f]+/;

/** What a phone number may hold besides digits (the application's phone rule); a word of digits and these is a phone's piece. */
const PHONE_PUNCTUATION = /[ ()\-.+\t\n\r]/g;

/** The words of a search as the terms hold them (not yet folded: the database folds both sides alike). */
export function searchTermWords(search: string | undefined): string[] {
  const words = new Set<string>();
  for (const word of searchWords(search)) {
    const digits = word.replace(PHONE_PUNCTUATION, "");
    if (/^\d+$/.test(digits)) words.add(digits);
    else {
      for (const part of word.split(SEPARATORS)) {
        // A part's leading and trailing digits apart, as the terms are (migration 051's digitRunsApart).
        const [, head, core, tail] = /^(\d*)(.*?)(\d*)$/s.exec(part)!;
        for (const piece of [head, core, tail]) if (piece) words.add(piece);
      }
    }
  }
  return [...words];
}

/** A prefix's range of terms: from the word, folded, to the word followed by the last character there is. */
function termRange(term: Sql, word: string): Sql {
  const end = isPostgres ? raw("chr(1114111)") : raw("char(1114111)");
  return sql`${term} >= lower(${word}) AND ${term} < lower(${word}) || ${end}`;
}

/**
 * Whose terms a search reads: one agent's (`agentId`, or the unassigned leads' with null) through
 * the (agent_id, term, ..., returned) index, or every lead's (undefined). `working`: only the leads
 * not returned to their source (My Leads, decision 064), checked on the index's entries (decision 092).
 */
export type SearchScope = { agentId: string | null; working?: boolean } | undefined;

/** A column of the term table under `alias` (null: unqualified). */
const termColumn = (alias: string | null, name: "agent_id" | "returned" | "created_at" | "application_id") =>
  alias ? sql`${raw(alias)}.${raw(name)}` : raw(name);

/** The scope's condition on the term table's columns, under `alias` (none: unqualified). */
function inScope(alias: "t" | "x" | null, scope: SearchScope): Sql | false {
  if (!scope) return false;
  const column = (name: "agent_id" | "returned") => termColumn(alias, name);
  const agent =
    scope.agentId === null ? sql`${column("agent_id")} IS NULL` : sql`${column("agent_id")} = ${scope.agentId}`;
  return scope.working ? sql`${agent} AND ${column("returned")} = 0` : agent;
}

/**
 * Whether `statement` finds a row, checked per row of the query around it. Postgres asks it as a
 * scalar subquery: its planner turned an EXISTS into a semi-join that read every entry of a common
 * word (decision 090's probe: 1,227 ms against 28 ms at 1,000,000 leads); SQLite reads either form
 * by the index the statement's equality names.
 */
function found(statement: Sql): Sql {
  return isPostgres ? sql`(${statement} LIMIT 1) IS NOT NULL` : sql`EXISTS (${statement})`;
}

/** Whether the lead whose id is `lead` has a term the word begins (by the primary key, application_id first). */
function hasTerm(lead: Sql, word: string): Sql {
  return found(
    sql`SELECT 1 FROM lead_search_terms x WHERE x.application_id = ${lead} AND ${termRange(sql`x.term`, word)}`,
  );
}

/** The order a list reads its leads in, when an index gives it: by creation, newest or oldest first. */
export type SearchOrder = "newest" | "oldest";

/**
 * How a list reads its search (decision 090):
 * - "terms": the word with the fewest entries drives; its terms (at most TERMS_READ_APART) are each
 *   read in the list's order from the term index, checked against the list's filters and the other
 *   words, and merged: a page reads about as many entries as it shows, whatever the table's size.
 * - "inOrder": a word that begins too many terms ("a", "li") is checked on each lead the list
 *   reads in its own order (decision 068).
 * - "gather": a list not in creation order (All Leads by name) gathers the driving word's leads
 *   and sorts them.
 * - "nothing": a word no term begins, or a search of punctuation alone: no lead.
 */
export type LeadSearch =
  | { plan: "none" }
  | { plan: "nothing" }
  | {
      plan: "terms";
      words: string[];
      driver: string;
      terms: string[];
      /** The other words, each with the terms it begins when the plan read them (at most TERMS_READ_APART). */
      others: PlannedWord[];
      order: SearchOrder;
      scope: SearchScope;
    }
  | { plan: "inOrder" | "gather"; words: string[]; scope: SearchScope };

/** A word of the search and the terms it begins, when they were read and few enough to name (else null). */
type PlannedWord = { word: string; terms: string[] | null };

/**
 * Past this many distinct terms of one word, it is not read term by term (a page would read this many lists).
 * @internal
 */
export const TERMS_READ_APART = 16;

/** How many of a search's words are looked up to choose the driver (a search box holds up to 100 characters). */
const WORDS_PLANNED = 6;

/**
 * How far the entries of each word are counted to choose the one that drives; words past it are
 * told apart by how far their last counted entry lies (rarestRecently). 500 entries of two common
 * words read in about a quarter of 2,000's time, and rank them as well (decision 092).
 */
const DRIVER_COUNT_LIMIT = 500;

/**
 * How a list reads its search: one statement finds, for each word, the distinct terms it begins
 * (up to TERMS_READ_APART + 1, by a loose scan of the index: each the next term after the last) and,
 * when there are several words, its entries counted up to DRIVER_COUNT_LIMIT. `order` is the list's
 * order when it is by creation (null: another order).
 */
export async function planLeadSearch(
  search: string | undefined,
  {
    scope,
    order,
    checkInOrder = order !== null,
    driverCountLimit = DRIVER_COUNT_LIMIT,
  }: {
    scope: SearchScope;
    order: SearchOrder | null;
    /** Whether an index gives the list's order under its filters, so a word may be checked on the leads read in it. */
    checkInOrder?: boolean;
    /** DRIVER_COUNT_LIMIT, smaller in a test. */
    driverCountLimit?: number;
  },
): Promise<LeadSearch> {
  if (searchWords(search).length === 0) return { plan: "none" };
  const words = searchTermWords(search);
  if (words.length === 0) return { plan: "nothing" };
  const scoped = inScope(null, scope);
  const list = isPostgres ? sql`string_agg(term, ' ')` : sql`group_concat(term, ' ')`;
  // A row per word, in the words' order (UNION ALL keeps it; `word` says which all the same).
  // A long search's later words are only checked: the driver is found among the first few.
  const perWord = words.slice(0, WORDS_PLANNED).map((word, i) => {
    const next = (after: Sql) =>
      sql`(SELECT term FROM lead_search_terms WHERE ${and([scoped, after, termRange(sql`term`, word)])}
        ORDER BY term LIMIT 1)`;
    const several = words.length > 1;
    const count = several
      ? sql`(SELECT COUNT(*) FROM (SELECT 1 FROM lead_search_terms
            WHERE ${and([scoped, termRange(sql`term`, word)])} LIMIT ${driverCountLimit}) c)`
      : sql`0`;
    // How far into the list's order the word's first term reaches in driverCountLimit entries
    // (rarestRecently), read only when the count reached it.
    const reach =
      several && order
        ? sql`CASE WHEN c.count >= ${driverCountLimit} THEN (SELECT created_at FROM lead_search_terms
            WHERE ${and([scoped, sql`term = ${next(raw("1 = 1"))}`])}
            ORDER BY ${listOrder(order)(null)} LIMIT 1 OFFSET ${driverCountLimit - 1}) END`
        : raw("NULL");
    return sql`SELECT ${i} AS word, (WITH RECURSIVE d(term, n) AS (
        SELECT ${next(raw("1 = 1"))}, 1
        UNION ALL SELECT ${next(sql`term > d.term`)}, n + 1 FROM d WHERE d.term IS NOT NULL AND n <= ${TERMS_READ_APART}
      ) SELECT ${list} FROM d) AS terms, c.count, ${reach} AS reach FROM (SELECT ${count} AS count) c`;
  });
  // A word's rank by its reach, the furthest first: the oldest of a list newest first.
  const furthest = raw(order === "oldest" ? "DESC" : "ASC");
  const rows = await selectRows(
    sql`SELECT word, terms, count, rank() OVER (ORDER BY reach ${furthest}) AS rarity
        FROM (${join(perWord, " UNION ALL ")}) w ORDER BY word`,
    PLANNED,
  );
  const read = rows.map((row) => ({
    word: words[row.word]!,
    terms: (row.terms ?? "").split(" ").filter(Boolean),
    count: row.count,
    rarity: row.rarity,
  }));
  if (read.some((word) => word.terms.length === 0)) return { plan: "nothing" };
  const drivers = read
    .filter((word) => word.terms.length <= TERMS_READ_APART)
    .sort((a, b) => a.count - b.count || a.terms.length - b.terms.length);
  const driver = order ? rarestRecently(drivers, driverCountLimit) : drivers[0];
  if (order && driver) {
    const named = new Map(read.map((word) => [word.word, word.terms.length <= TERMS_READ_APART ? word.terms : null]));
    const others = words
      .filter((word) => word !== driver.word)
      .map((word) => ({ word, terms: named.get(word) ?? null }));
    return { plan: "terms", words, driver: driver.word, terms: driver.terms, others, order, scope };
  }
  if (!driver && checkInOrder) return { plan: "inOrder", words, scope };
  return { plan: "gather", words: driverFirst(words, driver?.word ?? words[0]!), scope };
}

const PLANNED = z.object({
  word: column.integer,
  terms: column.text.nullable(),
  count: column.integer,
  rarity: column.integer,
});

/**
 * The driver among `drivers` (fewest entries first) when the fewest reach the count's `limit`
 * too: of the words of one term, the one whose `limit`-th entry in the list's order is the
 * furthest from its start (`rarity` 1 the furthest), the rarest where the page begins to read.
 * "smith mary" is driven by Mary (about one in twenty a Smith) rather than by Smith (one in a
 * hundred a Mary): a page reads five times fewer entries.
 */
function rarestRecently<T extends { terms: string[]; count: number; rarity: number }>(drivers: T[], limit: number) {
  const tied = drivers.filter((word) => word.count >= limit && word.terms.length === 1);
  if (tied.length < 2 || drivers[0]!.count < limit) return drivers[0];
  return tied.sort((a, b) => a.rarity - b.rarity)[0];
}

const driverFirst = (words: string[], driver: string) => [driver, ...words.filter((word) => word !== driver)];

/**
 * The search's condition over `applications a`, to AND with the list's other conditions (null: no
 * search). A search read term by term is not a condition but its own statement (termMatches); as a
 * condition it is gathered.
 */
export function leadSearchCondition(search: LeadSearch): Sql | null {
  switch (search.plan) {
    case "none":
      return null;
    case "nothing":
      return raw("1 = 0");
    case "inOrder":
      return and(search.words.map((word) => hasTerm(sql`a.id`, word)));
    case "gather":
      return gathered(search.words, search.scope);
    case "terms":
      return gathered(driverFirst(search.words, search.driver), search.scope);
  }
}

/**
 * A search without a plan, for a read of every match (the agent's report's count and export, the
 * admin's retention list): the first word's leads gathered from the index, the others checked.
 */
export function leadSearchWhere(search: string | undefined, scope: SearchScope): Sql | null {
  if (searchWords(search).length === 0) return null;
  const words = searchTermWords(search);
  return words.length === 0 ? raw("1 = 0") : gathered(words, scope);
}

function gathered([first, ...others]: string[], scope: SearchScope): Sql {
  return and([
    sql`a.id IN (SELECT x.application_id FROM lead_search_terms x
      WHERE ${and([inScope("x", scope), termRange(sql`x.term`, first!)])})`,
    ...others.map((word) => hasTerm(sql`a.id`, word)),
  ]);
}

export type TermsSearch = Extract<LeadSearch, { plan: "terms" }>;

/**
 * Whether the lead of entry `t` has one of `terms`, by the term index the entries come from (one
 * agent's, or every lead's): a page reads its entries in creation order, so the checks of one term
 * walk its index forward, where the primary key (application_id, term) would be read at random.
 * At 1,000,000 leads the index's checks took a third of the key's time on SQLite (decision 092),
 * whose planner takes the key unless told (INDEXED BY).
 */
function entryHasTermAmong(terms: string[], scope: SearchScope): Sql {
  const index = raw(scope ? "lead_search_terms_by_agent" : "lead_search_terms_in_order");
  const from = isPostgres ? raw("lead_search_terms x") : sql`lead_search_terms x INDEXED BY ${index}`;
  // The lead's agent only: a term row carries its lead's agent, and the entry `t` is of a lead in scope.
  const agent = scope && inScope("x", { agentId: scope.agentId });
  return found(
    sql`SELECT 1 FROM ${from} WHERE ${and([
      agent,
      sql`x.term IN ${terms} AND x.created_at = t.created_at AND x.application_id = t.application_id`,
    ])}`,
  );
}

/** The checks of an entry `t` of the driving word: the list's filters on its lead, the other words on its terms. */
function entryChecks(search: TermsSearch, filters: Sql[]) {
  return [
    filters.length > 0 && found(sql`SELECT 1 FROM applications a WHERE a.id = t.application_id AND ${and(filters)}`),
    ...search.others.map((other) =>
      other.terms ? entryHasTermAmong(other.terms, search.scope) : hasTerm(sql`t.application_id`, other.word),
    ),
  ];
}

/** The driving word's entries of `term`, in the list's scope. */
const entriesOf = (search: TermsSearch, term: string) => and([sql`t.term = ${term}`, inScope("t", search.scope)]);

/**
 * The terms plan's first `rows` matches of the search and `filters` (the list's other conditions
 * over `applications a`) in the list's order, as (application_id, created_at). Each of the driving
 * word's terms is read in that order from the term index, each entry checked (entryChecks), `rows`
 * matches at most; the lists merged (a lead with two of the terms comes once: UNION) and cut to
 * `rows` again. Read as its own statement, so that no planner can join it to the lists' tables
 * another way.
 */
function termMatchesSql(search: TermsSearch, filters: Sql[], rows: number) {
  const order = listOrder(search.order);
  const checks = entryChecks(search, filters);
  const branches = search.terms.map(
    (term) => sql`SELECT t.application_id, t.created_at FROM lead_search_terms t
      WHERE ${and([entriesOf(search, term), ...checks])} ORDER BY ${order("t")} LIMIT ${rows}`,
  );
  if (branches.length === 1) return branches[0]!;
  const merged = join(
    branches.map((branch) => sql`SELECT * FROM (${branch}) b`),
    " UNION ",
  );
  return sql`SELECT m.application_id, m.created_at FROM (${merged}) m ORDER BY ${order("m")} LIMIT ${rows}`;
}

/**
 * The matches among each term's first `entriesRead` entries in the list's order, once each, in no
 * order: what a count counts (in order only to choose the entries, which the index gives).
 */
function countedMatchesSql(search: TermsSearch, filters: Sql[], entriesRead: number) {
  const order = listOrder(search.order);
  const checks = entryChecks(search, filters);
  return join(
    search.terms.map(
      (term) => sql`SELECT t.application_id, t.created_at FROM (SELECT t.application_id, t.created_at
        FROM lead_search_terms t WHERE ${entriesOf(search, term)} ORDER BY ${order("t")} LIMIT ${entriesRead}) t
        WHERE ${and(checks)}`,
    ),
    " UNION ",
  );
}

/** The term index's order for a list in `order`, of the table under `alias` (null: unqualified). */
function listOrder(order: SearchOrder) {
  const direction = raw(order === "oldest" ? "ASC" : "DESC");
  return (alias: string | null) =>
    sql`${termColumn(alias, "created_at")} ${direction}, ${termColumn(alias, "application_id")} ${direction}`;
}

/**
 * The ids of the terms plan's matches `from` to `from + count` in the list's order (`from` counted from 0).
 * @internal
 */
export async function termMatches(
  search: TermsSearch,
  filters: Sql[],
  { from, count }: { from: number; count: number },
) {
  const matches = await selectRows(
    sql`SELECT p.application_id AS id FROM (${pageOfMatchesSql(search, filters, { from, count })}) p`,
    MATCH,
  );
  return matches.map((match) => match.id);
}

/** The terms plan's matches `from` to `from + count`, as (application_id, created_at), in the list's order. */
function pageOfMatchesSql(search: TermsSearch, filters: Sql[], { from, count }: { from: number; count: number }) {
  const order = listOrder(search.order);
  return sql`SELECT p.application_id, p.created_at FROM (${termMatchesSql(search, filters, from + count)}) p
    ORDER BY ${order("p")} LIMIT ${count} OFFSET ${from}`;
}

/**
 * A page of the terms plan and its count: the matches among each term's first `entriesRead`
 * entries, counted up to `upTo`, with whether a term has more entries than that (then the count is
 * a floor), and the page's ids, the matches from `from` to `from + count`.
 * - When every entry matches (no other word, no filter), the page reads its own entries and the
 *   count an index range, in one statement (the count's row first, then the page's ids).
 * - Else each entry is checked, and one statement reads the count's entries once for both: the
 *   page is the matches among them when they are the list's first (every entry was read, or the
 *   word is one term, whose first entries are the first in the list's order, and the page ends
 *   within the count). Otherwise (a page past the count, sparse matches of several terms) the page
 *   is read apart (termMatches). Two common words' page read about as many entries as its count
 *   (decision 092).
 */
export async function termMatchesAndCount(
  search: TermsSearch,
  filters: Sql[],
  { from, count, upTo, entriesRead }: { from: number; count: number; upTo: number; entriesRead: number },
) {
  const beyond = join(
    search.terms.map(
      (term) => sql`(SELECT COUNT(*) FROM (SELECT 1 FROM lead_search_terms t
        WHERE ${entriesOf(search, term)} LIMIT ${entriesRead + 1}) e) > ${entriesRead}`,
    ),
    " OR ",
  );
  const matches = countedMatchesSql(search, filters, entriesRead);
  const order = listOrder(search.order);
  if (filters.length === 0 && search.others.length === 0) {
    // The count's row (`at` 0), then the page's ids numbered in the list's order: one round trip.
    const rows = await selectRows(
      sql`SELECT NULL AS id, (SELECT COUNT(*) FROM (SELECT 1 FROM (${matches}) m LIMIT ${upTo}) c) AS n,
          CASE WHEN ${beyond} THEN 1 ELSE 0 END AS beyond, 0 AS at
        UNION ALL SELECT p.application_id, NULL, NULL, row_number() OVER (ORDER BY ${order("p")})
          FROM (${pageOfMatchesSql(search, filters, { from, count })}) p`,
      WINDOWED,
    );
    const head = rows.find((row) => row.at === 0);
    const page = rows.filter((row) => row.at !== null && row.at > 0).sort((a, b) => a.at! - b.at!);
    return { ids: page.map((row) => row.id!), counted: head?.n ?? 0, beyond: head?.beyond === 1 };
  }
  // Each match numbered in the list's order (`at`, from 1) and counted (`n`, all of them); the
  // first is kept for the count when the page holds none. The one row of `beyond` is there when
  // nothing matched.
  const rows = await selectRows(
    sql`SELECT b.beyond, w.id, w.n, w.at FROM (SELECT CASE WHEN ${beyond} THEN 1 ELSE 0 END AS beyond) b
      LEFT JOIN (SELECT m.application_id AS id, COUNT(*) OVER () AS n,
          row_number() OVER (ORDER BY ${order("m")}) AS at
        FROM (${matches}) m) w
      ON w.at = 1 OR (w.at > ${from} AND w.at <= ${from + count})
      ORDER BY w.at`,
    WINDOWED,
  );
  const matched = rows[0]?.n ?? 0;
  const isBeyond = rows[0]?.beyond === 1;
  // Every entry read, or one term's first entries holding the page: the page is theirs.
  const fromWindow = !isBeyond || (search.terms.length === 1 && from + count <= matched);
  const ids = fromWindow
    ? rows.filter((row) => row.at !== null && row.at > from).map((row) => row.id!)
    : await termMatches(search, filters, { from, count });
  return { ids, counted: Math.min(matched, upTo), beyond: isBeyond };
}

const MATCH = z.object({ id: column.text });

const WINDOWED = z.object({
  beyond: column.integer.nullable(),
  id: column.text.nullable(),
  n: column.integer.nullable(),
  at: column.integer.nullable(),
});
