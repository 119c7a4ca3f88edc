import {
  and,
  asc,
  count,
  desc,
  eq,
  inArray,
  sql,
  type AnyColumn,
  type InferSelectModel,
  type SQL,
  type SQLWrapper,
  type Subquery,
} from 'drizzle-orm'
import type { AnyPgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core'
import {
  countCap,
  countCapFor,
  decodeCursor,
  searchCountCap,
  encodeCursor,
  type Cursor,
  type PageQuery,
  type Paged,
} from '../../shared/schemas/pagination'
import type { Db, Tx } from '../db/client'
import { AppError, isUuid } from './errors'
import { keysetPages, newestFirstAfter } from './keyset'

/**
 * A row's place in a newest-first list, read by the database: its time in whole microseconds since 1970, as
 * text. Read in SQL because a JavaScript Date keeps milliseconds and PostgreSQL microseconds: a cursor built
 * from a rounded time would skip or repeat rows.
 */
export const positionOf = (time: AnyColumn) =>
  sql<string>`(extract(epoch from ${time}) * 1000000)::bigint::text`

/** Newest first by (time, id): the order of every list, export and sample (the id breaks ties). */
export const newestFirst = (time: AnyColumn, id: AnyColumn) => [desc(time), desc(id)]

/** The cursor's time as a timestamp PostgreSQL reads exactly: ISO 8601 with all six decimals, in UTC. */
function cursorTime({ micros }: Cursor): string {
  const digits = micros.padStart(4, '0')
  const iso = new Date(Number(digits.slice(0, -3))).toISOString()
  return `${iso.slice(0, -1)}${digits.slice(-3)}Z`
}

/** What a list's query is asked for: the filter (with the page's start), the order and the slice. */
export type Slice = { where: SQL | undefined; orderBy: SQL[]; limit: number; offset: number }

/** The largest page number reached by number: beyond it the rows are not counted, and Next goes by cursor. */
export const deepestNumberedPage = (pageSize: number, cap = countCap) => Math.ceil(cap / pageSize)

/**
 * A list's figures (counts, sums) are read over at most this many of its rows, with its count, in one
 * statement: `select count(*), … from (select … where … limit sampleSize) sample`. A search that finds a million
 * orders then costs what ten thousand cost; when the sample is full (`cappedTotal(matched).totalIsCapped`),
 * every figure is a lower bound ("at least"), and the screens say so with a "+".
 */
export const sampleSize = (cap = countCap) => cap + 1

/**
 * A bounded count; for a search's, the ids of its sample too (summaryOfSample): the first sampleSize(cap) rows
 * of the list, newest first, among which a page by number is read (listPage).
 */
export type Counted = { total: number; totalIsCapped: boolean; sampleIds?: string[] }

/** The list's count from the number of rows a sample of at most sampleSize(cap) held. */
export const cappedTotal = (matched: number, cap = countCap) => ({
  total: Math.min(matched, cap),
  totalIsCapped: matched > cap,
})

export { countCapFor, searchCountCap }

/** How many rows of a sample have `column` equal to `value`: one pass over the sample gives many figures. */
export const countWhere = <T>(column: SQLWrapper & { _: { data: T } }, value: T) =>
  sql<number>`count(*) filter (where ${column} = ${value})`.mapWith(Number)

/**
 * A list's cards and its count in one statement over its sample (keysetRows.sample, as a subquery selecting the
 * row's `id` and `time` among its columns): `figures` added up over the sample, and the count (as `totalKey`)
 * exact up to `cap` rows; beyond it (`summaryIsCapped`) the figures of the newest rows, the same on every read.
 *
 * A search's sample (at most searchCountCap + 1 rows) also gives its ids in the list's order, so that a page by
 * number is read by those ids rather than found again: the audit log's common word matched 9,405 entries, and
 * a page walking the list for them read as many rows as the sample had sorted.
 */
export async function summaryOfSample<TotalKey extends string, Figures extends Record<string, SQL<number>>>(
  db: Db,
  sample: Subquery & { id: AnyColumn; time: AnyColumn },
  cap: number,
  totalKey: TotalKey,
  figures: Figures,
) {
  const ids =
    cap <= searchCountCap
      ? sql<string[] | null>`json_agg(${sample.id} order by ${sample.time} desc, ${sample.id} desc)`
      : sql<null>`null`
  const [row] = await db.select({ matched: count(), ids, ...figures }).from(sample)
  const {
    matched,
    ids: sampleIds,
    ...summed
  } = row as { matched: number; ids: string[] | null } & {
    [Key in keyof Figures]: number
  }
  const counted: Counted = { ...cappedTotal(matched, cap), ...(sampleIds ? { sampleIds } : {}) }
  const summary = { [totalKey]: counted.total, ...summed } as Record<TotalKey, number> & typeof summed
  return { counted, summary, summaryIsCapped: counted.totalIsCapped }
}

/**
 * How many rows a filter keeps, counting at most countCap + 1 of them: a list of a million rows answers
 * "10,000+" at the cost of ten thousand index entries, not a million. `rows` selects the filtered rows (what
 * it selects does not matter).
 */
export async function countUpTo(db: Db, rows: PgSelect, cap = countCap): Promise<Counted> {
  const [counted] = await db.select({ value: count() }).from(rows.limit(sampleSize(cap)).as('counted'))
  return cappedTotal(Number(counted?.value ?? 0), cap)
}

/**
 * countUpTo as an expression, for a caller that reads the count with other figures in one statement (a scalar
 * subquery): the same rows, the same cap.
 */
export const countedUpTo = (rows: PgSelect, cap = countCap) =>
  sql<number>`(select count(*) from (${rows.limit(sampleSize(cap))}) counted)`.mapWith(Number)

/**
 * One page of a list ordered newest first by (time, id) (the id breaks ties, so a row never shows on two pages,
 * or on none), with its bounded count.
 *
 * A page is asked for by number (page 1, or any page up to the counted rows, read with OFFSET) or by cursor:
 * `after` the last row of the page before (Next), `before` the first row of the page after (Previous). A
 * cursor page starts with an index lookup at the cursor's place, so page 2,000 costs what page 2 costs. A
 * cursor only ever narrows the caller's own filtered rows: whatever row it was taken from, it cannot show a
 * row outside the caller's scope (it is a place in the order, not a row to read).
 */
export async function listPage<Row extends { position: string }, Item>(
  db: Db,
  page: PageQuery,
  list: {
    time: AnyColumn
    id: AnyColumn
    /** The scoped, filtered rows, before paging. */
    where: SQL | undefined
    /** The list's select with `position: positionOf(time)` among its columns, cut as `slice` says. */
    rows: (slice: Slice) => Promise<Row[]>
    /** The same rows for counting: a select of anything, filtered by `where`, with the same joins. */
    counted: (where: SQL | undefined) => PgSelect
    /** The ids of the rows `where` keeps (a select of the id column alone), for a search's page (below). */
    ids?: (where: SQL | undefined) => PgSelect
    /** The bounded count, when the caller reads it with the list's figures (sampleSize), with its sample's ids. */
    total?: Promise<Counted>
    /** How many rows the count stops at: countCap, or searchCountCap for a search (countCapFor). */
    countCap?: number
    idOf: (row: Row) => string
    toItem: (row: Row) => Item
  },
): Promise<Paged<Item>> {
  // A refused page must not leave the caller's count to fail unobserved: it is awaited below otherwise.
  list.total?.catch(() => {})
  if (page.after && page.before) {
    throw new AppError('VALIDATION', 'errors.invalidValue', undefined, { before: 'errors.invalidValue' })
  }
  const cursorText = page.after ?? page.before
  const cursor = cursorText === undefined ? null : decodeCursor(cursorText)
  if (cursorText !== undefined && !cursor) {
    throw new AppError('VALIDATION', 'errors.invalidValue', undefined, {
      [page.after ? 'after' : 'before']: 'errors.invalidValue',
    })
  }
  const cap = list.countCap ?? countCap
  const deepest = deepestNumberedPage(page.pageSize, cap)
  if (!cursor && page.page > deepest) {
    throw new AppError('VALIDATION', 'errors.pageTooDeep', { max: deepest }, { page: 'errors.pageTooDeep' })
  }

  const count = () => list.total ?? countUpTo(db, list.counted(list.where), cap)
  /*
   * A search's page by number is read once its count is known. When the count came with its sample's ids (the
   * list's first rows, in its order), the page is some of them, read by id. Otherwise, when the count found every
   * match (no more than the cap), the page is read among those rows, found through the search's own indexes as
   * the count found them. Either way the list's order is not walked testing every row until a page is full: a
   * word found in no order of a million walked all of them (237 ms), where its count read the trigram index
   * (0.2 ms); the audit log's common word read its 9,405 matches for the count, and again for the page. With more
   * matches than the cap and no sample, the walk finds a page within its first few hundred rows, and is kept.
   */
  const countedFirst = cap <= searchCountCap && !cursor && list.ids ? await count() : null
  const sampled = countedFirst?.sampleIds
  const among =
    !sampled && countedFirst && !countedFirst.totalIsCapped && list.ids
      ? sql`${list.id} = any(array(${list.ids(list.where)}))`
      : undefined
  const where = and(list.where, among)

  const newestFirstOrder = newestFirst(list.time, list.id)
  // One row more than the page tells whether another page follows.
  const take = page.pageSize + 1
  const numbered = async (number: number) => {
    const offset = (number - 1) * page.pageSize
    if (countedFirst?.total === 0) return []
    if (sampled && (offset + take <= sampled.length || !countedFirst?.totalIsCapped)) {
      const ids = sampled.slice(offset, offset + take)
      if (ids.length === 0) return []
      // Still within the caller's filter: the ids only say which of its rows make the page. The filter is tested
      // on those rows alone, as a subquery: given it whole, the planner read every match's index entries again
      // (28 ms on a busy machine) to keep the 51 rows the ids name (0.5 ms).
      return list.rows({
        where: and(inArray(list.id, ids), list.where && sql`(select ${list.where})`),
        orderBy: newestFirstOrder,
        limit: take,
        offset: 0,
      })
    }
    return list.rows({ where, orderBy: newestFirstOrder, limit: take, offset })
  }

  const place = cursor && sql`(${cursorTime(cursor)}::timestamptz, ${cursor.id}::uuid)`
  const fetchRows = async (): Promise<{
    rows: Row[]
    number: number
    hasNext: boolean
    hasPrevious: boolean
  }> => {
    if (!place) {
      const rows = await numbered(page.page)
      return { rows, number: page.page, hasNext: rows.length > page.pageSize, hasPrevious: page.page > 1 }
    }
    if (page.after) {
      const rows = await list.rows({
        where: and(list.where, sql`(${list.time}, ${list.id}) < ${place}`),
        orderBy: newestFirstOrder,
        limit: take,
        offset: 0,
      })
      return { rows, number: page.page, hasNext: rows.length > page.pageSize, hasPrevious: true }
    }
    // Previous: the rows just above the cursor, read upwards, then put back newest first.
    const above = await list.rows({
      where: and(list.where, sql`(${list.time}, ${list.id}) > ${place}`),
      orderBy: [asc(list.time), asc(list.id)],
      limit: take,
      offset: 0,
    })
    if (above.length > page.pageSize) {
      return {
        rows: above.slice(0, page.pageSize).reverse(),
        number: page.page,
        hasNext: true,
        hasPrevious: true,
      }
    }
    // Fewer than a page above it (rows were removed meanwhile): that is the top, so show a whole first page.
    const rows = await numbered(1)
    return { rows, number: 1, hasNext: rows.length > page.pageSize, hasPrevious: false }
  }

  const [{ rows, number, hasNext, hasPrevious }, { total, totalIsCapped }] = await Promise.all([
    fetchRows(),
    countedFirst ?? count(),
  ])
  const shown = rows.slice(0, page.pageSize)
  const cursorOf = (row: Row) => encodeCursor({ micros: row.position, id: list.idOf(row) })
  const first = shown[0]
  const last = shown[shown.length - 1]
  return {
    items: shown.map(list.toItem),
    total,
    totalIsCapped,
    page: number,
    pageSize: page.pageSize,
    nextCursor: hasNext && last ? cursorOf(last) : null,
    previousCursor: hasPrevious && first ? cursorOf(first) : null,
  }
}

/**
 * One page of a table's rows, newest first by `time` with the id breaking ties, and the bounded count of the
 * same filter: the vendor's own lists of one table.
 */
export function newestPage<T extends PgTable & { id: AnyPgColumn }, Item>(
  db: Db,
  page: PageQuery,
  source: {
    table: T
    time: AnyPgColumn
    where: SQL | undefined
    toItem: (row: InferSelectModel<T>) => Item
    /** The bounded count, when the caller reads it with its own figures (countedUpTo of `counted`). */
    total?: Promise<Counted>
  },
): Promise<Paged<Item>> {
  const table: PgTable = source.table
  type Row = { row: InferSelectModel<T>; position: string }
  return listPage(db, page, {
    time: source.time,
    id: source.table.id,
    where: source.where,
    // Drizzle cannot infer the row type of a table given as a type parameter: it is that table's select model.
    rows: ({ where, orderBy, limit, offset }) =>
      db
        .select({ row: table, position: positionOf(source.time) } as never)
        .from(table)
        .where(where)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset) as unknown as unknown as Promise<Row[]>,
    counted: (where) =>
      db
        .select({ one: sql`1` })
        .from(table)
        .where(where)
        .$dynamic(),
    idOf: (row) => (row.row as { id: string }).id,
    toItem: (row) => source.toItem(row.row),
    total: source.total,
  })
}

/**
 * A resource's rows as its query module reads them (orders.queries.ts, …): its table, its keyset order and one
 * select with its columns and joins. The list, the details, the export and the count of either side (a vendor's
 * or an admin's) go through it, each with the where-clause the module builds from the caller's scope and
 * filters, so the same columns, joins and order serve every reader.
 */
export function keysetRows<Query extends PgSelect>(
  /** The table counted: every filter is on its own rows, so a count needs no join. */
  table: PgTable & { id: AnyPgColumn },
  time: AnyPgColumn,
  /** Where the table's own row stands among the selected columns (`'order'` for `{ order: orders, … }`). */
  key: keyof Awaited<Query>[number] & string,
  /** The select with its columns (`position: positionOf(time)` among them) and its joins, not yet filtered. */
  select: (db: Tx) => Query,
) {
  type Row = Awaited<Query>[number] & { position: string }
  const source = { table, time, id: table.id, select, idOf: (row: Row) => (row[key] as { id: string }).id }
  const order = newestFirst(source.time, source.id)
  const read = (db: Tx, { where, orderBy, limit, offset }: Slice) =>
    source
      .select(db)
      .where(where)
      .orderBy(...orderBy)
      .limit(limit)
      .offset(offset) as unknown as Promise<Row[]>
  const first = async (db: Tx, where: SQL | undefined) =>
    (await read(db, { where, orderBy: order, limit: 1, offset: 0 }))[0]
  const counted = (db: Db, where: SQL | undefined) =>
    db
      .select({ one: sql`1` })
      .from(source.table)
      .where(where)
      .$dynamic()
  return {
    order,
    /** The select, for a caller that locks what it reads. */
    select: source.select,
    /** One page, newest first, with its bounded count (or the `total` the caller read with its figures). */
    page: <Item>(
      db: Db,
      page: PageQuery,
      where: SQL | undefined,
      options: {
        toItem: (row: Row) => Item
        countCap?: number
        total?: Promise<Counted>
      },
    ) =>
      listPage(db, page, {
        time: source.time,
        id: source.id,
        where,
        rows: (slice) => read(db, slice),
        counted: (filter) => counted(db, filter),
        ids: (filter) => db.select({ id: source.id }).from(source.table).where(filter).$dynamic(),
        idOf: source.idOf,
        ...options,
      }),
    /** The first row the filter keeps (one record by its id), or undefined: outside the scope it is not there. */
    first,
    /**
     * One record by its id within `inScope` (locked for a change when asked), or undefined: an id that is no id,
     * or one outside the scope, is not there.
     */
    find: async (db: Tx, id: string, inScope: SQL | undefined, { lock = false } = {}) => {
      if (!isUuid(id)) return undefined
      const where = and(eq(source.id, id), inScope)
      if (!lock) return first(db, where)
      const [row] = (await source.select(db).where(where).for('update', { of: source.table })) as Row[]
      return row
    },
    /** Every row the filter keeps, newest first, read in keyset batches while an export streams. */
    batches: (db: Db, where: SQL | undefined, size: number) =>
      keysetPages<Row>({
        size,
        after: newestFirstAfter(source.table, source.time, source.id),
        idOf: source.idOf,
        page: (after, limit) => read(db, { where: and(where, after), orderBy: order, limit, offset: 0 }),
      }),
    /**
     * The first sampleSize(cap) of `rows` (a select of the filtered rows) in the list's order, for a list's figures
     * (sampleSize): a defined set, so a figure read twice reads the same.
     */
    sample: <Query extends PgSelect>(rows: Query, cap: number) =>
      rows.orderBy(...order).limit(sampleSize(cap)),
    /** How many rows the filter keeps, up to `cap` ("10,000+" beyond). */
    count: (db: Db, where: SQL | undefined, cap = countCap) => countUpTo(db, counted(db, where), cap),
  }
}
