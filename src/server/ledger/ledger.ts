import { randomUUID } from 'node:crypto'
import { sql, type SQLWrapper } from 'drizzle-orm'
import type { LedgerAccount, LedgerEntryKind, LedgerLineKind } from '../../shared/ledger'
import type { Tx } from '../db/client'
import { ledgerBalances, ledgerEntries, ledgerLines } from '../db/schema'
import { money } from '../lib/search'

/**
 * The ledger's public face (docs/decisions/021): what every feature reads of a shop's balance, and the one way
 * application code posts an entry. The triggers post the rest (functions.sql).
 */

/**
 * What the shop may be paid now (docs/decisions/021): its balance in the ledger (its completed sales, less
 * commission, VAT on commission, refunds, payouts requested or paid, with adjustments), less what is still held
 * (sales not yet available: the few lines whose available_at is ahead). One row and an index range, however many
 * orders the shop has. With no commission and no hold it is the specification's completed order totals minus
 * non-rejected payouts (§9). Not clamped at 0 (docs/decisions/006): a refund after a payout leaves the shop owing,
 * settled by later sales, and no payout is requested or approved while it would exceed this balance.
 */
export const availableBalance = (vendorId: SQLWrapper | string) =>
  money(sql`(${ledgerBalance(vendorId)} - ${heldBalance(vendorId)})`)

/** The shop's balance in the ledger, held sales included. */
export const ledgerBalance = (vendorId: SQLWrapper | string) =>
  money(sql`coalesce((select b.balance from ${ledgerBalances} b
    where b.account = 'vendor_payable' and b.owner = ${vendorId}), 0)`)

/**
 * The part of the shop's balance not yet available (sales within the operator's hold): its lines still ahead of this
 * statement's start. Not of the transaction's (now()): a line is dated by the start of the transaction that wrote
 * it, so a request that began before another payout committed, then waited for the shop's lock, would take that
 * payout's line for money held, and count it back.
 */
export const heldBalance = (vendorId: SQLWrapper | string) =>
  money(sql`coalesce((select sum(l.amount) from ${ledgerLines} l
    where l.account = 'vendor_payable' and l.vendor_id = ${vendorId} and l.available_at > statement_timestamp()), 0)`)

/** When the next held money becomes available (null: nothing is held). One entry of ledger_lines_held_idx. */
export const nextAvailableAt = (vendorId: SQLWrapper | string) =>
  // Nested: a single-table query writes a top-level fragment's columns without their table (l.id would be taken).
  sql`${sql`(select min(l.available_at) from ${ledgerLines} l
    where l.account = 'vendor_payable' and l.vendor_id = ${vendorId} and l.available_at > statement_timestamp())`}`.mapWith(
    ledgerLines.availableAt,
  )

/** One line of an entry: `amount` credits `account` when positive and debits it when negative (never 0). */
export type LedgerLineInput = {
  account: LedgerAccount
  kind: LedgerLineKind
  amount: number
  /** The shop the line is about: required on its own account (vendor_payable), kept on the others for reports. */
  vendorId: string | null
}

/**
 * Posts one balanced entry from application code, inside the caller's transaction: the entries the database's
 * triggers do not post (an adjustment, a plan's fee). The lines go in one statement, the shop's first: the
 * lines' row trigger numbers each shop line and locks its balance, the statement trigger then moves the
 * marketplace's accounts, so every posting takes its locks in the same order. A set of lines that does not add
 * up to 0 is refused at commit (ledger_entry_must_balance) and nothing of the transaction is kept.
 */
export async function postLedgerEntry(
  tx: Tx,
  entry: {
    kind: LedgerEntryKind
    vendorId: string | null
    adjustmentId?: string
    memo?: Record<string, unknown>
    lines: LedgerLineInput[]
  },
): Promise<string> {
  const id = randomUUID()
  await tx.insert(ledgerEntries).values({
    id,
    kind: entry.kind,
    vendorId: entry.vendorId,
    adjustmentId: entry.adjustmentId ?? null,
    memo: entry.memo ?? null,
  })
  const isShopLine = (line: LedgerLineInput) => line.account === 'vendor_payable'
  const lines = [...entry.lines.filter(isShopLine), ...entry.lines.filter((line) => !isShopLine(line))]
  await tx.insert(ledgerLines).values(lines.map((line) => ({ entryId: id, ...line })))
  return id
}
