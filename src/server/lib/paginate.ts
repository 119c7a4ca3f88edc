import { count, desc, type InferSelectModel, type SQL } from 'drizzle-orm'
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { PageQuery, Paged } from '../../shared/schemas/pagination'
import type { Db } from '../db/client'

/**
 * Runs one page's query and the total count side by side and returns the shared list shape. The caller
 * builds both from the same scoped filter, so the total always counts what the pages show.
 */
export async function paginate<Row, Item>(
  page: PageQuery,
  query: {
    rows: (limit: number, offset: number) => PromiseLike<Row[]>
    total: () => PromiseLike<{ value: number | string }[]>
    toItem: (row: Row) => Item
  },
): Promise<Paged<Item>> {
  const [rows, [total]] = await Promise.all([
    query.rows(page.pageSize, (page.page - 1) * page.pageSize),
    query.total(),
  ])
  return {
    items: rows.map(query.toItem),
    total: Number(total?.value ?? 0),
    page: page.page,
    pageSize: page.pageSize,
  }
}

/**
 * One page of a table's rows, newest first by `time` with the id breaking ties (so a row never shows on two
 * pages, or on none), and the count of the same filter: the vendor's own lists of one table.
 */
export function newestPage<T extends PgTable & { id: AnyPgColumn }, Item>(
  db: Db,
  page: PageQuery,
  source: { table: T; time: AnyPgColumn; where: SQL | undefined; toItem: (row: InferSelectModel<T>) => Item },
): Promise<Paged<Item>> {
  const table: PgTable = source.table
  return paginate(page, {
    // Drizzle cannot infer the row type of a table given as a type parameter: it is that table's select model.
    rows: (limit, offset) =>
      db
        .select()
        .from(table)
        .where(source.where)
        .orderBy(desc(source.time), desc(source.table.id))
        .limit(limit)
        .offset(offset) as unknown as PromiseLike<InferSelectModel<T>[]>,
    total: () => db.select({ value: count() }).from(table).where(source.where),
    toItem: source.toItem,
  })
}
