import { sql, type AnyColumn, type SQL } from 'drizzle-orm'

/** LIKE treats % and _ as wildcards: a search for "50%" means the text "50%", anywhere in the value. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`

/** A search for an id: the first 8 characters the screens show, or more of it up to the whole id. */
const idPrefix = /^[0-9a-f]{8}[0-9a-f-]{0,28}$/i

/** `q` as the start of an id column (undefined when q cannot be one, so the search skips the id). */
export const idStartsWith = (column: AnyColumn, q: string): SQL | undefined =>
  idPrefix.test(q) ? sql`${column}::text like ${`${q.toLowerCase()}%`}` : undefined

/** A sum or count as an exact JavaScript number (bigint in SQL; RWF totals stay far below 2^53). */
export const money = (expression: SQL) => sql<number>`(${expression})::bigint`.mapWith(Number)
