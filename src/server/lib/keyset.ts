import { sql, type AnyColumn, type SQL } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'

/**
 * The rows after a given row in newest-first order, by (time, id): the row's own values are read in the
 * database, since a JavaScript Date keeps milliseconds and PostgreSQL microseconds (comparing with a rounded
 * time would skip or repeat rows).
 */
export const newestFirstAfter =
  (table: PgTable, time: AnyColumn, id: AnyColumn) =>
  (lastId: string): SQL =>
    sql`(${time}, ${id}) < (select k.${sql.identifier(time.name)}, k.${sql.identifier(id.name)} from ${table} k where k.${sql.identifier(id.name)} = ${lastId})`

/**
 * Reads a query page by page for a streamed export (keyset paging: each page starts after the last row of
 * the previous one), so a large export never sits in memory whole and a row added meanwhile shifts nothing.
 */
export async function* keysetPages<Row>(options: {
  size: number
  /** One page: the rows after `after` (none on the first page), at most `limit`, in the order `after` assumes. */
  page: (after: SQL | undefined, limit: number) => Promise<Row[]>
  after: (lastId: string) => SQL
  idOf: (row: Row) => string
}): AsyncGenerator<Row[]> {
  let lastId: string | null = null
  for (;;) {
    const rows = await options.page(lastId === null ? undefined : options.after(lastId), options.size)
    if (rows.length > 0) yield rows
    if (rows.length < options.size) return
    lastId = options.idOf(rows[rows.length - 1]!)
  }
}
