import { sql, type AnyColumn, type SQL, type SQLWrapper } from 'drizzle-orm'

/**
 * LIKE treats % and _ as wildcards: a search for "50%" means the text "50%", anywhere in the value. Columns
 * searched this way carry a trigram index (pg_trgm, migration 0009), which ILIKE '%…%' uses from three
 * characters on.
 */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`

/** A search for an id: the first 8 characters the screens show, or more of it up to the whole id. */
const idPrefix = /^[0-9a-f]{8}[0-9a-f-]{0,28}$/i
const lowestId = '00000000-0000-0000-0000-000000000000'
const highestId = 'ffffffff-ffff-ffff-ffff-ffffffffffff'

/**
 * `q` as the start of an id column (undefined when q cannot start an id, so the search skips the id). Asked as
 * the range of ids that start so, which the primary key's index answers (a LIKE on the id's text reads every
 * row).
 */
export function idStartsWith(column: AnyColumn, q: string): SQL | undefined {
  if (!idPrefix.test(q)) return undefined
  const prefix = q.toLowerCase()
  // An id has its dashes at fixed places: a prefix with a dash elsewhere, or a digit where a dash goes, starts none.
  if ([...prefix].some((char, at) => (char === '-') !== (lowestId[at] === '-'))) return undefined
  const from = prefix + lowestId.slice(prefix.length)
  const to = prefix + highestId.slice(prefix.length)
  return sql`${column} between ${from}::uuid and ${to}::uuid`
}

/**
 * `column` is one of the ids `ids` selects, written so that it can sit in an OR beside other indexed
 * conditions: `= any(array(…))` runs the select once and looks the ids up in the column's index, where
 * `in (select …)` inside an OR would be checked row by row. For searches through another table (the shop's
 * name of an order, the owner of a payout).
 */
export const isAnyOf = (column: AnyColumn, ids: SQLWrapper): SQL => sql`${column} = any(array(${ids}))`

/** A sum or count as an exact JavaScript number (bigint in SQL; RWF totals stay far below 2^53). */
export const money = (expression: SQL) => sql<number>`(${expression})::bigint`.mapWith(Number)
