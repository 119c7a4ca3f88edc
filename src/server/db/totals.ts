import { sql } from 'drizzle-orm'
import type { Db } from './client'
import type { vendorTotals } from './schema'

/**
 * The running totals (migrations 0008, 0009, 0013 and 0015, docs/decisions/007, 015 and 016; their functions:
 * functions.sql, 017): each table, the view that computes what it must
 * hold from the rows, its key, and the figures compared. The triggers keep table = view in every
 * transaction; this module proves it (`npm run db:check`) and rebuilds it after a bulk load.
 */
const totalTables = [
  {
    table: 'vendor_totals',
    key: ['vendor_id'],
    figures: [
      'orders_pending',
      'orders_completed',
      'orders_refunded',
      'amount_pending',
      'amount_completed',
      'amount_refunded',
      'payouts_pending',
      'payouts_approved',
      'payouts_rejected',
      'payouts_pending_amount',
      'payouts_approved_amount',
      'payouts_rejected_amount',
      'products_pending',
      'products_approved',
      'products_rejected',
    ],
  },
  {
    table: 'marketplace_totals',
    key: ['id'],
    figures: ['vendors_pending', 'vendors_approved', 'vendors_rejected'],
  },
  { table: 'order_hours', key: ['hour', 'status'], figures: ['orders', 'amount'] },
  // The report's days (migrations 0013 and 0015, docs/decisions/016), in the time zone report_calendar names.
  { table: 'order_days', key: ['day', 'status'], figures: ['orders', 'amount'] },
  { table: 'product_days', key: ['day'], figures: ['products'] },
  // The report windows' sales (migration 0009, docs/decisions/015), within the windows as report_windows holds them.
  { table: 'vendor_window_sales', key: ['days', 'vendor_id'], figures: ['orders', 'amount'] },
  {
    table: 'product_window_sales',
    key: ['days', 'vendor_id', 'product_key'],
    figures: ['quantity', 'amount'],
  },
  // Each ledger account's balance and lines (migration 0020, docs/decisions/021).
  { table: 'ledger_balances', key: ['account', 'owner'], figures: ['balance', 'lines'] },
  { table: 'ledger_days', key: ['day', 'account'], figures: ['amount'] },
  // Each shop's lines per day and kind, for the statement's month totals (migration 0022).
  { table: 'ledger_shop_days', key: ['vendor_id', 'day', 'kind'], figures: ['amount'] },
] as const

/**
 * The tables that hold running totals: data derived from the others, never entered by anyone. report_windows
 * and report_calendar have no view of their own: they say which ranges the window sales cover and which time
 * zone the days are counted in, and move only with them.
 */
export const totalsTableNames: readonly string[] = [
  'report_windows',
  'report_calendar',
  ...totalTables.map((entry) => entry.table),
]

/**
 * The advisory lock between the report's days and windows and the orders, as SQL: its number is written once,
 * in functions.sql (report_lock). A window moves, the days are recounted, or the totals are rebuilt, holding it
 * exclusively; each order or product change holds it shared.
 */
export const REPORT_WINDOWS_LOCK = sql`report_lock()`

export type VendorTotals = Omit<typeof vendorTotals.$inferSelect, 'vendorId'>

/** A shop's totals before anything moved them (every shop has its row from its creation: this is a fallback). */
export const emptyVendorTotals: VendorTotals = {
  ordersPending: 0,
  ordersCompleted: 0,
  ordersRefunded: 0,
  amountPending: 0,
  amountCompleted: 0,
  amountRefunded: 0,
  payoutsPending: 0,
  payoutsApproved: 0,
  payoutsRejected: 0,
  payoutsPendingAmount: 0,
  payoutsApprovedAmount: 0,
  payoutsRejectedAmount: 0,
  productsPending: 0,
  productsApproved: 0,
  productsRejected: 0,
}

export type TotalsDrift = {
  table: string
  /** The row's key, e.g. { vendor_id: '…' } or { hour: '…', status: 'pending' }. */
  key: Record<string, string>
  figure: string
  stored: number
  expected: number
}

/** A row missing on one side counts as zeros: an hour whose orders all moved away keeps a row of zeros. */
function driftQuery({ table, key, figures }: (typeof totalTables)[number]) {
  const on = key.map((column) => `s.${column} = e.${column}`).join(' and ')
  const keyJson = key.map((column) => `'${column}', coalesce(s.${column}, e.${column})::text`).join(', ')
  const pairs = figures
    .map((figure) => `('${figure}', coalesce(s.${figure}, 0), coalesce(e.${figure}, 0))`)
    .join(', ')
  return sql.raw(`
    select '${table}' as "table", jsonb_build_object(${keyJson}) as key, f.figure, f.stored, f.expected
    from ${table} s full join ${table}_expected e on ${on}
    cross join lateral (values ${pairs}) as f(figure, stored, expected)
    where f.stored is distinct from f.expected
    order by 3`)
}

/**
 * Recomputes every running total from the rows and returns where the stored ones differ (nothing when they
 * agree). One repeatable-read snapshot, so a change committed meanwhile cannot show as a false difference.
 */
export async function findTotalsDrift(db: Db, limit = 100): Promise<TotalsDrift[]> {
  return db.transaction(
    async (tx) => {
      const drift: TotalsDrift[] = []
      for (const entry of totalTables) {
        const result = await tx.execute(driftQuery(entry))
        for (const row of (result as unknown as { rows: Record<string, unknown>[] }).rows) {
          if (drift.length >= limit) return drift
          drift.push({
            table: String(row.table),
            key: row.key as Record<string, string>,
            figure: String(row.figure),
            stored: Number(row.stored),
            expected: Number(row.expected),
          })
        }
      }
      return drift
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  )
}

/**
 * Replaces every running total by its value computed from the rows, in one transaction: after a bulk load
 * made with the triggers off, or to repair a database `npm run db:check` found wrong. The tables that move
 * totals are locked against writes meanwhile (reads go on), so no change slips between the sum and the copy.
 */
export async function rebuildTotals(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`lock table vendors, products, orders, payouts, ledger_lines in share mode`)
    // Then no window moves meanwhile. In this order: an order change holds the shared advisory lock only while
    // it holds its row of orders, which the table lock above has already waited out.
    await tx.execute(sql`select pg_advisory_xact_lock(${REPORT_WINDOWS_LOCK})`)
    for (const { table } of totalTables) {
      await tx.execute(sql.raw(`delete from ${table}`))
      await tx.execute(sql.raw(`insert into ${table} select * from ${table}_expected`))
    }
  })
}
