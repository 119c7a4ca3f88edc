/**
 * Backup archives: one folder holding a logical dump of the database, the uploaded files and a manifest.
 *
 * ```
 * isoko-20260301-101500/
 *   manifest.json            format, app version, time, migrations, per table: columns, rows, bytes, SHA-256;
 *                            per file: key, bytes, SHA-256; totals
 *   database/<table>.jsonl   one row per line as PostgreSQL's to_jsonb(row), in a fixed order
 *   files/<storage key>      each stored object the files table names (main and thumbnail)
 *   auth-secret              the generated session secret, when DATA_DIR holds one (AUTH_SECRET unset)
 * ```
 *
 * A folder rather than a tarball: it is written and read with nothing but the file system, a half-written
 * one is recognisable by its `.partial` name, and any tool (tar, rsync, restic, a bucket sync) can pack or
 * copy it. The dump is SQL-level, not a copy of PGlite's data directory: the same archive restores into the
 * embedded database or into a PostgreSQL server, whichever made it, and the restore proves every table by
 * dumping it again and comparing checksums.
 */
import { createHash } from 'node:crypto'
import { createReadStream, createWriteStream, existsSync } from 'node:fs'
import { copyFile, mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import readline from 'node:readline'
import { config as loadDotenv } from 'dotenv'
import { sql } from 'drizzle-orm'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { ConfigError, loadConfig } from '../config'
import type { Database, Tx } from '../db/client'
import { migrationsFolder } from '../db/migrate'
import { totalsTableNames } from '../db/totals'
import { assertStorageKey, contentTypeOfKey, type FileStorage } from '../storage/storage'

export const ARCHIVE_FORMAT = 'isoko-backup'
export const ARCHIVE_FORMAT_VERSION = 1

/** An expected refusal or failure: the command prints its message alone (no stack) and exits with `exitCode`. */
export class BackupError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message)
    this.name = 'BackupError'
  }
}

/**
 * Both commands take at most one path and one on/off flag; `--help` prints the usage. Anything else is refused
 * with the usage (exit code 2).
 */
export function parseCliArguments(args: string[], usage: string, flag: string) {
  let path: string | undefined
  let flagged = false
  for (const arg of args) {
    if (arg === '--help' || arg === '-h') {
      console.log(usage)
      process.exit(0)
    } else if (arg === flag) flagged = true
    else if (arg.startsWith('-') || path) throw new BackupError(`Unexpected argument ${arg}.\n${usage}`, 2)
    else path = arg
  }
  return { path, flagged }
}

export type TableEntry = {
  name: string
  file: string
  columns: string[]
  rows: number
  bytes: number
  sha256: string
}

export type FileEntry = { key: string; bytes: number; sha256: string }

export type Manifest = {
  format: typeof ARCHIVE_FORMAT
  formatVersion: number
  app: { name: string; version: string }
  createdAt: string
  source: { database: Database['kind']; serverVersion: string; storage: string }
  /** The migrations the database had when it was dumped: a restore rebuilds exactly that schema first. */
  migrations: { hash: string; createdAt: number }[]
  /** In an order that satisfies every foreign key (parents first). */
  tables: TableEntry[]
  files: {
    included: boolean
    count: number
    bytes: number
    items: FileEntry[]
    /** Keys the files table named whose object was not in the store when it was read. */
    missing: string[]
  }
  authSecret: 'included' | 'environment' | 'none'
}

// ── Small helpers ──

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`
const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex')

async function rowsOf<T>(tx: Tx, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await tx.execute(query)
  return (result as unknown as { rows: T[] }).rows
}

async function appVersion() {
  // The project's package.json, from the migrations folder: src/server/db/migrations when run from source,
  // dist/server/migrations in the built tools (scripts/build-server.mjs).
  for (const up of [3, 2]) {
    const packageFile = path.join(migrationsFolder, ...Array<string>(up).fill('..'), 'package.json')
    try {
      const parsed = JSON.parse(await readFile(packageFile, 'utf8')) as { name?: string; version?: string }
      if (parsed.name === 'isoko') return { name: parsed.name, version: parsed.version ?? 'unknown' }
    } catch {
      // not this one
    }
  }
  return { name: 'isoko', version: 'unknown' }
}

export const formatBytes = (bytes: number) =>
  bytes < 1024
    ? `${bytes} B`
    : bytes < 1024 * 1024
      ? `${(bytes / 1024).toFixed(1)} KB`
      : `${(bytes / 1024 / 1024).toFixed(1)} MB`

/** `isoko-YYYYMMDD-HHMMSS` in UTC: sorts by time, and has no character a file system or shell minds. */
export function archiveName(now = new Date()) {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15)
  return `isoko-${stamp}`
}

// ── The database, read and written as rows ──

/** The application's tables (schema public), parents before children by their foreign keys. */
async function tablesInOrder(tx: Tx): Promise<string[]> {
  const tables = await rowsOf<{ name: string }>(
    tx,
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`,
  )
  const edges = await rowsOf<{ child: string; parent: string }>(
    tx,
    sql`select c.relname as child, p.relname as parent from pg_constraint k
        join pg_class c on c.oid = k.conrelid join pg_namespace cn on cn.oid = c.relnamespace
        join pg_class p on p.oid = k.confrelid join pg_namespace pn on pn.oid = p.relnamespace
        where k.contype = 'f' and cn.nspname = 'public' and pn.nspname = 'public' and c.oid <> p.oid`,
  )
  const remaining = new Set(tables.map((table) => table.name))
  const ordered: string[] = []
  while (remaining.size > 0) {
    const ready = [...remaining].filter((name) =>
      edges.every((edge) => edge.child !== name || !remaining.has(edge.parent)),
    )
    if (ready.length === 0) throw new Error(`foreign keys form a cycle among: ${[...remaining].join(', ')}`)
    for (const name of ready) {
      ordered.push(name)
      remaining.delete(name)
    }
  }
  return ordered
}

/** Columns a row can be written to (generated columns are computed again), in table order. */
async function writableColumns(tx: Tx, table: string): Promise<string[]> {
  const columns = await rowsOf<{ name: string }>(
    tx,
    sql`select column_name as name from information_schema.columns
        where table_schema = 'public' and table_name = ${table} and is_generated = 'NEVER'
        order by ordinal_position`,
  )
  return columns.map((column) => column.name)
}

async function appliedMigrations(tx: Tx): Promise<Manifest['migrations']> {
  const [exists] = await rowsOf<{ ok: boolean }>(
    tx,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as ok`,
  )
  if (!exists?.ok) return []
  const rows = await rowsOf<{ hash: string; created_at: string | number }>(
    tx,
    sql`select hash, created_at::text as created_at from drizzle.__drizzle_migrations order by created_at, id`,
  )
  return rows.map((row) => ({ hash: row.hash, createdAt: Number(row.created_at) }))
}

/**
 * Calls `onLine` with every row of `table` as one line of JSON, in an order that depends on nothing but the
 * data (the text itself, byte-wise), read through a cursor so a large table never sits in memory. Times
 * come out in UTC (the caller's transaction sets it), so the same rows give the same bytes on PGlite and
 * on any PostgreSQL server: the restore's proof relies on it.
 */
async function readTableLines(tx: Tx, table: string, onLine: (line: string) => Promise<void> | void) {
  const cursor = quote(`isoko_dump_${table}`)
  await tx.execute(
    sql.raw(
      `declare ${cursor} no scroll cursor for select r from (select to_jsonb(t)::text as r from public.${quote(table)} t) rows order by r collate "C"`,
    ),
  )
  for (;;) {
    const batch = await rowsOf<{ r: string }>(tx, sql.raw(`fetch 500 from ${cursor}`))
    for (const row of batch) await onLine(row.r)
    if (batch.length < 500) break
  }
  await tx.execute(sql.raw(`close ${cursor}`))
}

/** Rows count and SHA-256 of a table as it would be dumped. */
async function tableDigest(tx: Tx, table: string) {
  const hash = createHash('sha256')
  let rows = 0
  let bytes = 0
  await readTableLines(tx, table, (line) => {
    const data = `${line}\n`
    hash.update(data)
    rows += 1
    bytes += Buffer.byteLength(data)
  })
  return { rows, bytes, sha256: hash.digest('hex') }
}

async function writeStream(stream: NodeJS.WritableStream, data: string) {
  if (!stream.write(data)) await new Promise((resolve) => stream.once('drain', resolve))
}

async function closeStream(stream: ReturnType<typeof createWriteStream>) {
  await new Promise<void>((resolve, reject) => {
    stream.once('error', reject)
    stream.end(() => resolve())
  })
}

// ── Backup ──

export type BackupOptions = {
  database: Database
  storage: FileStorage
  storageDriver: string
  /** The archive folder to create; must not exist. */
  target: string
  /** DATA_DIR/auth-secret to include, when the secret is generated rather than set in the environment. */
  authSecretFile?: string
  authSecretFromEnvironment?: boolean
  /** false: rows only (the bucket's own versioning keeps the files); the manifest says so. */
  includeFiles?: boolean
  log?: (line: string) => void
}

/**
 * Writes an archive of the database and the stored files into `target`. The rows are read in one
 * REPEATABLE READ, READ ONLY transaction: one snapshot of every table, taken while the server keeps serving
 * (on PostgreSQL; PGlite has one connection, so its server must be stopped first: see backup.ts). The
 * files are the objects that snapshot's files table names, read through the same store the app uses.
 */
export async function createBackup(options: BackupOptions): Promise<Manifest> {
  const log = options.log ?? (() => {})
  const target = path.resolve(options.target)
  if (existsSync(target)) throw new BackupError(`${target} already exists: choose a new archive path.`)
  const partial = `${target}.partial`
  await rm(partial, { recursive: true, force: true })
  await mkdir(path.join(partial, 'database'), { recursive: true, mode: 0o700 })

  try {
    const snapshot = await options.database.db.transaction(
      async (tx) => {
        await tx.execute(sql`set local time zone 'UTC'`)
        const [version] = await rowsOf<{ v: string }>(tx, sql`select version() as v`)
        const migrations = await appliedMigrations(tx)
        if (migrations.length === 0) {
          throw new BackupError(
            'The database has no Isoko tables yet (no migrations applied): there is nothing to back up.',
          )
        }
        const tables: TableEntry[] = []
        for (const name of await tablesInOrder(tx)) {
          const file = `database/${name}.jsonl`
          const out = createWriteStream(path.join(partial, file), { mode: 0o600 })
          const hash = createHash('sha256')
          let rows = 0
          let bytes = 0
          await readTableLines(tx, name, async (line) => {
            const data = `${line}\n`
            hash.update(data)
            rows += 1
            bytes += Buffer.byteLength(data)
            await writeStream(out, data)
          })
          await closeStream(out)
          tables.push({
            name,
            file,
            columns: await writableColumns(tx, name),
            rows,
            bytes,
            sha256: hash.digest('hex'),
          })
          log(`  ${name}: ${rows} rows`)
        }
        const keys = await rowsOf<{ key: string }>(
          tx,
          sql`select storage_key as key from files union select thumb_key from files where thumb_key is not null
              order by 1`,
        )
        return { serverVersion: version?.v ?? '', migrations, tables, keys: keys.map((row) => row.key) }
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    )

    const items: FileEntry[] = []
    const missing: string[] = []
    const includeFiles = options.includeFiles ?? true
    if (includeFiles) {
      for (const key of snapshot.keys) {
        assertStorageKey(key)
        const stored = await options.storage.get(key)
        if (!stored) {
          missing.push(key)
          continue
        }
        const file = path.join(partial, 'files', ...key.split('/'))
        await mkdir(path.dirname(file), { recursive: true })
        const hash = createHash('sha256')
        let bytes = 0
        const body = Buffer.isBuffer(stored.body) ? Readable.from([stored.body]) : stored.body
        body.on('data', (chunk: Buffer) => {
          hash.update(chunk)
          bytes += chunk.length
        })
        await pipeline(body, createWriteStream(file, { mode: 0o600 }))
        items.push({ key, bytes, sha256: hash.digest('hex') })
      }
      log(
        `  stored files: ${items.length} (${formatBytes(items.reduce((sum, item) => sum + item.bytes, 0))})`,
      )
    }

    let authSecret: Manifest['authSecret'] = options.authSecretFromEnvironment ? 'environment' : 'none'
    if (!options.authSecretFromEnvironment && options.authSecretFile && existsSync(options.authSecretFile)) {
      await copyFile(options.authSecretFile, path.join(partial, 'auth-secret'))
      authSecret = 'included'
    }

    const manifest: Manifest = {
      format: ARCHIVE_FORMAT,
      formatVersion: ARCHIVE_FORMAT_VERSION,
      app: await appVersion(),
      createdAt: new Date().toISOString(),
      source: {
        database: options.database.kind,
        serverVersion: snapshot.serverVersion,
        storage: options.storageDriver,
      },
      migrations: snapshot.migrations,
      tables: snapshot.tables,
      files: {
        included: includeFiles,
        count: items.length,
        bytes: items.reduce((sum, item) => sum + item.bytes, 0),
        items,
        missing,
      },
      authSecret,
    }
    await writeFile(path.join(partial, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`, {
      mode: 0o600,
    })
    // Renamed only once whole: an archive without `.partial` is complete.
    await rename(partial, target)
    return manifest
  } catch (error) {
    await rm(partial, { recursive: true, force: true })
    throw error
  }
}

// ── Reading an archive ──

export async function readManifest(archive: string): Promise<Manifest> {
  const file = path.join(archive, 'manifest.json')
  if (!existsSync(archive)) throw new BackupError(`${archive} does not exist.`)
  if (!existsSync(file)) {
    throw new BackupError(
      `${archive} is not an Isoko backup (no manifest.json)` +
        (archive.endsWith('.partial') ? ': a .partial folder is a backup that did not finish.' : '.'),
    )
  }
  let manifest: Manifest
  try {
    manifest = JSON.parse(await readFile(file, 'utf8')) as Manifest
  } catch {
    throw new BackupError(`${file} is not valid JSON: the archive is damaged.`)
  }
  if (manifest.format !== ARCHIVE_FORMAT) throw new BackupError(`${archive} is not an Isoko backup.`)
  if (manifest.formatVersion > ARCHIVE_FORMAT_VERSION) {
    throw new BackupError(
      `${archive} was written by a newer Isoko (archive format ${manifest.formatVersion}): upgrade first.`,
    )
  }
  for (const table of manifest.tables) {
    if (!/^[a-z_][a-z0-9_]*$/.test(table.name) || table.file !== `database/${table.name}.jsonl`) {
      throw new BackupError(
        `The manifest names an unexpected table file (${table.file}): the archive is damaged.`,
      )
    }
  }
  for (const item of manifest.files.items) assertArchivedKey(item.key)
  return manifest
}

function assertArchivedKey(key: string) {
  try {
    assertStorageKey(key)
  } catch {
    throw new BackupError(
      `The manifest names an invalid file key ${JSON.stringify(key)}: the archive is damaged.`,
    )
  }
}

async function fileDigest(file: string) {
  const hash = createHash('sha256')
  let bytes = 0
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    hash.update(chunk)
    bytes += chunk.length
  }
  return { bytes, sha256: hash.digest('hex') }
}

/** Every table file and every stored file checked against the manifest before the target is touched. */
export async function verifyArchive(archive: string, manifest: Manifest) {
  const problems: string[] = []
  const check = async (relative: string, expected: { bytes: number; sha256: string }) => {
    const file = path.join(archive, ...relative.split('/'))
    if (!existsSync(file)) return problems.push(`${relative} is missing`)
    const actual = await fileDigest(file)
    if (actual.bytes !== expected.bytes || actual.sha256 !== expected.sha256)
      problems.push(`${relative} does not match its checksum`)
  }
  for (const table of manifest.tables) await check(table.file, table)
  for (const item of manifest.files.items) await check(`files/${item.key}`, item)
  if (problems.length > 0) {
    const shown = problems.slice(0, 10).join('\n  ')
    const more = problems.length > 10 ? `\n  ... and ${problems.length - 10} more` : ''
    throw new BackupError(`The archive is damaged; nothing was restored:\n  ${shown}${more}`)
  }
}

// ── Restore ──

/** Rows per table in the target, for the tables that have any. */
export async function nonEmptyTables(database: Database) {
  return database.db.transaction(async (tx) => {
    const filled: { name: string; rows: number }[] = []
    for (const name of await tablesInOrder(tx)) {
      const [row] = await rowsOf<{ n: number }>(
        tx,
        sql.raw(`select count(*)::int as n from public.${quote(name)}`),
      )
      // The running totals are derived from the other tables; a fresh database already has their first row.
      if (row && row.n > 0 && !totalsTableNames.includes(name)) filled.push({ name, rows: row.n })
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
        // A fresh schema already holds the totals of no data (migration 0008): the archive's replace them.
        if (totalsTableNames.includes(table.name))
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

/** Total size of an archive folder on disk (for the summary). */
export async function folderSize(folder: string): Promise<number> {
  let total = 0
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name)
    if (entry.isDirectory()) total += await folderSize(full)
    else total += (await stat(full)).size
  }
  return total
}

// ── What both commands share ──

/** Stands in for AUTH_SECRET so reading the settings never generates a secret into the DATA_DIR it checks. */
const SECRET_PLACEHOLDER = 'backup-and-restore-never-sign-anything-with-this'

/**
 * The server's settings, read the way the server reads them (`.env` included), without side effects on
 * DATA_DIR beyond creating the folder: the generated auth secret is handled as a file by the commands.
 */
export function loadCliSettings() {
  loadDotenv({ quiet: true })
  const authSecretFromEnvironment = Boolean(process.env.AUTH_SECRET)
  const config = loadConfig(
    { ...process.env, AUTH_SECRET: process.env.AUTH_SECRET || SECRET_PLACEHOLDER },
    { readDotenv: false },
  )
  return {
    config,
    authSecretFromEnvironment,
    authSecretFile: path.join(config.dataDir, 'auth-secret'),
    pgliteDir: path.join(config.dataDir, 'pg'),
  }
}

/**
 * PGlite has no lock of its own: a second process opening the same data directory would corrupt it. While
 * it is open it keeps a postmaster.pid in the folder and removes it when closed cleanly, so its presence
 * means a server is running, or one stopped without closing the database.
 */
export function assertPgliteFree(pgliteDir: string, action: string) {
  if (existsSync(path.join(pgliteDir, 'postmaster.pid'))) {
    throw new BackupError(
      `The embedded database in ${pgliteDir} is in use (postmaster.pid is present): stop the Isoko server ` +
        `first, then ${action}.\nThe embedded database allows one process at a time. If no server is running, ` +
        'the last one did not shut down cleanly: start it once, stop it with Ctrl-C, then try again.',
    )
  }
}

/** Ends a command: expected errors print their message alone; anything else one line, never a stack. */
export function exitOnError(command: string) {
  return (error: unknown) => {
    if (error instanceof BackupError) {
      console.error(error.message)
      process.exit(error.exitCode)
    }
    if (error instanceof ConfigError) {
      console.error(error.message)
      process.exit(1)
    }
    // Drizzle's "Failed query" names the statement; the database's own words are in its cause.
    const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : ''
    console.error(
      `${command} failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}${cause}`,
    )
    if (process.env.LOG_LEVEL === 'debug' && error instanceof Error) console.error(error.stack)
    process.exit(1)
  }
}
