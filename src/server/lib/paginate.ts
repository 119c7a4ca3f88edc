import type { PageQuery, Paged } from '../../shared/schemas/pagination'

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
