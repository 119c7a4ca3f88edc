/** Restoring a backup archive (manifest.ts describes it) into an empty database and file store, proven table by table. */
import { createReadStream, existsSync } from 'node:fs'
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import readline from 'node:readline'
import { sql } from 'drizzle-orm'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import type { Database, Tx } from '../../db/client'
import { migrationsFolder } from '../../db/migrate'
import { totalsTableNames } from '../../db/totals'
import { contentTypeOfKey, type FileStorage } from '../../storage/storage'
import {
  BackupError,
  type Manifest,
  type TableEntry,
  appliedMigrations,
  formatBytes,
  quote,
  readManifest,
  rowsOf,
  sha256,
  tableDigest,
  tablesInOrder,
  verifyArchive,
  writableColumns,
} from './manifest'

/**
 * The tables a fresh schema already fills: the running totals (derived from the other tables, their first rows
 * made by migration 0008) and the marketplace's money settings (migration 0020's one row). An archive's rows
 * replace them; their rows alone do not make a target "in use".
 */
const filledByMigrations: readonly string[] = [...totalsTableNames, 'marketplace_settings']

/** Rows per table in the target, for the tables that have any. */
export async function nonEmptyTables(database: Database) {
  return database.db.transaction(async (tx) => {
    const filled: { name: string; rows: number }[] = []
    for (const name of await tablesInOrder(tx)) {
      const [row] = await rowsOf<{ n: number }>(
        tx,
        sql.raw(`select count(*)::int as n from public.${quote(name)}`),
      )
      if (row && row.n > 0 && !filledByMigrations.includes(name)) filled.push({ name, rows: row.n })
    }
    return filled
  })
}

async function hasTables(database: Database) {
  const [row] = await rowsOf<{ n: number }>(
    database.db,
    sql`select (select count(*)::int from pg_class c join pg_namespace n on n.oid = c.relnamespace
                where n.nspname = 'public' and c.relkind in ('r', 'p'))
             + (select count(*)::int from pg_namespace where nspname = 'drizzle') as n`,
  )
  return (row?.n ?? 0) > 0
}

/** Drops Isoko's schemas (the app's tables and the migration journal) so the archive's can be rebuilt. */
async function resetSchema(database: Database) {
  // One statement each: drivers send a parameterless query as a prepared statement, which holds one command.
  for (const statement of [
    'drop schema if exists drizzle cascade',
    'drop schema if exists public cascade',
    'create schema public',
  ]) {
    await database.db.execute(sql.raw(statement))
  }
}

/**
 * Migrations whose text changed after databases had applied them, with the hashes they had then: the trigger
 * functions they created whole now stand in functions.sql, applied after them (docs/decisions/017). A database
 * that applied either text holds the same tables and, once functions.sql is applied, the same functions.
 */
const rewrittenMigrations: Record<number, string[]> = {
  1795606965610: ['3536e4b66392503b90983d25e41bfd0877ca1b2aea49fe185c8dbde3274d320e'], // 0008_running_totals
  1795610321669: ['775217af3d4ae93fbf943b39bc269800a641fc94b4932cb44300ea6db5d084df'], // 0009_report_rollups
  1795753165915: ['2ffa8af251f4bf98685e35c035786c258c1e396b484b461662aab9c63518632c'], // 0011_statement_totals
  1795763243874: ['a6872cbe9de1080f91ddddf7b12ad106350600baf5807c39167ed7e3cbf80083'], // 0013_report_days
}

/** The migrations of this code base up to the archive's last one, as a folder drizzle's migrator reads. */
async function migrationsUpTo(manifest: Manifest): Promise<string> {
  const journal = JSON.parse(
    await readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as {
    entries: { when: number; tag: string }[]
  }
  const known = new Map<number, string>()
  for (const entry of journal.entries) {
    const text = await readFile(path.join(migrationsFolder, `${entry.tag}.sql`), 'utf8')
    known.set(entry.when, sha256(text))
  }
  for (const migration of manifest.migrations) {
    const hash = known.get(migration.createdAt)
    if (hash === undefined) {
      throw new BackupError(
        'The archive was taken on a newer Isoko (its database has migrations this version does not know): ' +
          'restore it with that version or a later one.',
      )
    }
    if (hash !== migration.hash && !rewrittenMigrations[migration.createdAt]?.includes(migration.hash)) {
      throw new BackupError(
        `The archive's migration of ${migration.createdAt} differs from this version's: restore it with the Isoko version that made it.`,
      )
    }
  }
  const last = Math.max(...manifest.migrations.map((migration) => migration.createdAt))
  const folder = await mkdtemp(path.join(os.tmpdir(), 'isoko-restore-migrations-'))
  await mkdir(path.join(folder, 'meta'))
  const entries = journal.entries.filter((entry) => entry.when <= last)
  for (const entry of entries) {
    await copyFile(path.join(migrationsFolder, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`))
  }
  await writeFile(path.join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }))
  return folder
}

async function migrateWith(database: Database, folder: string) {
  if (database.kind === 'pglite') await migratePglite(database.db as never, { migrationsFolder: folder })
  else await migratePg(database.db as never, { migrationsFolder: folder })
}

/** Batches of at most this many bytes of JSON are inserted with one statement. */
const INSERT_BATCH_BYTES = 1024 * 1024

async function loadTable(tx: Tx, archive: string, table: TableEntry) {
  const columns = table.columns.map(quote).join(', ')
  const insert = async (lines: string[]) => {
    if (lines.length === 0) return
    // jsonb_populate_recordset turns each JSON value back into its column's type (timestamptz, bigint,
    // jsonb, ...) exactly as to_jsonb wrote it.
    await tx.execute(
      sql`insert into ${sql.raw(`public.${quote(table.name)} (${columns})`)}
          select ${sql.raw(columns)} from jsonb_populate_recordset(null::${sql.raw(`public.${quote(table.name)}`)}, ${`[${lines.join(',')}]`}::jsonb)`,
    )
  }
  const lines = readline.createInterface({
    input: createReadStream(path.join(archive, table.file), 'utf8'),
    crlfDelay: Infinity,
  })
  let batch: string[] = []
  let batchBytes = 0
  for await (const line of lines) {
    if (line === '') continue
    batch.push(line)
    batchBytes += line.length
    if (batchBytes >= INSERT_BATCH_BYTES) {
      await insert(batch)
      batch = []
      batchBytes = 0
    }
  }
  await insert(batch)
}

/** Serial and identity columns continue after the restored rows, not from 1. */
async function resetSequences(tx: Tx) {
  const sequences = await rowsOf<{ table_name: string; column_name: string; seq: string }>(
    tx,
    sql`select table_name, column_name, pg_get_serial_sequence(quote_ident(table_name), column_name) as seq
        from information_schema.columns where table_schema = 'public'
        and pg_get_serial_sequence(quote_ident(table_name), column_name) is not null`,
  )
  for (const row of sequences) {
    await tx.execute(
      sql.raw(
        `select setval('${row.seq.replace(/'/g, "''")}', coalesce((select max(${quote(row.column_name)}) from public.${quote(row.table_name)}), 0) + 1, false)`,
      ),
    )
  }
}

export type RestoreOptions = {
  archive: string
  database: Database
  storage: FileStorage
  /** Local file folder of the target (STORAGE_DRIVER=local), checked for emptiness. */
  localFilesRoot?: string
  /** Where the archived auth-secret goes (DATA_DIR/auth-secret), unless AUTH_SECRET is set. */
  authSecretFile?: string
  force?: boolean
  log?: (line: string) => void
}

export type RestoreResult = {
  manifest: Manifest
  tables: { name: string; rows: number }[]
  files: { count: number; bytes: number }
  migratedFrom: number
  migratedTo: number
  authSecret: 'restored' | 'kept' | 'none'
}

async function hasAnyFile(folder: string): Promise<boolean> {
  let entries
  try {
    entries = await readdir(folder, { withFileTypes: true })
  } catch {
    return false
  }
  for (const entry of entries) {
    if (entry.isFile()) return true
    if (entry.isDirectory() && (await hasAnyFile(path.join(folder, entry.name)))) return true
  }
  return false
}

/**
 * Restores an archive into an empty target: checks the archive whole first, refuses a target holding data
 * (unless `force`, which replaces it), writes the files and reads each back, rebuilds the schema at the
 * archive's migration, loads every table in one transaction and proves each by dumping it again (same row
 * count, same SHA-256, else nothing is committed), then applies this version's newer migrations.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const log = options.log ?? (() => {})
  const archive = path.resolve(options.archive)
  const manifest = await readManifest(archive)
  await verifyArchive(archive, manifest)
  log(`Archive ${archive} checked: ${manifest.tables.length} tables, ${manifest.files.count} files.`)
  const { database, storage } = options

  // The target must hold nothing, or be replaced on purpose.
  const filled = (await hasTables(database)) ? await nonEmptyTables(database) : []
  const existingKeys: string[] = []
  for (const item of manifest.files.items) {
    const existing = await storage.get(item.key)
    if (!existing) continue
    if (!Buffer.isBuffer(existing.body)) existing.body.destroy()
    existingKeys.push(item.key)
    if (existingKeys.length >= 3) break
  }
  const filesInFolder = options.localFilesRoot ? await hasAnyFile(options.localFilesRoot) : false
  if (!options.force && (filled.length > 0 || existingKeys.length > 0 || filesInFolder)) {
    const reasons = [
      ...(filled.length > 0
        ? [`the database holds rows (${filled.map((table) => `${table.name}: ${table.rows}`).join(', ')})`]
        : []),
      ...(filesInFolder ? [`the file folder ${options.localFilesRoot} holds files`] : []),
      ...(existingKeys.length > 0 && !filesInFolder
        ? [`the file store already holds ${existingKeys.join(', ')}`]
        : []),
    ]
    throw new BackupError(
      `The target is not empty: ${reasons.join('; ')}.\nRestore into an empty DATA_DIR or database, ` +
        'or pass --force to replace what is there.',
    )
  }

  const migrationsFolderForArchive = await migrationsUpTo(manifest)
  try {
    // Files first, each read back: the rows committed last never point at bytes that did not arrive.
    let fileBytes = 0
    for (const item of manifest.files.items) {
      const body = await readFile(path.join(archive, 'files', ...item.key.split('/')))
      await storage.put(item.key, body, contentTypeOfKey(item.key))
      const back = await storage.get(item.key)
      const bytes = back ? await streamBytes(back.body) : null
      if (!bytes || sha256(bytes) !== item.sha256) {
        throw new BackupError(`The file ${item.key} did not read back as written: the file store refused it.`)
      }
      fileBytes += item.bytes
    }
    if (manifest.files.items.length > 0)
      log(`Files: ${manifest.files.count} restored (${formatBytes(fileBytes)}).`)

    if (await hasTables(database)) await resetSchema(database)
    await migrateWith(database, migrationsFolderForArchive)

    const tables = await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local time zone 'UTC'`)
      // The archive holds the running totals as they were (docs/decisions/007): the triggers that keep them
      // must not count the restored orders, payouts and products a second time while they are loaded.
      await tx.execute(sql`set local session_replication_role = replica`)
      const present = await tablesInOrder(tx)
      const archived = manifest.tables.map((table) => table.name)
      if ([...present].sort().join() !== [...archived].sort().join()) {
        throw new BackupError(
          `The archive's tables (${archived.join(', ')}) are not the ones its migrations make (${present.join(', ')}): the archive is damaged.`,
        )
      }
      for (const table of manifest.tables) {
        const columns = await writableColumns(tx, table.name)
        if (columns.join() !== table.columns.join()) {
          throw new BackupError(
            `The archive's columns of ${table.name} differ from its migrations': the archive is damaged.`,
          )
        }
        // A fresh schema already holds the totals of no data and the default settings: the archive's replace them.
        if (filledByMigrations.includes(table.name))
          await tx.execute(sql.raw(`delete from public.${quote(table.name)}`))
        await loadTable(tx, archive, table)
      }
      await resetSequences(tx)
      // The proof: every table dumped again gives the archive's bytes, or nothing is committed.
      const restored: { name: string; rows: number }[] = []
      for (const table of manifest.tables) {
        const digest = await tableDigest(tx, table.name)
        if (digest.rows !== table.rows || digest.sha256 !== table.sha256) {
          throw new BackupError(
            `${table.name} did not restore exactly (${digest.rows} rows for ${table.rows}, checksum ${digest.sha256 === table.sha256 ? 'equal' : 'different'}); nothing was committed.`,
          )
        }
        restored.push({ name: table.name, rows: digest.rows })
      }
      return restored
    })

    // Then whatever this version adds on top (the archive may come from an older one).
    const before = manifest.migrations.length
    await database.migrate()
    const after = (await appliedMigrations(database.db)).length

    let authSecret: RestoreResult['authSecret'] = 'none'
    const archivedSecret = path.join(archive, 'auth-secret')
    if (manifest.authSecret === 'included' && options.authSecretFile && existsSync(archivedSecret)) {
      if (existsSync(options.authSecretFile) && !options.force) {
        const current = (await readFile(options.authSecretFile, 'utf8')).trim()
        const saved = (await readFile(archivedSecret, 'utf8')).trim()
        authSecret = current === saved ? 'restored' : 'kept'
      } else {
        await mkdir(path.dirname(options.authSecretFile), { recursive: true })
        await copyFile(archivedSecret, options.authSecretFile)
        authSecret = 'restored'
      }
    }
    return {
      manifest,
      tables,
      files: { count: manifest.files.count, bytes: fileBytes },
      migratedFrom: before,
      migratedTo: after,
      authSecret,
    }
  } finally {
    await rm(migrationsFolderForArchive, { recursive: true, force: true })
  }
}

async function streamBytes(body: Readable | Buffer): Promise<Buffer> {
  if (Buffer.isBuffer(body)) return body
  const chunks: Buffer[] = []
  for await (const chunk of body as AsyncIterable<Buffer>) chunks.push(chunk)
  return Buffer.concat(chunks)
}
