import type { Language } from '../../shared/constants'
import {
  statementLineKinds,
  statementPageSize,
  type Statement,
  type StatementQuery,
  type StatementTotals,
} from '../../shared/schemas/statement'
import type { Db } from '../db/client'
import { calendarDay } from '../lib/calendar'
import { csvDateTime, csvLabel, type CsvCell, type CsvExport } from '../lib/csv'
import { isUuid, notFound } from '../lib/errors'
import { scopeVendorId, vendorsIn, type Scope } from '../lib/scope'
import { textIn } from '../lib/texts'
import { renderStatementPdf } from './statement-pdf'
import { marketplaceIdentity, newestLines, oldestFirstBatches, statementMonth } from './statement.queries'

/**
 * A shop's statement (docs/decisions/021): one calendar month of its ledger lines, as a page of the screen, a
 * CSV or a PDF. A vendor reads their own shop's (the scope's, never an id from the request); an admin any shop's.
 */

export type StatementOptions = { timeZone: string; now?: Date }

/** Lines per query while a download reads the month. */
const DOWNLOAD_BATCH = 500

/** This month on the marketplace's calendar, unless the request names one. */
const monthOf = (month: string | undefined, options: StatementOptions) =>
  month ?? calendarDay(options.now ?? new Date(), options.timeZone).slice(0, 7)

/**
 * The shop whose statement the scope asks for (the vendor's own, or for an admin the shop `vendorId` names), and
 * where the month (this month unless the request names one) lies in its lines, with the month's totals by kind
 * when `totals` asks for them: one statement. An unknown or malformed id is not found.
 */
async function shopMonth(
  db: Db,
  scope: Scope,
  vendorId: string | undefined,
  query: { month?: string | undefined },
  options: StatementOptions & { totals: boolean },
) {
  const id = scopeVendorId(scope, vendorId)
  if (!id || !isUuid(id)) throw notFound()
  const month = monthOf(query.month, options)
  const found = await statementMonth(db, id, vendorsIn(scope), month, options)
  if (!found) throw notFound()
  return { ...found, month }
}

/** Every kind at 0, then the month's sums. */
function totalsOf(rows: { kind: string; amount: number }[]): StatementTotals {
  const totals = Object.fromEntries(statementLineKinds.map((kind) => [kind, 0])) as StatementTotals
  for (const row of rows) {
    if (row.kind in totals) totals[row.kind as keyof StatementTotals] = row.amount
  }
  return totals
}

/**
 * One page of the month's lines, newest first (50, then the next page after `cursor`), with the opening and
 * closing balances and the line count; the totals by kind come with the first page only (they read the whole
 * month, a page reads its 50 lines).
 */
export async function getStatement(
  db: Db,
  scope: Scope,
  vendorId: string | undefined,
  query: StatementQuery,
  options: StatementOptions,
): Promise<Statement> {
  const before = query.cursor === undefined ? undefined : Number(query.cursor)
  const { shop, bounds, month, totals } = await shopMonth(db, scope, vendorId, query, {
    ...options,
    totals: before === undefined,
  })
  const lines = await newestLines(db, shop.id, bounds, statementPageSize + 1, before)
  const page = lines.slice(0, statementPageSize)
  return {
    vendorId: shop.id,
    shopName: shop.name,
    month,
    startsAt: bounds.startsAt.toISOString(),
    endsAt: bounds.endsAt.toISOString(),
    openingBalance: bounds.openingBalance,
    closingBalance: bounds.closingBalance,
    lineCount: bounds.lastSeq - bounds.afterSeq,
    totals: totals && totalsOf(totals),
    lines: page,
    nextCursor: lines.length > statementPageSize ? String(page[page.length - 1]!.seq) : null,
  }
}

/** The CSV's columns, in the reader's language. */
export const statementCsvHeader = [
  'statement.csv.seq',
  'statement.csv.date',
  'statement.csv.kind',
  'statement.csv.order',
  'statement.csv.product',
  'statement.csv.payout',
  'statement.csv.payoutStatus',
  'statement.csv.reason',
  'statement.csv.amount',
  'statement.csv.balance',
].map((key) => csvLabel(key))

/** `statement-Shop_name-2026-03.csv`: the file name keeps letters, digits, dots and dashes (lib/csv.ts). */
const fileNameOf = (shopName: string, month: string, extension: 'csv' | 'pdf') =>
  `statement-${shopName.trim().replace(/[^\w.-]+/g, '_')}-${month}.${extension}`

/**
 * The whole month as CSV rows, oldest first (the balance after each line reads down the file), read 500 lines a
 * query as the download streams: each line's number, time (the marketplace's clock), kind, order and product,
 * payout and its status, adjustment reason, amount and balance after.
 */
export async function exportStatement(
  db: Db,
  scope: Scope,
  vendorId: string | undefined,
  query: { month?: string | undefined },
  options: StatementOptions,
): Promise<CsvExport> {
  const { shop, bounds, month } = await shopMonth(db, scope, vendorId, query, { ...options, totals: false })
  async function* batches() {
    for await (const lines of oldestFirstBatches(db, shop.id, bounds, DOWNLOAD_BATCH)) {
      yield lines.map((line): CsvCell[] => [
        line.seq,
        csvDateTime(new Date(line.date), options.timeZone),
        csvLabel(`statement.kinds.${line.kind}`),
        line.order?.id ?? '',
        line.order?.productName ?? '',
        line.payout?.id ?? '',
        line.payout?.status ? csvLabel(`status.${line.payout.status}`) : '',
        line.adjustment?.reason ?? '',
        line.amount,
        line.balanceAfter,
      ])
    }
  }
  return { fileName: fileNameOf(shop.name, month, 'csv'), header: statementCsvHeader, batches: batches() }
}

/**
 * The whole month as a PDF in `language`: the shop and its TIN, the marketplace and its TIN, the opening balance,
 * every line, the closing balance and the totals by kind.
 */
export async function statementPdf(
  db: Db,
  scope: Scope,
  vendorId: string | undefined,
  query: { month?: string | undefined },
  language: Language,
  options: StatementOptions,
) {
  const [{ shop, bounds, month, totals }, marketplace] = await Promise.all([
    shopMonth(db, scope, vendorId, query, { ...options, totals: true }),
    marketplaceIdentity(db),
  ])
  const lines = []
  for await (const batch of oldestFirstBatches(db, shop.id, bounds, DOWNLOAD_BATCH)) lines.push(...batch)
  const bytes = await renderStatementPdf(
    {
      shop,
      marketplace,
      month,
      startsAt: bounds.startsAt,
      endsAt: bounds.endsAt,
      openingBalance: bounds.openingBalance,
      closingBalance: bounds.closingBalance,
      totals: totalsOf(totals ?? []),
      lines,
      generatedAt: options.now ?? new Date(),
      timeZone: options.timeZone,
    },
    textIn(language),
  )
  return { fileName: fileNameOf(shop.name, month, 'pdf'), bytes }
}
