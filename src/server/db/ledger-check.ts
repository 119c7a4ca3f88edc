import { sql } from 'drizzle-orm'
import type { Db } from './client'

/**
 * What `npm run db:check` proves of the ledger (docs/decisions/021), beside its balances (a running total of
 * totals.ts): every entry has lines that add up to 0, and each shop's lines are numbered 1, 2, 3… with the
 * balance after each the sum of its lines so far. A fault names the entry or the shop and what is wrong.
 */
export type LedgerFault =
  | { fault: 'unbalanced'; entryId: string; sum: number; lines: number }
  | { fault: 'numbering'; vendorId: string; seq: number | null; expectedSeq: number }
  | { fault: 'balanceAfter'; vendorId: string; seq: number; stored: number | null; expected: number }

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows

export async function findLedgerFaults(db: Db, limit = 100): Promise<LedgerFault[]> {
  return db.transaction(
    async (tx) => {
      const unbalanced = rowsOf<{ entry_id: string; sum: string; lines: string }>(
        await tx.execute(sql`
          select e.id as entry_id, coalesce(sum(l.amount), 0) as sum, count(l.id) as lines
          from ledger_entries e left join ledger_lines l on l.entry_id = e.id
          group by e.id
          having coalesce(sum(l.amount), 0) <> 0 or count(l.id) = 0
          limit ${limit}`),
      )
      const shops = rowsOf<{
        vendor_id: string
        seq: string | null
        expected_seq: string
        stored: string | null
        expected: string
      }>(
        await tx.execute(sql`
          select vendor_id, seq, expected_seq, balance_after as stored, expected
          from (
            select vendor_id, seq, balance_after,
              row_number() over w as expected_seq,
              sum(amount) over (w rows between unbounded preceding and current row) as expected
            from ledger_lines where account = 'vendor_payable'
            window w as (partition by vendor_id order by seq, id)
          ) s
          where seq is distinct from expected_seq or balance_after is distinct from expected
          limit ${limit}`),
      )
      const faults: LedgerFault[] = unbalanced.map((row) => ({
        fault: 'unbalanced',
        entryId: row.entry_id,
        sum: Number(row.sum),
        lines: Number(row.lines),
      }))
      for (const row of shops) {
        const expectedSeq = Number(row.expected_seq)
        if (row.seq === null || Number(row.seq) !== expectedSeq) {
          faults.push({
            fault: 'numbering',
            vendorId: row.vendor_id,
            seq: row.seq === null ? null : Number(row.seq),
            expectedSeq,
          })
        } else {
          faults.push({
            fault: 'balanceAfter',
            vendorId: row.vendor_id,
            seq: expectedSeq,
            stored: row.stored === null ? null : Number(row.stored),
            expected: Number(row.expected),
          })
        }
      }
      return faults.slice(0, limit)
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  )
}

/** One line of the check's report. */
export function describeLedgerFault(fault: LedgerFault): string {
  switch (fault.fault) {
    case 'unbalanced':
      return `ledger entry ${fault.entryId}: its ${fault.lines} lines add up to ${fault.sum}, not 0`
    case 'numbering':
      return `ledger of shop ${fault.vendorId}: line numbered ${fault.seq ?? 'nothing'} where ${fault.expectedSeq} was due`
    case 'balanceAfter':
      return `ledger of shop ${fault.vendorId}: line ${fault.seq} says a balance of ${fault.stored ?? 'nothing'} after it, its lines say ${fault.expected}`
  }
}
