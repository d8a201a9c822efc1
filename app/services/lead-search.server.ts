import { isPostgres } from "~db";
import {
  and,
  contains,
  likePattern,
  numbersInOneStatement,
  or,
  raw,
  searchWords,
  sql,
  type Sql,
} from "./sql/reads.server";

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
 * How a list reads its search: from the index ("index": the matches gathered, then sorted), or in
 * the list's own order, each lead checked against the words until the page is full ("scan":
 * decision 068). See searchPlan.
 */
export type SearchPlan = "index" | "scan";

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
  if (isPostgres) return words.map(plan === "scan" ? postgresScannedWord : postgresWord);
  return sqliteWords(words, plan === "scan" && scannableOnSqlite(words) ? "scan" : "index");
}

/**
 * Above this many leads found by the index, a list reads its leads in its own order (newest
 * first) and checks the words on each until its page is full, rather than gathering every match
 * from the index and sorting them: a word in 2% of the leads fills page 1 from about 1,000 leads
 * read in order, where the index gathers 20,000 matches at 1,000,000 leads (decision 068).
 */
export const SEARCH_INDEX_LIMIT = 2000;

/** What searchPlan decided, and what it counted to decide. */
export type SearchRead = {
  plan: SearchPlan;
  /**
   * The leads the index found for every word of the search, counted up to `countedUpTo` + 1
   * (null when the index was not asked: no word it can answer). With no short word and no other
   * filter, this is the list's own count.
   */
  indexMatches: number | null;
  countedUpTo: number;
  /** Whether every word was counted (none shorter than a trigram). */
  everyWord: boolean;
};

/**
 * How a list reads its search (decision 068): the index is asked first how many leads the words
 * match, reading no further than `limit` x the square root of `page`, + 1 (or `countUpTo` + 1, the
 * list's count, if larger). A rare word (at most that) keeps the index; a common one reads the list in its
 * order ("scan"), which only a list whose order an index gives may do (`ordered`). On SQLite a
 * word outside ASCII keeps the index: the index folds its case as Unicode does, the check on each
 * lead (LIKE) as ASCII does.
 */
export async function searchPlan(
  search: string | undefined,
  {
    limit: pageOneLimit = SEARCH_INDEX_LIMIT,
    page = 1,
    countUpTo = 0,
    ordered = true,
  }: { limit?: number; page?: number; countUpTo?: number; ordered?: boolean } = {},
): Promise<SearchRead> {
  const words = searchWords(search);
  // Page p read in order costs p pages over the word's density, the index every match: the two
  // meet where the matches grow with the square root of the page (page 40: 12,650).
  const limit = Math.ceil(pageOneLimit * Math.sqrt(Math.max(1, page)));
  const countedUpTo = Math.max(limit, countUpTo);
  const unasked: SearchRead = { plan: "index", indexMatches: null, countedUpTo, everyWord: false };
  const long = words.filter((word) => indexable(word) && indexable(phoneDigits(word) ?? word));
  if (long.length === 0) return unasked;
  const everyWord = long.length === words.length;
  let counting: Sql;
  if (isPostgres) {
    counting = sql`SELECT COUNT(*) FROM (SELECT 1 FROM applications a WHERE ${and(long.map(postgresWord))}
      LIMIT ${countedUpTo + 1}) m`;
  } else {
    if (!scannableOnSqlite(words)) return unasked;
    counting = sql`SELECT COUNT(*) FROM (SELECT 1 FROM lead_search WHERE lead_search MATCH ${sqliteParts(long).match}
      LIMIT ${countedUpTo + 1}) m`;
  }
  const { matches } = await numbersInOneStatement({ matches: counting });
  const plan = ordered && matches > limit ? "scan" : "index";
  return { plan, indexMatches: matches, countedUpTo, everyWord };
}

/**
 * How a list counts its search once its page is read as `plan` says: a page read in order stops
 * at its 20 leads, but a count to 1,000 in order reads 1,000 over the word's density in the list
 * (107,000 of the busiest agent's 140,000 leads for a first name in 1% of them). Postgres counts
 * through the trigram index (its planner may AND it with the agent's index: 0.3 s against 2.4 s
 * in order, at 1,000,000 leads on a loaded machine); SQLite in order, from the list's index
 * that holds the names (an FTS5 query inside IN gathers every match first).
 */
export function searchCountPlan(plan: SearchPlan): SearchPlan {
  return isPostgres ? "index" : plan;
}

/** SQLite checks a lead by LIKE, which folds ASCII case only: the scan is for ASCII words. */
// eslint-disable-next-line no-control-regex
const scannableOnSqlite = (words: string[]) => words.every((word) => /^[\x00-\x7f]*$/.test(word));

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
 * Postgres, read in the list's order: the same test as postgresWord's, as a position in the text
 * rather than a LIKE, which no trigram index answers, so the planner walks the list's order index
 * and checks each lead (a LIKE would let it gather every match from the index and sort them).
 */
function postgresScannedWord(word: string): Sql {
  const names = sql`strpos(lower(a.first_name || ' ' || a.last_name || ' ' || COALESCE(a.email, '')), lower(${word})) > 0`;
  const digits = phoneDigits(word);
  if (digits === null) return names;
  return sql`(${names} OR EXISTS (SELECT 1 FROM phones p WHERE p.application_id = a.id
    AND strpos(translate(p.phone_number, E' ()-.+\\t\\n\\r', ''), ${digits}) > 0))`;
}

/**
 * SQLite: the words of three characters or more (and, for a piece of a phone number, three digits
 * or more) in one FTS5 query of lead_search, whose trigram phrases find a piece of a text; the
 * shorter ones by LIKE on the leads that query and the other filters leave. With the "scan"
 * plan every word by LIKE, on each lead the list reads in its order.
 */
function sqliteWords(words: string[], plan: SearchPlan): Sql[] {
  const { match, long, short } = sqliteParts(words);
  if (match === null) return short;
  if (plan === "scan") return [...long, ...short];
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
