/** Writing a backup archive (manifest.ts describes it): the database table by table, then the files. */
import { createHash } from 'node:crypto'
import { createWriteStream, existsSync } from 'node:fs'
import { copyFile, mkdir, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { assertStorageKey, type FileStorage } from '../../storage/storage'
import {
  ARCHIVE_FORMAT,
  ARCHIVE_FORMAT_VERSION,
  BackupError,
  type FileEntry,
  type Manifest,
  type TableEntry,
  appVersion,
  appliedMigrations,
  formatBytes,
  readTableLines,
  rowsOf,
  tablesInOrder,
  writableColumns,
} from './manifest'

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
