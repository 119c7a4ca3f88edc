import { and, eq, inArray, sql } from 'drizzle-orm'
import { shiftMonth } from '../../shared/schemas/statement'
import type { Db } from '../db/client'
import { ledgerBalances, ledgerLines, statementMailings, users, vendors } from '../db/schema'
import { ownerOfShop } from '../db/joins'
import { calendarDay } from '../lib/calendar'
import { queueMail } from '../mail/mail.service'
import { monthlyStatementMail, type MonthFigures } from '../mail/monthly-statement-mail'
import { monthBounds, monthTotals } from './statement.queries'

/**
 * Each shop's statement, mailed once its month is over (step 11: statements "e-mailed monthly"). A serving process
 * runs this every hour (app.ts); it does something only for shops whose last month is not mailed yet. The
 * statement_mailings row is written in the transaction that queues the mail, and the mail only queued when that
 * row is new: several processes, or a restart mid-run, never mail a shop's month twice.
 */

/** Shops per transaction: 5,000 shops are 25 short transactions, not one long one. */
const BATCH = 200

export type StatementMailOptions = { publicUrl: string; timeZone: string; now?: Date }

/**
 * Up to `limit` shops after `afterVendorId` (in id order) with a line before the month's end (the next month's first
 * midnight in `timeZone`, as statement.queries.ts reads it) and no mailing of that month: the shops' balance rows
 * in key order, each probed for one line before the end (one entry of ledger_lines_statement_created_idx) and for
 * its mailing (one primary-key probe). No other line is read.
 */
async function shopsToMail(
  db: Db,
  monthStart: string,
  timeZone: string,
  afterVendorId: string,
  limit: number,
) {
  const endsAt = sql`((${monthStart}::date + interval '1 month')::timestamp at time zone ${timeZone})`
  const rows = await db
    .select({ vendorId: ledgerBalances.owner })
    .from(ledgerBalances)
    .where(
      and(
        eq(ledgerBalances.account, 'vendor_payable'),
        sql`${ledgerBalances.owner} > ${afterVendorId}`,
        sql`exists (select 1 from ${ledgerLines} l where l.account = 'vendor_payable'
          and l.vendor_id = ${ledgerBalances.owner} and l.created_at < ${endsAt})`,
        sql`not exists (select 1 from ${statementMailings} m where m.vendor_id = ${ledgerBalances.owner}
          and m.month = ${monthStart})`,
      ),
    )
    .orderBy(ledgerBalances.owner)
    .limit(limit)
  return rows.map((row) => row.vendorId)
}

/**
 * Waits until no line of this shop is being posted. A line takes its time when it is numbered, under its shop's
 * balance row, and shows once its transaction commits: one numbered just before midnight may commit just after,
 * when the month is already being read. Taking the row's share lock waits that out, and lets go at once (its own
 * statement, one row: no lock is held while waiting for another, so no deadlock with a posting that moves several
 * shops). Any line numbered later has a time past the month's end, so the figures read next are the month's for
 * good. (A shop whose first line ever is being posted is not among the candidates yet: the next hour's run has it.)
 */
async function awaitPostings(db: Db, vendorId: string) {
  await db
    .select({ owner: ledgerBalances.owner })
    .from(ledgerBalances)
    .where(and(eq(ledgerBalances.account, 'vendor_payable'), eq(ledgerBalances.owner, vendorId)))
    .for('share')
}

/** The month in figures, as the statement reads them: two index probes and the month's totals by kind. */
async function figuresOf(db: Db, vendorId: string, month: string, timeZone: string): Promise<MonthFigures> {
  const bounds = await monthBounds(db, vendorId, month, timeZone)
  const totals = await monthTotals(db, vendorId, bounds)
  return {
    openingBalance: bounds.openingBalance,
    closingBalance: bounds.closingBalance,
    lineCount: bounds.lastSeq - bounds.afterSeq,
    totals: Object.fromEntries(totals.map((row) => [row.kind, row.amount])),
  }
}

/**
 * Mails each shop the statement of the calendar month before `now` (in `timeZone`) that has not had it yet: to the
 * shop's owner, in their language, with the month's figures and a link to the statement (its PDF is downloaded
 * there; mail carries no attachment). Returns how many mails were queued.
 */
export async function mailMonthlyStatements(db: Db, options: StatementMailOptions): Promise<number> {
  const { timeZone, publicUrl } = options
  const month = shiftMonth(calendarDay(options.now ?? new Date(), timeZone).slice(0, 7), -1)
  const monthStart = `${month}-01`
  const link = `${publicUrl}/vendor/payouts?month=${month}`

  let queued = 0
  let after = '00000000-0000-0000-0000-000000000000'
  for (;;) {
    const vendorIds = await shopsToMail(db, monthStart, timeZone, after, BATCH)
    if (vendorIds.length === 0) return queued
    after = vendorIds[vendorIds.length - 1]!
    for (const vendorId of vendorIds) await awaitPostings(db, vendorId)
    queued += await db.transaction(async (tx) => {
      // The month's row first: a shop another process (or an earlier run) has mailed keeps its one mail.
      const claimed = await tx
        .insert(statementMailings)
        .values(vendorIds.map((vendorId) => ({ vendorId, month: monthStart })))
        .onConflictDoNothing()
        .returning({ vendorId: statementMailings.vendorId })
      if (claimed.length === 0) return 0
      const owners = await tx
        .select({
          vendorId: vendors.id,
          shopName: vendors.shopName,
          email: users.email,
          name: users.fullName,
          language: users.language,
        })
        .from(vendors)
        .innerJoin(users, ownerOfShop)
        .where(
          inArray(
            vendors.id,
            claimed.map((row) => row.vendorId),
          ),
        )
        .orderBy(vendors.id)
      for (const owner of owners) {
        await queueMail(
          tx,
          monthlyStatementMail({
            to: owner.email,
            name: owner.name,
            language: owner.language,
            shopName: owner.shopName,
            month,
            figures: await figuresOf(tx, owner.vendorId, month, timeZone),
            link,
          }),
        )
      }
      return owners.length
    })
  }
}
