import { and, asc, desc, eq, gt, lte, sql, type SQL } from 'drizzle-orm'
import type { StatementLine, StatementLineKind } from '../../shared/schemas/statement'
import type { Db } from '../db/client'
import {
  ledgerAdjustments,
  ledgerEntries,
  ledgerLines,
  ledgerShopDays,
  marketplaceSettings,
  orders,
  payouts,
  reportCalendar,
  vendors,
} from '../db/schema'
import { money } from '../lib/search'

/**
 * A shop's statement read from its own lines of the ledger (account vendor_payable), never from a sum of them.
 * Each line carries its number among the shop's lines (seq: 1, 2, 3…, no gaps, in the order the balance moved)
 * and the balance after it; a line's time is the moment its number was taken (ledger_lines_number, functions.sql),
 * so the numbers and the times run in the same order. A month is then the numbers between the last line before
 * its first midnight and the last line before the next month's: two probes of the (vendor_id, created_at) index,
 * after which every page, count and export of the month is a range of the (vendor_id, seq) index. Nothing here
 * reads a line outside the month, however many lines the shop has.
 */

/** The shop's lines (the ledger_lines_statement_* indexes are partial on this account). */
const shopLines = (vendorId: string) =>
  and(eq(ledgerLines.account, 'vendor_payable'), eq(ledgerLines.vendorId, vendorId))

/** Where a month lies in a shop's lines: after `afterSeq`, up to `lastSeq` (both 0 when none came before). */
export type MonthBounds = {
  startsAt: Date
  endsAt: Date
  /** The last line before the month, and the balance after it (the month's opening balance). */
  afterSeq: number
  openingBalance: number
  /** The month's last line, and the balance after it (the closing balance). */
  lastSeq: number
  closingBalance: number
}

type Row = Record<string, unknown>
const rowsOf = (result: unknown) => (result as { rows: Row[] }).rows
const asDate = (value: unknown) => (value instanceof Date ? value : new Date(String(value)))

/** The shop a statement is of: its name and tax identity. */
export type StatementShop = { id: string; name: string; tin: string | null; vatRegistered: boolean }

/** The month's total of one kind of line (the kinds it has). */
export type KindTotal = { kind: string; amount: number }

/**
 * The month (YYYY-MM) of `timeZone` as instants, and the shop's last lines before its start and before its end.
 * Each probe reads one entry of ledger_lines_statement_created_idx, newest first from the bound. With `shop`, the
 * shop's own row beside them, when its condition keeps it (none: no row); with `totals`, the month's total of each
 * kind of line it has, a row each (the bounds repeated on each; one row with no kind when the month has no line).
 */
function boundsQuery(
  vendorId: string,
  month: string,
  timeZone: string,
  options: { shop?: SQL | undefined; totals: boolean },
) {
  const lastBefore = (bound: SQL) => sql`(
    select l.seq, l.balance_after from ${ledgerLines} l
    where l.account = 'vendor_payable' and l.vendor_id = ${vendorId} and l.created_at < ${bound}
    order by l.created_at desc, l.seq desc limit 1)`
  const shopColumns = sql`${vendors.id} as shop_id, ${vendors.shopName} as shop_name, ${vendors.tin} as tin,
    ${vendors.vatRegistered} as vat_registered,`
  // The month's days of the shop (ledger_shop_days: 31 rows at most per kind) when they are counted in this time
  // zone (report_calendar's); in another (the setting just changed), the month's lines by their numbers (the
  // (vendor_id, seq) index), as monthTotals reads them.
  const daysCounted = sql`exists (select 1 from ${reportCalendar} rc where rc.id = 1 and rc.time_zone = ${timeZone})`
  const totals = sql`left join lateral (
    select d.kind, sum(d.amount)::bigint as amount from ${ledgerShopDays} d
    where d.vendor_id = ${vendorId} and d.day >= ${`${month}-01`}::date
      and d.day < (${`${month}-01`}::date + interval '1 month')::date
      and ${daysCounted}
    group by d.kind
    union all
    select l.kind, sum(l.amount)::bigint as amount from ${ledgerLines} l
    where l.account = 'vendor_payable' and l.vendor_id = ${vendorId}
      and l.seq > coalesce(o.seq, 0) and l.seq <= coalesce(c.seq, 0)
      and not ${daysCounted}
    group by l.kind) t on true`
  return sql`
    with bounds as (
      select (${`${month}-01`}::date::timestamp at time zone ${timeZone}) as starts_at,
        ((${`${month}-01`}::date + interval '1 month')::timestamp at time zone ${timeZone}) as ends_at
    )
    select ${options.shop ? shopColumns : sql``} b.starts_at, b.ends_at, o.seq as after_seq,
      o.balance_after as opening, c.seq as last_seq, c.balance_after as closing
      ${options.totals ? sql`, t.kind as total_kind, t.amount as total_amount` : sql``}
    from ${options.shop ? sql`${vendors} cross join` : sql``} bounds b
    left join lateral ${lastBefore(sql`b.starts_at`)} o on true
    left join lateral ${lastBefore(sql`b.ends_at`)} c on true
    ${options.totals ? totals : sql``}
    ${options.shop ? sql`where ${options.shop}` : sql``}`
}

const boundsOf = (row: Row): MonthBounds => ({
  startsAt: asDate(row.starts_at),
  endsAt: asDate(row.ends_at),
  afterSeq: Number(row.after_seq ?? 0),
  openingBalance: Number(row.opening ?? 0),
  lastSeq: Number(row.last_seq ?? 0),
  closingBalance: Number(row.closing ?? 0),
})

const totalsOf = (rows: Row[]): KindTotal[] =>
  rows.flatMap((row) =>
    row.total_kind == null ? [] : [{ kind: String(row.total_kind), amount: Number(row.total_amount) }],
  )

/** Where the month lies in the shop's lines (statementMonth, for a shop already known). */
export async function monthBounds(
  db: Db,
  vendorId: string,
  month: string,
  timeZone: string,
): Promise<MonthBounds> {
  const result = await db.execute(boundsQuery(vendorId, month, timeZone, { totals: false }))
  return boundsOf(rowsOf(result)[0]!)
}

/**
 * The shop a statement is of, when `inScope` keeps it (its name and tax identity), where the month lies in its
 * lines and, when asked for, the month's totals by kind: one statement. Null when the scope does not keep the shop
 * (or there is none).
 */
export async function statementMonth(
  db: Db,
  vendorId: string,
  inScope: SQL | undefined,
  month: string,
  options: { timeZone: string; totals: boolean },
): Promise<{ shop: StatementShop; bounds: MonthBounds; totals: KindTotal[] | null } | null> {
  const result = await db.execute(
    boundsQuery(vendorId, month, options.timeZone, {
      shop: and(eq(vendors.id, vendorId), inScope),
      totals: options.totals,
    }),
  )
  const rows = rowsOf(result)
  const row = rows[0]
  if (!row) return null
  return {
    shop: {
      id: String(row.shop_id),
      name: String(row.shop_name),
      tin: row.tin === null ? null : String(row.tin),
      vatRegistered: Boolean(row.vat_registered),
    },
    bounds: boundsOf(row),
    totals: options.totals ? totalsOf(rows) : null,
  }
}

/** The month's lines, by their numbers: after `afterSeq`, up to `lastSeq`. */
const withinMonth = (vendorId: string, bounds: Pick<MonthBounds, 'afterSeq' | 'lastSeq'>) =>
  and(shopLines(vendorId), gt(ledgerLines.seq, bounds.afterSeq), lte(ledgerLines.seq, bounds.lastSeq))

/**
 * The lines with what each refers to: the entry's order (its product while the order is still there), payout (its
 * status now) and adjustment (its reason). Each join is one primary-key probe per line.
 */
const linesWithRefs = (db: Db) =>
  db
    .select({
      seq: ledgerLines.seq,
      createdAt: ledgerLines.createdAt,
      kind: ledgerLines.kind,
      amount: ledgerLines.amount,
      balanceAfter: ledgerLines.balanceAfter,
      availableAt: ledgerLines.availableAt,
      orderId: ledgerEntries.orderId,
      productName: orders.productName,
      payoutId: ledgerEntries.payoutId,
      payoutStatus: payouts.status,
      adjustmentId: ledgerEntries.adjustmentId,
      adjustmentReason: ledgerAdjustments.reason,
    })
    .from(ledgerLines)
    .innerJoin(ledgerEntries, eq(ledgerEntries.id, ledgerLines.entryId))
    .leftJoin(orders, eq(orders.id, ledgerEntries.orderId))
    .leftJoin(payouts, eq(payouts.id, ledgerEntries.payoutId))
    .leftJoin(ledgerAdjustments, eq(ledgerAdjustments.id, ledgerEntries.adjustmentId))
    .$dynamic()

type LineRow = Awaited<ReturnType<ReturnType<typeof linesWithRefs>['execute']>>[number]

function toLine(row: LineRow): StatementLine {
  return {
    seq: row.seq ?? 0,
    date: row.createdAt.toISOString(),
    kind: row.kind as StatementLineKind,
    amount: row.amount,
    balanceAfter: row.balanceAfter ?? 0,
    availableAt: row.availableAt.toISOString(),
    order: row.orderId ? { id: row.orderId, productName: row.productName } : null,
    payout: row.payoutId ? { id: row.payoutId, status: row.payoutStatus } : null,
    adjustment: row.adjustmentId ? { id: row.adjustmentId, reason: row.adjustmentReason } : null,
  }
}

/** Up to `limit` of the month's lines, newest first, below the number `before` (none: from the newest). */
export async function newestLines(
  db: Db,
  vendorId: string,
  bounds: MonthBounds,
  limit: number,
  before?: number,
): Promise<StatementLine[]> {
  const lastSeq = before === undefined ? bounds.lastSeq : Math.min(bounds.lastSeq, before - 1)
  const rows = await linesWithRefs(db)
    .where(withinMonth(vendorId, { afterSeq: bounds.afterSeq, lastSeq }))
    .orderBy(desc(ledgerLines.seq))
    .limit(limit)
  return rows.map(toLine)
}

/**
 * Every line of the month, oldest first, `size` at a time (each batch one index range after the last line of the
 * one before), for a download: the month never sits in a query's memory whole.
 */
export async function* oldestFirstBatches(
  db: Db,
  vendorId: string,
  bounds: MonthBounds,
  size: number,
): AsyncGenerator<StatementLine[]> {
  let afterSeq = bounds.afterSeq
  while (afterSeq < bounds.lastSeq) {
    const rows = await linesWithRefs(db)
      .where(withinMonth(vendorId, { afterSeq, lastSeq: bounds.lastSeq }))
      .orderBy(asc(ledgerLines.seq))
      .limit(size)
    if (rows.length === 0) return
    const lines = rows.map(toLine)
    yield lines
    afterSeq = lines[lines.length - 1]!.seq
  }
}

/** The month's total of each kind of line that it has (the month's lines only, by their numbers). */
export async function monthTotals(db: Db, vendorId: string, bounds: MonthBounds) {
  return db
    .select({ kind: ledgerLines.kind, amount: money(sql`sum(${ledgerLines.amount})`) })
    .from(ledgerLines)
    .where(withinMonth(vendorId, bounds))
    .groupBy(ledgerLines.kind)
}

/** The marketplace's name and TIN, as its statements print them. */
export async function marketplaceIdentity(db: Db) {
  const [settings] = await db
    .select({ name: marketplaceSettings.marketplaceName, tin: marketplaceSettings.marketplaceTin })
    .from(marketplaceSettings)
    .where(eq(marketplaceSettings.id, 1))
  return settings ?? { name: 'Isoko', tin: null }
}
