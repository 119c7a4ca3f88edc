import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql, TransactionRollbackError } from 'drizzle-orm'
import { readMigrationFiles, type MigrationConfig, type MigrationMeta } from 'drizzle-orm/migrator'
import type { Db, Tx } from './types'

// Beside this file in the source tree; the built server and tools (dist/server/*.js, this module bundled into
// each) find the copies scripts/build-server.mjs puts beside them.
const here = path.dirname(fileURLToPath(import.meta.url))
export const migrationsFolder = path.join(here, 'migrations')
/** The running totals' functions as they are today (docs/decisions/017). */
export const functionsFile = path.join(here, 'functions.sql')

/** Any fixed number works, as long as every process uses the same one to serialise migrations. */
export const MIGRATION_LOCK = 7_316_402

/** functions.sql as its statements, each one function: CREATE OR REPLACE FUNCTION name(…) … $$ LANGUAGE …; */
export function readFunctions(file = functionsFile) {
  const statements = readFileSync(file, 'utf8')
    .split(/(?<=^\$\$ LANGUAGE [^\n]*;)$/m)
    .filter((statement) => statement.replace(/^\s*--.*$/gm, '').trim() !== '')
  const names = statements.map((statement) => {
    const name = /^CREATE OR REPLACE FUNCTION (\w+)\(/m.exec(statement)?.[1]
    if (!name)
      throw new Error(
        `${file}: every statement must be CREATE OR REPLACE FUNCTION, not ${statement.trim().slice(0, 60)}`,
      )
    return name
  })
  return { statements, names }
}
type Functions = ReturnType<typeof readFunctions>

/** Drizzle's own migrator (drizzle-orm/*\/migrator), given the migrations to run: the same for each driver. */
type Migrator = {
  dialect: {
    migrate: (migrations: MigrationMeta[], session: unknown, config: MigrationConfig) => Promise<void>
  }
  session: unknown
}

/**
 * Applies the pending migrations, then functions.sql, at every start (docs/decisions/017). When migrations
 * are pending, the functions are applied by the same transaction, after the last of them: a migration that
 * creates a trigger leaves only a stand-in for its function, and no other process may see the stand-in.
 * Otherwise the functions alone, in a transaction of their own, so that a changed file takes effect with no
 * migration; `leaveFunctions` skips that (db:check compares them before anything replaces them).
 */
export async function migrateDatabase(db: Db, { leaveFunctions = false } = {}) {
  const config = { migrationsFolder }
  const migrations = readMigrationFiles(config)
  const functions = readFunctions()
  const last = migrations.at(-1)
  const isPending = last !== undefined && !(await isApplied(db, last.folderMillis))
  if (isPending) last.sql.push(...functions.statements)
  const migrator = db as unknown as Migrator
  await migrator.dialect.migrate(migrations, migrator.session, config)
  if (!leaveFunctions && !isPending) await db.transaction((tx) => applyFunctions(tx, functions))
}

/** Whether the migration made at `folderMillis` is applied (Drizzle's own table; none yet on a new database). */
async function isApplied(db: Db, folderMillis: number) {
  const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows
  const table = await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') as name`)
  if (rowsOf<{ name: string | null }>(table)[0]?.name == null) return false
  const applied = await db.execute(
    sql`select 1 from drizzle.__drizzle_migrations where created_at >= ${folderMillis} limit 1`,
  )
  return rowsOf(applied).length > 0
}

async function applyFunctions(tx: Tx, functions: Functions) {
  for (const statement of functions.statements) await tx.execute(sql.raw(statement))
}

/** Each function's definition as the database prints it (pg_get_functiondef), by name. */
async function definitions(tx: Tx, names: string[]) {
  const result = await tx.execute(sql`
    select p.proname as name, string_agg(pg_get_functiondef(p.oid), ';' order by p.oid) as definition
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = current_schema() and p.proname in ${names}
    group by p.proname`)
  const rows = (result as unknown as { rows: { name: string; definition: string }[] }).rows
  return new Map(rows.map((row) => [row.name, row.definition]))
}

/**
 * The functions of functions.sql whose definition in the database is not the file's (none when they agree):
 * the file is applied in a transaction that is then rolled back, and each definition compared before and after.
 */
export async function findFunctionsDrift(db: Db): Promise<string[]> {
  const functions = readFunctions()
  let differing: string[] = []
  try {
    await db.transaction(async (tx) => {
      // Not while a starting process applies them.
      await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK})`)
      const live = await definitions(tx, functions.names)
      await applyFunctions(tx, functions)
      const file = await definitions(tx, functions.names)
      differing = functions.names.filter((name) => live.get(name) !== file.get(name))
      tx.rollback()
    })
  } catch (error) {
    if (!(error instanceof TransactionRollbackError)) throw error
  }
  return differing
}

/** Replaces the database's functions by functions.sql's, in one transaction (`db:check -- --repair`). */
export async function applyFunctionsFile(db: Db) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK})`)
    await applyFunctions(tx, readFunctions())
  })
}
