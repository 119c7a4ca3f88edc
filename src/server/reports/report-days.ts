import { eq, sql, type SQL } from 'drizzle-orm'
import type { Db, Tx } from '../db/client'
import { ledgerDays, ledgerShopDays, orderDays, productDays, reportCalendar } from '../db/schema'

/**
 * The report's days (migrations 0013 and 0015, docs/decisions/016): orders per calendar day and status, and
 * products per day of creation, counted by the triggers in the time zone report_calendar names. A report reads them when that zone is its own; in
 * another zone (the setting changed), it first recounts every day from the orders in its zone.
 */

/** Whether order_days counts the days of `timeZone`: a query of one row. */
export const daysCountedIn = (db: Db | Tx, timeZone: string | SQL) =>
  db
    .select({ same: sql<boolean>`${reportCalendar.timeZone} = ${timeZone}` })
    .from(reportCalendar)
    .where(eq(reportCalendar.id, 1))

/**
 * Makes order_days count the days of `timeZone`, recounting every day from the orders if they are counted in
 * another zone (all the orders read once: about a second at a million). Called holding the report lock
 * (underReportLock), so no order change counts itself meanwhile (each waits, then counts itself in the new days).
 */
export async function recountDays(tx: Tx, timeZone: string): Promise<void> {
  // Another request recounted them while this one waited for the lock.
  if ((await daysCountedIn(tx, timeZone))[0]?.same) return
  await tx
    .insert(reportCalendar)
    .values({ id: 1, timeZone })
    .onConflictDoUpdate({ target: reportCalendar.id, set: { timeZone } })
  await tx.delete(orderDays)
  await tx.execute(sql`insert into order_days select * from order_days_expected`)
  await tx.delete(productDays)
  await tx.execute(sql`insert into product_days select * from product_days_expected`)
  await tx.delete(ledgerDays)
  await tx.execute(sql`insert into ledger_days select * from ledger_days_expected`)
  await tx.delete(ledgerShopDays)
  await tx.execute(sql`insert into ledger_shop_days select * from ledger_shop_days_expected`)
}
