import { type SQL, sql } from "drizzle-orm";
import { type Db, rowsOf } from "../../db/client.js";
import { contacts } from "../../db/schema/index.js";
import { asParam, type Bind } from "../../db/shaped-statement.js";
import { escapeLike } from "../users/repo.js";

/**
 * A search of contact names (GET /contacts, GET /tickets' contact search) that the trigram index
 * answers cheaply when one word of the term is rare and another is common.
 *
 * `name ILIKE '%cliente 4711%'` asks contacts_name_trgm_idx for every trigram of the term, and a
 * GIN index reads each trigram's whole list of contacts: in an address book where every name holds
 * 'cliente', those lists are most of the table (927 buffers, 16 ms, for 11 matches). The word
 * '4711' alone reads 9 buffers and finds 200 candidates. So a term of several words is matched in
 * two parts: the index is asked for the word PostgreSQL's statistics say is rarest (when they say
 * it is rare: at most NARROW_ROWS contacts), and the whole term is checked on those candidates
 * only. A one-word term, or one whose words are all common, asks the index for the whole term.
 * The answer is the same either way: a contact matches when its name holds the whole term.
 */
export interface NameSearch {
  /** The LIKE pattern of the whole term (lower-cased, escaped). */
  whole: string;
  /** The LIKE pattern the index is asked for: the rarest word's, or the whole term's. */
  indexed: string;
}

/** A word is worth asking the index alone when PostgreSQL expects at most this many names to hold it. */
const NARROW_ROWS = 2_000;
/** A word shorter than a trigram narrows nothing. */
const MIN_WORD = 3;
/** At most this many words are estimated (the longest; a 200-character term must not ask 50 plans). */
const MAX_PROBED_WORDS = 4;

const likeOf = (text: string) => `%${escapeLike(text)}%`;

/** The search of a lower-cased, trimmed term: one planner estimate per word when it has several. */
export async function nameSearchOf(db: Db, term: string): Promise<NameSearch> {
  const whole = likeOf(term);
  const words = probedWords(term);
  if (words.length < 2) return { whole, indexed: whole };
  const estimates = await Promise.all(words.map((word) => estimatedNames(db, likeOf(word))));
  const rarest = estimates.reduce((best, rows, i) => (rows < estimates[best]! ? i : best), 0);
  return estimates[rarest]! <= NARROW_ROWS
    ? { whole, indexed: likeOf(words[rarest]!) }
    : { whole, indexed: whole };
}

/** The words of a term worth an estimate: distinct, a trigram long at least, the longest few. */
export function probedWords(term: string): string[] {
  const words = [...new Set(term.split(/\s+/).filter((word) => word.length >= MIN_WORD))];
  return words.sort((a, b) => b.length - a.length).slice(0, MAX_PROBED_WORDS);
}

/** How many contact names PostgreSQL's statistics expect to match `pattern` (all companies: the index's view). */
async function estimatedNames(db: Db, pattern: string): Promise<number> {
  const [row] = rowsOf<{ "QUERY PLAN": unknown }>(
    await db.execute(
      sql`EXPLAIN (FORMAT JSON) SELECT 1 FROM ${contacts} WHERE ${contacts.name} ILIKE ${pattern}`,
    ),
  );
  const json = row?.["QUERY PLAN"];
  const plan = (typeof json === "string" ? JSON.parse(json) : json) as { Plan: { "Plan Rows": number } }[];
  return plan[0]?.Plan["Plan Rows"] ?? Number.POSITIVE_INFINITY;
}

/**
 * The contacts whose name holds the term (and, with `numbers`, those whose number does). The
 * whole-term check is written over `name || ''` so that the planner cannot hand it to the index
 * beside the indexed word (it would then read every trigram's list again).
 */
export function nameMatches(search: NameSearch, numbers: boolean, bind: Bind = asParam): SQL {
  const whole = bind(search.whole);
  const name = sql`(${contacts.name} ILIKE ${bind(search.indexed)} AND (${contacts.name} || '') ILIKE ${whole})`;
  return numbers ? sql`(${name} OR ${contacts.number} ILIKE ${whole})` : name;
}
