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
import { createReadStream, existsSync } from 'node:fs'
import { readdir, readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import type { Database, Tx } from '../../db/client'
import { migrationsFolder } from '../../db/migrate'
import { assertStorageKey } from '../../storage/storage'

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

export const quote = (name: string) => `"${name.replace(/"/g, '""')}"`
export const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex')

export async function rowsOf<T>(tx: Tx, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await tx.execute(query)
  return (result as unknown as { rows: T[] }).rows
}

export async function appVersion() {
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
export async function tablesInOrder(tx: Tx): Promise<string[]> {
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
export async function writableColumns(tx: Tx, table: string): Promise<string[]> {
  const columns = await rowsOf<{ name: string }>(
    tx,
    sql`select column_name as name from information_schema.columns
        where table_schema = 'public' and table_name = ${table} and is_generated = 'NEVER'
        order by ordinal_position`,
  )
  return columns.map((column) => column.name)
}

export async function appliedMigrations(tx: Tx): Promise<Manifest['migrations']> {
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
export async function readTableLines(tx: Tx, table: string, onLine: (line: string) => Promise<void> | void) {
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
export async function tableDigest(tx: Tx, table: string) {
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

export function assertArchivedKey(key: string) {
  try {
    assertStorageKey(key)
  } catch {
    throw new BackupError(
      `The manifest names an invalid file key ${JSON.stringify(key)}: the archive is damaged.`,
    )
  }
}

export async function fileDigest(file: string) {
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
