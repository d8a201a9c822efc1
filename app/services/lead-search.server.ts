import { isPostgres } from "~db";
import { z } from "zod";
import { and, column, join, raw, searchWords, selectOne, selectRows, sql, type Sql } from "./sql/reads.server";

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
 * the (agent_id, term, ...) index, or every lead's (undefined).
 */
export type SearchScope = { agentId: string | null } | undefined;

function inScope(agentColumn: Sql, scope: SearchScope): Sql | false {
  if (!scope) return false;
  return scope.agentId === null ? sql`${agentColumn} IS NULL` : sql`${agentColumn} = ${scope.agentId}`;
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
  | { plan: "terms"; words: string[]; driver: string; terms: string[]; order: SearchOrder; scope: SearchScope }
  | { plan: "inOrder" | "gather"; words: string[]; scope: SearchScope };

/**
 * Past this many distinct terms of one word, it is not read term by term (a page would read this many lists).
 * @internal
 */
export const TERMS_READ_APART = 16;

/** How many of a search's words are looked up to choose the driver (a search box holds up to 100 characters). */
const WORDS_PLANNED = 6;

/** How far the entries of each word are counted to choose the one that drives. */
const DRIVER_COUNT_LIMIT = 2000;

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
  }: {
    scope: SearchScope;
    order: SearchOrder | null;
    /** Whether an index gives the list's order under its filters, so a word may be checked on the leads read in it. */
    checkInOrder?: boolean;
  },
): Promise<LeadSearch> {
  if (searchWords(search).length === 0) return { plan: "none" };
  const words = searchTermWords(search);
  if (words.length === 0) return { plan: "nothing" };
  const scoped = inScope(sql`agent_id`, scope);
  const list = isPostgres ? sql`string_agg(term, ' ')` : sql`group_concat(term, ' ')`;
  // A row per word, in the words' order (UNION ALL keeps it; `word` says which all the same).
  // A long search's later words are only checked: the driver is found among the first few.
  const perWord = words.slice(0, WORDS_PLANNED).map((word, i) => {
    const next = (after: Sql) =>
      sql`(SELECT term FROM lead_search_terms WHERE ${and([scoped, after, termRange(sql`term`, word)])}
        ORDER BY term LIMIT 1)`;
    const count =
      words.length > 1
        ? sql`(SELECT COUNT(*) FROM (SELECT 1 FROM lead_search_terms
            WHERE ${and([scoped, termRange(sql`term`, word)])} LIMIT ${DRIVER_COUNT_LIMIT}) c)`
        : sql`0`;
    return sql`SELECT ${i} AS word, (WITH RECURSIVE d(term, n) AS (
        SELECT ${next(raw("1 = 1"))}, 1
        UNION ALL SELECT ${next(sql`term > d.term`)}, n + 1 FROM d WHERE d.term IS NOT NULL AND n <= ${TERMS_READ_APART}
      ) SELECT ${list} FROM d) AS terms, ${count} AS count`;
  });
  const rows = await selectRows(join(perWord, " UNION ALL "), PLANNED);
  const read = rows.map((row) => ({
    word: words[row.word]!,
    terms: (row.terms ?? "").split(" ").filter(Boolean),
    count: row.count,
  }));
  if (read.some((word) => word.terms.length === 0)) return { plan: "nothing" };
  const drivers = read
    .filter((word) => word.terms.length <= TERMS_READ_APART)
    .sort((a, b) => a.count - b.count || a.terms.length - b.terms.length);
  const driver = drivers[0];
  if (order && driver) return { plan: "terms", words, driver: driver.word, terms: driver.terms, order, scope };
  if (!driver && checkInOrder) return { plan: "inOrder", words, scope };
  return { plan: "gather", words: driverFirst(words, driver?.word ?? words[0]!), scope };
}

const PLANNED = z.object({ word: column.integer, terms: column.text.nullable(), count: column.integer });

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
      WHERE ${and([inScope(sql`x.agent_id`, scope), termRange(sql`x.term`, first!)])})`,
    ...others.map((word) => hasTerm(sql`a.id`, word)),
  ]);
}

export type TermsSearch = Extract<LeadSearch, { plan: "terms" }>;

/**
 * The terms plan: the matches of the search and `filters` (the list's other conditions over
 * `applications a`) in the list's order, as (application_id, created_at), `rows` of them at most.
 * Each of the driving word's terms is read in that order from the term index, each entry's lead
 * checked against the filters (by its primary key) and the other words, `rows` matches at most;
 * the lists merged (a lead with two of the terms comes once: UNION) and cut to `rows` again. With
 * `entriesRead`, only each term's first entries are checked. Read as its own statement, so that
 * no planner can join it to the lists' tables another way.
 */
function termMatchesSql(search: TermsSearch, filters: Sql[], rows: number, entriesRead?: number) {
  const order = termOrder(search);
  const others = search.words.filter((word) => word !== search.driver);
  const checks = [
    filters.length > 0 && found(sql`SELECT 1 FROM applications a WHERE a.id = t.application_id AND ${and(filters)}`),
    ...others.map((word) => hasTerm(sql`t.application_id`, word)),
  ];
  const branches = search.terms.map((term) => {
    const entries = and([sql`t.term = ${term}`, inScope(sql`t.agent_id`, search.scope)]);
    const from =
      entriesRead === undefined
        ? sql`lead_search_terms t WHERE ${and([entries, ...checks])}`
        : sql`(SELECT t.application_id, t.created_at FROM lead_search_terms t WHERE ${entries}
            ORDER BY ${order("t")} LIMIT ${entriesRead}) t WHERE ${and(checks)}`;
    return sql`SELECT t.application_id, t.created_at FROM ${from} ORDER BY ${order("t")} LIMIT ${rows}`;
  });
  if (branches.length === 1) return branches[0]!;
  const merged = join(
    branches.map((branch) => sql`SELECT * FROM (${branch}) b`),
    " UNION ",
  );
  return sql`SELECT m.application_id, m.created_at FROM (${merged}) m ORDER BY ${order("m")} LIMIT ${rows}`;
}

function termOrder(search: TermsSearch) {
  const direction = raw(search.order === "oldest" ? "ASC" : "DESC");
  return (alias: string) => sql`${raw(alias)}.created_at ${direction}, ${raw(alias)}.application_id ${direction}`;
}

/** The ids of the terms plan's matches `from` to `from + count` in the list's order (`from` counted from 0). */
export async function termMatches(
  search: TermsSearch,
  filters: Sql[],
  { from, count }: { from: number; count: number },
) {
  const order = termOrder(search);
  const matches = await selectRows(
    sql`SELECT p.application_id AS id FROM (${termMatchesSql(search, filters, from + count)}) p
        ORDER BY ${order("p")} LIMIT ${count} OFFSET ${from}`,
    MATCH,
  );
  return matches.map((match) => match.id);
}

/**
 * How many matches the terms plan has, counted up to `upTo`, among each term's first `entriesRead`
 * entries, and whether a term has more entries than that (then the count is a floor): one statement.
 */
export async function countTermMatches(search: TermsSearch, filters: Sql[], upTo: number, entriesRead: number) {
  const beyond = search.terms.map(
    (term) => sql`(SELECT COUNT(*) FROM (SELECT 1 FROM lead_search_terms t
      WHERE ${and([sql`t.term = ${term}`, inScope(sql`t.agent_id`, search.scope)])} LIMIT ${entriesRead + 1}) e) > ${entriesRead}`,
  );
  const counted = await selectOne(
    sql`SELECT (SELECT COUNT(*) FROM (${termMatchesSql(search, filters, upTo, entriesRead)}) c) AS n,
      CASE WHEN ${join(beyond, " OR ")} THEN 1 ELSE 0 END AS beyond`,
    COUNTED,
  );
  return { counted: counted?.n ?? 0, beyond: counted?.beyond === 1 };
}

const MATCH = z.object({ id: column.text });

const COUNTED = z.object({ n: column.integer, beyond: column.integer });
