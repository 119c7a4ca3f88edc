import { ilike, or, sql, type AnyColumn, type SQL, type SQLWrapper } from 'drizzle-orm'
import { QueryBuilder } from 'drizzle-orm/pg-core'
import { users, vendors } from '../db/schema'

/**
 * LIKE treats % and _ as wildcards: a search for "50%" means the text "50%", anywhere in the value. Columns
 * searched this way carry a trigram index (pg_trgm, migration 0009), which ILIKE '%…%' uses from three
 * characters on.
 */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`

/**
 * A search for an id: the first 8 characters the screens show, or more of it up to the whole id, with or without
 * the # before it ("Order #3f2b8c1e").
 */
const idPrefix = /^[0-9a-f]{8}[0-9a-f-]{0,28}$/i
const lowestId = '00000000-0000-0000-0000-000000000000'
const highestId = 'ffffffff-ffff-ffff-ffff-ffffffffffff'

/**
 * `q` as the start of an id column (undefined when q cannot start an id, so the search skips the id). Asked as
 * the range of ids that start so, which the primary key's index answers (a LIKE on the id's text reads every
 * row).
 */
export function idStartsWith(column: AnyColumn, q: string): SQL | undefined {
  const typed = q.replace(/^#\s*/, '')
  if (!idPrefix.test(typed)) return undefined
  const prefix = typed.toLowerCase()
  // An id has its dashes at fixed places: a prefix with a dash elsewhere, or a digit where a dash goes, starts none.
  if ([...prefix].some((char, at) => (char === '-') !== (lowestId[at] === '-'))) return undefined
  const from = prefix + lowestId.slice(prefix.length)
  const to = prefix + highestId.slice(prefix.length)
  return sql`${column} between ${from}::uuid and ${to}::uuid`
}

/** How a phone number may be typed into a search: digits with spaces, dots, dashes or brackets, an optional +. */
const phoneLike = /^\+?[\d\s().-]+$/

/**
 * `q` as part of a phone number stored in E.164 (`+250788123456`), or undefined when q is no phone number: at
 * least 4 digits, typed as people write them ("0788 123 456", "+250 788…", "123456"). A national number's leading 0
 * is not in the stored number, so "0788…" is looked for as "788…". The digits are matched anywhere, as the other
 * searches match names: with a trigram index on the column, LIKE '%…%' reads the index.
 */
export function phoneContains(column: AnyColumn, q: string): SQL | undefined {
  if (!phoneLike.test(q)) return undefined
  const digits = q.replace(/\D/g, '')
  const stored = q.startsWith('+') ? digits : digits.replace(/^0/, '')
  if (stored.length < 4) return undefined
  return sql`${column} like ${`%${stored}%`}`
}

/**
 * `column` is one of the ids `ids` selects, written so that it can sit in an OR beside other indexed
 * conditions: `= any(array(…))` runs the select once and looks the ids up in the column's index, where
 * `in (select …)` inside an OR would be checked row by row. For searches through another table (the shop's
 * name of an order, the owner of a payout).
 */
export const isAnyOf = (column: AnyColumn, ids: SQLWrapper): SQL => sql`${column} = any(array(${ids}))`

/**
 * The ids of the accounts whose name or e-mail matches `pattern`, each read through its trigram index: for a
 * search through who wrote, acted or owns (isAnyOf).
 */
export const accountsNamed = (pattern: string) =>
  new QueryBuilder()
    .select({ id: users.id })
    .from(users)
    .where(or(ilike(users.fullName, pattern), ilike(users.email, pattern)))

/**
 * The row's shop (its `vendorId` column) has a name that matches `pattern`: through the shops' ids (a few thousand
 * rows at most), so the condition is on the row itself and has its index, and a count needs no join.
 */
export const isOfShopNamed = (vendorId: AnyColumn, pattern: string): SQL =>
  isAnyOf(
    vendorId,
    new QueryBuilder().select({ id: vendors.id }).from(vendors).where(ilike(vendors.shopName, pattern)),
  )

/**
 * The row's shop has a name, or an owner whose name or e-mail, matches `pattern`: the shops so named and the shops
 * of the accounts so named, each read through its own trigram index. (One join of shops and owners kept by either
 * side's name reads both tables whole: 7 ms at 5,000 shops, against under 1 ms.)
 */
export function isOfShopNamedOrOwnedBy(vendorId: AnyColumn, pattern: string): SQL {
  const query = new QueryBuilder()
  const shops = query
    .select({ id: vendors.id })
    .from(vendors)
    .where(ilike(vendors.shopName, pattern))
    .union(
      query
        .select({ id: vendors.id })
        .from(vendors)
        .where(isAnyOf(vendors.userId, accountsNamed(pattern))),
    )
  return isAnyOf(vendorId, shops)
}

/** A sum or count as an exact JavaScript number (bigint in SQL; RWF totals stay far below 2^53). */
export const money = (expression: SQL) => sql<number>`(${expression})::bigint`.mapWith(Number)
