import { isPostgres } from "~db";
import { contains, likePattern, numbersInOneStatement, or, raw, searchWords, sql, type Sql } from "./sql/reads.server";

// The lead lists' search (My Leads, the agent's report, All Leads) from the trigram index of
// migration 025 (docs/decisions/056). Every word of the search box must be found in the lead,
// case-insensitively, as a piece of its first name, last name or email, or, when the word is a
// piece of a phone number ("555", "(305)", "555-0142"), its digits as a piece of the digits of
// one of the lead's phones. %, _ and \ are taken literally.

/** What a phone number may hold besides digits (the application's phone rule); compared without it. */
const PHONE_PUNCTUATION = /[ ()\-.+\t\n\r]/g;

/** The digits a word asks for in a phone number, or null when it is not a piece of one. */
function phoneDigits(word: string): string | null {
  const digits = word.replace(PHONE_PUNCTUATION, "");
  return /^\d+$/.test(digits) ? digits : null;
}

/** The trigram index finds pieces of three characters or more; a shorter one matches nothing there. */
const SHORTEST_INDEXED = 3;
const indexable = (text: string) => [...text].length >= SHORTEST_INDEXED;

/**
 * How a list of one agent's leads reads its search on SQLite: from the index ("index", the default
 * and every other list's), or by checking the words on the agent's entries of the list index
 * (migration 006's, which holds the names and email: "entries"). See scopedSearchPlan.
 */
export type SearchPlan = "index" | "entries";

/**
 * The search's conditions over `applications a`, one per word (none for an empty search), to AND
 * with the list's other filters, read as `plan` says.
 */
export function leadSearchConditions(
  search: string | undefined,
  { plan = "index" }: { plan?: SearchPlan } = {},
): Sql[] {
  const words = searchWords(search);
  if (words.length === 0) return [];
  return isPostgres ? words.map(postgresWord) : sqliteWords(words, plan);
}

/**
 * Above this many matching leads, a list of one agent's leads checks the words on the agent's
 * entries rather than gathering the matches from the index: on SQLite a match gathered costs
 * about 4 microseconds, an entry checked 0.7 (measured at 100,000 leads), so the busiest agent's
 * 14,000 entries cost what 2,500 matches do.
 */
const SCOPED_INDEX_LIMIT = 2000;

/**
 * The plan for a search over one agent's leads (My Leads, All Leads of one agent). The index's
 * query gathers its matches across the agency before the agent's are kept, so its cost grows with
 * how many leads match: a word in most leads ("gmail") costs more through the index than reading
 * the agent's own entries. On SQLite the index is asked first whether the words match at most
 * SCOPED_INDEX_LIMIT leads (reading no further than that); Postgres's planner makes this choice
 * itself from its statistics.
 */
export async function scopedSearchPlan(search: string | undefined): Promise<SearchPlan> {
  if (isPostgres) return "index";
  const match = sqliteParts(searchWords(search)).match;
  if (match === null) return "index";
  const { matches } = await numbersInOneStatement({
    matches: sql`SELECT COUNT(*) FROM (SELECT 1 FROM lead_search WHERE lead_search MATCH ${match}
      LIMIT ${SCOPED_INDEX_LIMIT + 1}) m`,
  });
  return matches <= SCOPED_INDEX_LIMIT ? "index" : "entries";
}

/**
 * Postgres: the names and email as one lower-case text, and a phone's digits, the very expressions
 * migration 025's GIN trigram indexes hold, so the planner may find the word from them (or, for an
 * agent's few leads, from the list's index). A word has no space, so it is found in the one text
 * exactly when it is in one of the three.
 */
function postgresWord(word: string): Sql {
  const names = (lead: string) =>
    sql`lower(${raw(lead)}.first_name || ' ' || ${raw(lead)}.last_name || ' ' || COALESCE(${raw(lead)}.email, '')) LIKE lower(${likePattern(word)}) ESCAPE '\\'`;
  const digits = phoneDigits(word);
  if (digits === null) return names("a");
  // Each side from its own index, as a list of ids: an OR of the two would read every lead.
  return sql`a.id IN (SELECT x.id FROM applications x WHERE ${names("x")}
    UNION SELECT p.application_id FROM phones p WHERE translate(p.phone_number, E' ()-.+\\t\\n\\r', '') LIKE ${likePattern(digits)})`;
}

/**
 * SQLite: the words of three characters or more (and, for a piece of a phone number, three digits
 * or more) in one FTS5 query of lead_search, whose trigram phrases find a piece of a text; the
 * shorter ones by LIKE on the leads that query and the other filters leave. With the "entries"
 * plan every word by LIKE.
 */
function sqliteWords(words: string[], plan: SearchPlan): Sql[] {
  const { match, long, short } = sqliteParts(words);
  if (match === null) return short;
  if (plan === "entries") return [...long, ...short];
  return [
    sql`a.id IN (SELECT k.application_id FROM lead_search JOIN lead_search_keys k ON k.id = lead_search.rowid
      WHERE lead_search MATCH ${match})`,
    ...short,
  ];
}

/** The FTS5 query of the words the index can answer (null when none can), and each word by LIKE. */
function sqliteParts(words: string[]) {
  const phrases: string[] = [];
  const long: Sql[] = [];
  const short: Sql[] = [];
  for (const word of words) {
    const digits = phoneDigits(word);
    if (indexable(word) && (digits === null || indexable(digits))) {
      const named = `words : ${phrase(word)}`;
      phrases.push(digits === null ? named : `(${named} OR phones : ${phrase(digits)})`);
      long.push(sqliteLike(word, digits));
    } else {
      short.push(sqliteLike(word, digits));
    }
  }
  return { match: phrases.length ? phrases.join(" AND ") : null, long, short };
}

/** An FTS5 string: the word in double quotes, its own doubled, so no character is read as syntax. */
const phrase = (word: string) => `"${word.replace(/"/g, '""')}"`;

/** A short word by LIKE, as the lists searched before the index; the digits as migration 025's triggers store them. */
function sqliteLike(word: string, digits: string | null): Sql {
  const pattern = likePattern(word);
  const named = [
    contains(sql`a.first_name`, pattern),
    contains(sql`a.last_name`, pattern),
    contains(sql`a.email`, pattern),
  ];
  if (digits === null) return or(named);
  const phoneDigitsSql = sql`replace(replace(replace(replace(replace(replace(replace(replace(replace(
    p.phone_number, ' ', ''), '(', ''), ')', ''), '-', ''), '.', ''), '+', ''), char(9), ''), char(10), ''), char(13), '')`;
  return or([
    ...named,
    sql`EXISTS (SELECT 1 FROM phones p WHERE p.application_id = a.id AND ${phoneDigitsSql} LIKE ${likePattern(digits)} ESCAPE '\\')`,
  ]);
}
