import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { cp } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createBackup } from '../../src/server/tools/backup/backup-archive'
import { BackupError, type Manifest } from '../../src/server/tools/backup/manifest'
import { restoreBackup } from '../../src/server/tools/backup/restore-archive'
import { openPglite, openPostgres, type Database } from '../../src/server/db/client'
import { createStorage } from '../../src/server/storage/storage'
import { createProduct, placeOrder, simpleProduct, uploadFile } from '../fixtures/commerce'
import { expectStatus } from '../fixtures/factories'
import { registeredVendor, theAdmin } from '../fixtures/money'
import { dropDatabase, onServer, testDatabasePrefix, withDatabaseName } from '../fixtures/postgres'
import { buildTestApp, createTestApp } from '../fixtures/test-app'

const run = promisify(execFile)

let t: Awaited<ReturnType<typeof createTestApp>>
let work: string
let archive: string
let manifest: Manifest
const made = {} as {
  vendor: Awaited<ReturnType<typeof registeredVendor>>
  productId: string
  imageUrl: string
}

/** A marketplace with something in every table the app writes: built through the API, as people would. */
async function buildMarketplace() {
  const admin = await theAdmin(t)
  const vendor = await registeredVendor(t)
  expectStatus(
    await t.patch(
      `/api/admin/vendors/${vendor.vendorId}/status`,
      { status: 'approved' },
      { cookie: admin.cookie },
    ),
    200,
    'approve vendor',
  )
  const images = [await uploadFile(t, vendor.cookie), await uploadFile(t, vendor.cookie)]
  const product = await createProduct(
    t,
    vendor.cookie,
    simpleProduct({ images: images.map((image) => image.id) }),
  )
  await createProduct(t, vendor.cookie, simpleProduct({ name: 'Imigongo, painted tile' }))
  const variantId = product.variants[0]!.id
  const order = await placeOrder(t, admin.cookie, {
    vendorId: vendor.vendorId,
    productId: product.id,
    variantId,
    quantity: 3,
  })
  await placeOrder(t, admin.cookie, { vendorId: vendor.vendorId, productId: product.id, variantId })
  expectStatus(
    await t.patch(`/api/admin/orders/${order.id}/status`, { status: 'completed' }, { cookie: admin.cookie }),
    200,
    'complete order',
  )
  const payout = expectStatus(
    await t.post('/api/vendor/payouts', { amount: 20_000 }, { cookie: vendor.cookie }),
    201,
    'payout',
  )
  expectStatus(
    await t.patch(
      `/api/admin/payouts/${payout.body.id}`,
      { status: 'approved', paymentReference: 'MTN-778812' },
      { cookie: admin.cookie },
    ),
    200,
    'approve payout',
  )
  const message = expectStatus(
    await t.post(
      '/api/messages',
      {
        type: 'general',
        subject: 'Gutanga',
        content: 'Muraho, when is my payout sent? "Quotes", commas, and émojis 🧺',
      },
      { cookie: vendor.cookie },
    ),
    201,
    'message',
  )
  expectStatus(
    await t.post(
      `/api/admin/messages/${message.body.id}/reply`,
      { content: 'It was sent today.' },
      { cookie: admin.cookie },
    ),
    201,
    'reply',
  )
  made.vendor = vendor
  made.productId = product.id
  made.imageUrl = images[0]!.url
}

/** Names of the application's tables. */
async function tableNames(database: Database) {
  const result = await database.db.execute(
    sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
  )
  return (result as unknown as { rows: { tablename: string }[] }).rows.map((row) => row.tablename)
}

/**
 * Every row of every table in PostgreSQL's own text form (`row::text`: every column, microseconds, jsonb),
 * sorted: a serialisation of its own, independent of the archive's JSON lines.
 */
async function everyRow(database: Database) {
  const tables: Record<string, string[]> = {}
  for (const table of await tableNames(database)) {
    tables[table] = await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local time zone 'UTC'`)
      await tx.execute(sql`set local datestyle = 'ISO, YMD'`)
      const result = await tx.execute(sql.raw(`select t::text as row from public."${table}" t`))
      return (result as unknown as { rows: { row: string }[] }).rows.map((row) => row.row).sort()
    })
  }
  return tables
}

/** Every file under a folder, by its path below it, with its bytes (the store's temporary names excluded). */
function filesUnder(root: string): Map<string, Buffer> {
  const found = new Map<string, Buffer>()
  if (!existsSync(root)) return found
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name.startsWith('.')) continue
    const full = path.join(entry.parentPath, entry.name)
    found.set(path.relative(root, full), readFileSync(full))
  }
  return found
}

const sourceFilesRoot = () => path.join(t.config.dataDir, 'files')

async function restoreInto(database: Database, dataDir: string, force = false) {
  const storage = createStorage({ driver: 'local', root: path.join(dataDir, 'files') })
  try {
    return await restoreBackup({
      archive,
      database,
      storage,
      localFilesRoot: path.join(dataDir, 'files'),
      authSecretFile: path.join(dataDir, 'auth-secret'),
      force,
    })
  } finally {
    storage.close()
  }
}

/** The restored database holds exactly the source's rows, and the restored folder exactly its files. */
async function expectSameMarketplace(database: Database, dataDir: string) {
  expect(await tableNames(database)).toEqual(await tableNames(t.database))
  const expected = await everyRow(t.database)
  const restored = await everyRow(database)
  for (const table of Object.keys(expected)) expect(restored[table], table).toEqual(expected[table])

  const sourceFiles = filesUnder(sourceFilesRoot())
  const restoredFiles = filesUnder(path.join(dataDir, 'files'))
  expect([...restoredFiles.keys()].sort()).toEqual([...sourceFiles.keys()].sort())
  for (const [name, bytes] of sourceFiles) expect(restoredFiles.get(name)?.equals(bytes), name).toBe(true)
}

/** Runs one of the real commands (as `npm run backup` does) and returns its exit code and output. */
async function command(script: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  const tsx = path.resolve('node_modules/tsx/dist/cli.mjs')
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      [tsx, `src/server/tools/backup/${script}.ts`, ...args],
      {
        // Empty values hide any .env file's (dotenv keeps what is set) and read as unset.
        env: {
          ...process.env,
          DATABASE_URL: '',
          STORAGE_DRIVER: 'local',
          BACKUP_DIR: '',
          AUTH_SECRET: '',
          LOG_LEVEL: 'silent',
          ...env,
        },
      },
    )
    return { code: 0, stdout, stderr }
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string }
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr }
  }
}

beforeAll(async () => {
  t = await createTestApp()
  work = mkdtempSync(path.join(os.tmpdir(), 'isoko-backup-test-'))
  await buildMarketplace()
  archive = path.join(work, 'archive')
  const storage = createStorage(t.config.storage)
  try {
    manifest = await createBackup({
      database: t.database,
      storage,
      storageDriver: 'local',
      target: archive,
      authSecretFile: path.join(t.config.dataDir, 'auth-secret'),
    })
  } finally {
    storage.close()
  }
}, 120_000)

afterAll(async () => {
  rmSync(work, { recursive: true, force: true })
  await t?.close()
})

describe('npm run backup', () => {
  // An archive is only worth what its manifest proves: each count and checksum is checked again on restore.
  it('writes a manifest with every table, its row count and checksum, and every stored file', async () => {
    const rows = await everyRow(t.database)
    expect(manifest.tables.map((table) => table.name).sort()).toEqual(Object.keys(rows).sort())
    for (const table of manifest.tables) expect(table.rows, table.name).toBe(rows[table.name]!.length)
    // The dataset reaches every part of the marketplace.
    for (const name of [
      'users',
      'sessions',
      'vendors',
      'products',
      'variants',
      'orders',
      'payouts',
      'messages',
      'audit_logs',
      'files',
    ]) {
      expect(rows[name]!.length, name).toBeGreaterThan(0)
    }
    const files = filesUnder(sourceFilesRoot())
    expect(manifest.files.count).toBe(files.size)
    expect(manifest.files.bytes).toBe([...files.values()].reduce((sum, bytes) => sum + bytes.length, 0))
    expect(manifest.files.missing).toEqual([])
    expect(manifest.migrations.length).toBeGreaterThan(0)
    expect(manifest.authSecret).toBe('included')
    expect(existsSync(`${archive}.partial`)).toBe(false)
  })
})

describe('npm run restore into an empty DATA_DIR (embedded database)', () => {
  let dataDir: string
  let restored: Awaited<ReturnType<typeof openPglite>> | undefined

  beforeAll(async () => {
    dataDir = path.join(work, 'restored-pglite')
    mkdirSync(dataDir)
    restored = await openPglite(path.join(dataDir, 'pg'))
  }, 60_000)

  afterAll(async () => {
    if (restored && !restored.client.closed) await restored.close()
  })

  it('finds every row of every table and every file, byte for byte', async () => {
    const result = await restoreInto(restored!, dataDir)
    expect(result.tables.map((table) => table.rows)).toEqual(manifest.tables.map((table) => table.rows))
    expect(result.authSecret).toBe('restored')
    await expectSameMarketplace(restored!, dataDir)
  }, 120_000)

  it('serves the restored shop: the vendor is still signed in and the product image has the same bytes', async () => {
    const app = buildTestApp(restored!, { DATA_DIR: dataDir })
    try {
      const products = await app.get('/api/vendor/products', { cookie: made.vendor.cookie })
      expect(products.status, products.text).toBe(200)
      expect(products.body.items.map((item: { id: string }) => item.id)).toContain(made.productId)
      const before = await t.app.request(made.imageUrl)
      const after = await app.app.request(made.imageUrl)
      expect(after.status).toBe(200)
      expect(Buffer.from(await after.arrayBuffer()).equals(Buffer.from(await before.arrayBuffer()))).toBe(
        true,
      )
    } finally {
      for (const dir of app.temporaryDirs) rmSync(dir, { recursive: true, force: true })
    }
  })

  // A restore over live data would mix two marketplaces: it must be asked for by name.
  it('refuses the same DATA_DIR now that it holds data, changing nothing; --force replaces it', async () => {
    const before = await everyRow(restored!)
    const refused = await restoreInto(restored!, dataDir).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(BackupError)
    expect((refused as Error).message).toMatch(
      /^The target is not empty: the database holds rows \(.*users: \d+.*\); the file folder .* holds files\./,
    )
    expect((refused as Error).message).toContain('--force')
    expect(await everyRow(restored!)).toEqual(before)

    await restoreInto(restored!, dataDir, true)
    await expectSameMarketplace(restored!, dataDir)
  }, 120_000)

  it('refuses a damaged archive before touching the target, even with --force', async () => {
    const damaged = path.join(work, 'damaged')
    await cp(archive, damaged, { recursive: true })
    const image = manifest.files.items[0]!
    const file = path.join(damaged, 'files', ...image.key.split('/'))
    const bytes = readFileSync(file)
    bytes.writeUInt8(bytes.readUInt8(0) ^ 0xff, 0)
    writeFileSync(file, bytes)
    const before = await everyRow(restored!)
    const target = path.join(work, 'damaged-target', 'files')
    const storage = createStorage({ driver: 'local', root: target })
    const refused = await restoreBackup({
      archive: damaged,
      database: restored!,
      storage,
      force: true,
    }).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(BackupError)
    expect((refused as Error).message).toContain(`files/${image.key} does not match its checksum`)
    expect((refused as Error).message).toContain('nothing was restored')
    expect(await everyRow(restored!)).toEqual(before)
    expect(filesUnder(target).size).toBe(0)
  }, 60_000)

  it('npm run backup refuses while the embedded database is open, with a message and no stack trace', async () => {
    const result = await command('backup', [path.join(work, 'never-written')], { DATA_DIR: dataDir })
    expect(result.code).toBe(1)
    expect(result.stderr).toContain('is in use (postmaster.pid is present): stop the Isoko server first')
    expect(result.stderr).not.toMatch(/\n\s+at /)
    expect(existsSync(path.join(work, 'never-written'))).toBe(false)
  }, 60_000)

  it('npm run backup, then npm run restore into another DATA_DIR, give the same rows and files again', async () => {
    await restored!.close()
    const second = path.join(work, 'second-archive')
    const backup = await command('backup', [second], { DATA_DIR: dataDir })
    expect(backup.stderr).toBe('')
    expect(backup.code).toBe(0)
    expect(backup.stdout).toContain(`Backup written: ${second}`)
    const secondManifest = JSON.parse(readFileSync(path.join(second, 'manifest.json'), 'utf8')) as Manifest
    // Byte-identical table dumps and files after a round trip through the archive.
    expect(secondManifest.tables.map(({ name, rows, sha256 }) => ({ name, rows, sha256 }))).toEqual(
      manifest.tables.map(({ name, rows, sha256 }) => ({ name, rows, sha256 })),
    )
    expect(secondManifest.files.items).toEqual(manifest.files.items)

    const third = path.join(work, 'third-data-dir')
    const restore = await command('restore', [second], { DATA_DIR: third })
    expect(restore.stderr).toBe('')
    expect(restore.code).toBe(0)
    expect(restore.stdout).toMatch(/orders: \d+ rows/)
    expect(restore.stdout).toContain(
      'Verified: every table row-for-row by count and SHA-256, every file by SHA-256.',
    )
    expect(readFileSync(path.join(third, 'auth-secret'), 'utf8')).toBe(
      readFileSync(path.join(t.config.dataDir, 'auth-secret'), 'utf8'),
    )

    const reopened = await openPglite(path.join(third, 'pg'))
    try {
      await expectSameMarketplace(reopened, third)
    } finally {
      await reopened.close()
    }
  }, 180_000)
})

const serverUrl = process.env.TEST_DATABASE_URL

describe.runIf(serverUrl)('npm run restore into an empty PostgreSQL database', () => {
  let name: string
  let restored: Database | undefined

  beforeAll(async () => {
    name = `${testDatabasePrefix(inject('testRunId'))}${randomBytes(4).toString('hex')}`
    await onServer(serverUrl!, (client) => client.query(`create database "${name}"`))
    restored = openPostgres(withDatabaseName(serverUrl!, name), 2)
  })

  afterAll(async () => {
    await restored?.close()
    if (name) await onServer(serverUrl!, (client) => dropDatabase(client, name))
  })

  it('finds every row of every table and every file, byte for byte', async () => {
    const dataDir = path.join(work, 'restored-postgres')
    const result = await restoreInto(restored!, dataDir)
    expect(result.tables.map((table) => table.rows)).toEqual(manifest.tables.map((table) => table.rows))
    await expectSameMarketplace(restored!, dataDir)
  }, 120_000)
})
