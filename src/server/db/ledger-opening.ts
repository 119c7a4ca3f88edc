import { readFileSync } from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import type { Db } from './client'
import { migrationsFolder } from './migrate'

/**
 * The ledger's opening entries (docs/decisions/021), as migration 0020 writes them: for each shop, what its rows
 * say it is owed (completed orders, less payouts pending and approved), with the marketplace's cash and payouts in
 * transit against it. The migration is the one text of them: this reads its three statements (and migration 0022's
 * filling of each shop's days), so that a database loaded in bulk with the triggers off (the benchmark's) opens its
 * ledger exactly as an upgraded one did.
 */
export function ledgerOpeningStatements(): string[] {
  const migration = readFileSync(path.join(migrationsFolder, '0020_ledger.sql'), 'utf8')
  const statements = migration.split('--> statement-breakpoint').map((statement) => statement.trim())
  const opening = statements.filter((statement) =>
    /INSERT INTO ledger_lines \(|^INSERT INTO ledger_balances \(|^INSERT INTO ledger_days \(/m.test(
      statement,
    ),
  )
  if (opening.length !== 3)
    throw new Error('Migration 0020 no longer holds the ledger opening’s three statements.')
  // Then each shop's days, as migration 0022 filled them from the lines the opening wrote.
  const shopDays = readFileSync(path.join(migrationsFolder, '0022_shop_days.sql'), 'utf8')
    .split('--> statement-breakpoint')
    .map((statement) => statement.trim())
    .filter((statement) => /^INSERT INTO ledger_shop_days \(/m.test(statement))
  if (shopDays.length !== 1)
    throw new Error('Migration 0022 no longer holds the statement that fills ledger_shop_days.')
  return [...opening, ...shopDays]
}

/**
 * Opens the ledger of a database whose orders and payouts were loaded with the triggers off: refused when the
 * ledger already has an entry (it would count the same money twice). The statements run as the migration ran
 * them, before the ledger's triggers existed (session_replication_role = replica, which takes a superuser).
 */
export async function openLedgerFromRows(db: Db): Promise<{ entries: number }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`lock table orders, payouts, ledger_entries in share mode`)
    const [existing] = (
      (await tx.execute(sql`select exists (select 1 from ledger_entries) as any`)) as unknown as {
        rows: { any: boolean }[]
      }
    ).rows
    if (existing?.any)
      throw new Error('The ledger already has entries: it is opened once, on an empty ledger.')
    await tx.execute(sql`set local session_replication_role = replica`)
    for (const statement of ledgerOpeningStatements()) await tx.execute(sql.raw(statement))
    await tx.execute(sql`set local session_replication_role = origin`)
    const [count] = (
      (await tx.execute(sql`select count(*)::int as entries from ledger_entries`)) as unknown as {
        rows: { entries: number }[]
      }
    ).rows
    return { entries: count?.entries ?? 0 }
  })
}
