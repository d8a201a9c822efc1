import { isPostgres } from "~db";
import { contains, likePattern, or, searchWords, sql, type Sql } from "./sql/reads.server";

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
 * The search's conditions over `applications a`, one per word (none for an empty search), to AND
 * with the list's other filters.
 * @internal
 */
export function leadSearchConditions(search: string | undefined): Sql[] {
  const words = searchWords(search);
  if (words.length === 0) return [];
  return isPostgres ? words.map(postgresWord) : sqliteWords(words);
}

/**
 * Postgres: the names and email as one lower-case text, and a phone's digits, the very expressions
 * migration 025's GIN trigram indexes hold, so the planner may find the word from them (or, for an
 * agent's few leads, from the list's index). A word has no space, so it is found in the one text
 * exactly when it is in one of the three.
 */
function postgresWord(word: string): Sql {
  const named = sql`lower(a.first_name || ' ' || a.last_name || ' ' || COALESCE(a.email, '')) LIKE lower(${likePattern(word)}) ESCAPE '\\'`;
  const digits = phoneDigits(word);
  if (digits === null) return named;
  return sql`(${named} OR a.id IN (SELECT p.application_id FROM phones p
    WHERE translate(p.phone_number, E' ()-.+\\t\\n\\r', '') LIKE ${likePattern(digits)}))`;
}

/**
 * SQLite: the words of three characters or more (and, for a piece of a phone number, three digits
 * or more) in one FTS5 query of lead_search, whose trigram phrases find a piece of a text; the
 * shorter ones by LIKE on the leads that query and the other filters leave.
 */
function sqliteWords(words: string[]): Sql[] {
  const phrases: string[] = [];
  const short: Sql[] = [];
  for (const word of words) {
    const digits = phoneDigits(word);
    if (indexable(word) && (digits === null || indexable(digits))) {
      const named = `words : ${phrase(word)}`;
      phrases.push(digits === null ? named : `(${named} OR phones : ${phrase(digits)})`);
    } else {
      short.push(sqliteLike(word, digits));
    }
  }
  const indexed = phrases.length
    ? [
        sql`a.id IN (SELECT k.application_id FROM lead_search JOIN lead_search_keys k ON k.id = lead_search.rowid
          WHERE lead_search MATCH ${phrases.join(" AND ")})`,
      ]
    : [];
  return [...indexed, ...short];
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
