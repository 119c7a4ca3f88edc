import { z } from 'zod'

/**
 * Lists count at most this many rows: past it the total reads "10,000+" (`totalIsCapped`). Counting every
 * one of a million orders on each page costs more than the page itself (docs/decisions/012).
 */
export const countCap = 10_000

/**
 * A search counts at most this many of the rows it finds ("1,000+"). A term as common as a family name finds
 * tens of thousands of orders or audit entries, and each is found by matching the pattern, row by row: counting a
 * thousand costs a tenth of counting ten thousand. Past a thousand results a search is narrowed, not paged through.
 */
export const searchCountCap = 1_000

/** The count cap of a list asked with (or without) a search term. */
export const countCapFor = (q: string | undefined) => (q ? searchCountCap : countCap)

/**
 * Where a page starts when it is reached by Next or Previous: the position of a row in the list's order
 * (newest first by time, then id), as the list answered it in `nextCursor` or `previousCursor`. Opaque to
 * clients; it is the row's time in whole microseconds since 1970 and its id, so it never needs the row itself
 * (a row deleted since still marks its place) and can only narrow the caller's own rows.
 */
export type Cursor = { micros: string; id: string }

// Sixteen digits of microseconds reach the year 2286.
const cursorPattern = /^(\d{1,16})_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/

export const encodeCursor = (cursor: Cursor) => `${cursor.micros}_${cursor.id.toLowerCase()}`

/** The cursor in `text`, or null when it is not one (a bad cursor is refused with a message, never a 500). */
export function decodeCursor(text: string): Cursor | null {
  const match = cursorPattern.exec(text.toLowerCase())
  return match ? { micros: match[1]!, id: match[2]! } : null
}

/** A cursor as a client may send it (the id's hex in either case): the same text `decodeCursor` reads. */
const cursorText = /^\d{1,16}_[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/

const cursor = z
  .string()
  .regex(cursorText, { error: 'errors.invalidValue' })
  .meta({
    description: "A list's `nextCursor` or `previousCursor`",
    examples: ['1767254400000000_3f2b8c1e-5d4a-4e7b-9c1d-2a6f8e0b7c41'],
  })

/** The most rows one page holds. */
export const maxPageSize = 100

/** The page sizes a list screen offers (25 by default); kept in the address as `?pageSize=`. */
export const pageSizes = [25, 50, 100] as const
export type PageSize = (typeof pageSizes)[number]

/**
 * `?page=&pageSize=` on every list, or `?after=` / `?before=` a cursor (then `page` only names the page on
 * screen). Pages beyond the data are simply empty; a page number past the counted rows is refused (Next
 * reaches those pages by cursor, without walking every row before them).
 */
export const pageQuery = (defaultSize = 24) =>
  z.object({
    // A numbered page reaches at most the counted rows (listPage refuses a deeper one, errors.pageTooDeep); the
    // number of a page reached by cursor only labels it. Either way no page is numbered past countCap.
    page: z.coerce
      .number()
      .int()
      .min(1)
      .max(countCap)
      .default(1)
      .meta({
        description:
          'The page number. Without `after` or `before` at most ceil(10,000 / pageSize), or ceil(1,000 / pageSize) with a ' +
          'search `q`: a deeper page is refused with 422 errors.pageTooDeep {max} (Next reaches it by cursor). With a ' +
          'cursor it only labels the page.',
      }),
    // The screens offer 25, 50 or 100 rows (pageSizes); any whole number up to 100 is a page, and more is refused
    // rather than cut down, so a client never gets fewer rows than it believes it asked for.
    pageSize: z.coerce
      .number({ error: 'errors.pageSizeInvalid' })
      .int({ error: 'errors.pageSizeInvalid' })
      .min(1, { error: 'errors.pageSizeInvalid' })
      .max(maxPageSize, { error: 'errors.pageSizeInvalid' })
      .default(defaultSize)
      .meta({
        description: `Rows a page, 1 to ${maxPageSize} (the screens offer 25, 50 or 100); else 422 errors.pageSizeInvalid`,
      }),
    /** The page of rows after this position (a list's `nextCursor`). */
    after: cursor.optional(),
    /** The page of rows before this position (a list's `previousCursor`). */
    before: cursor.optional(),
  })
export type PageQuery = { page: number; pageSize: number; after?: string; before?: string }

/**
 * One page of `item`s with the total, the one list shape every list endpoint answers with. `total` stops at
 * countCap (`totalIsCapped` then says there are more); the cursors lead to the next and previous pages (null
 * at either end).
 */
export const paged = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number(),
    totalIsCapped: z.boolean(),
    page: z.number(),
    pageSize: z.number(),
    nextCursor: z.string().nullable(),
    previousCursor: z.string().nullable(),
  })
export type Paged<T> = {
  items: T[]
  total: number
  totalIsCapped: boolean
  page: number
  pageSize: number
  nextCursor: string | null
  previousCursor: string | null
}

/**
 * One page of `item`s with the cards above them (`summary`), counted over what the filters keep. When more rows
 * match than countCap, `summaryIsCapped`: the cards count countCap + 1 of them, lower bounds shown with "+".
 */
export const pagedWithSummary = <T extends z.ZodType, S extends z.ZodType>(item: T, summary: S) =>
  paged(item).extend({ summary, summaryIsCapped: z.boolean() })

/** Figures a list shows above its rows (counts, amounts), each one a number, named in the order given. */
export const figures = <const K extends string>(...names: K[]) =>
  z.object(Object.fromEntries(names.map((name) => [name, z.number()])) as Record<K, z.ZodNumber>)
