import { randomUUID } from 'node:crypto'
import type { LedgerAccount, LedgerEntryKind, LedgerLineKind } from '../../shared/ledger'
import type { Tx } from '../db/client'
import { ledgerEntries, ledgerLines } from '../db/schema'

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
