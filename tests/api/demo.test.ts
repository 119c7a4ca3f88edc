import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { sql } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { categories, orderStatuses, payoutStatuses, vendorStatuses } from '../../src/shared/constants'
import { fileIdFromUrl } from '../../src/shared/schemas/upload'
import { DEMO_USER_AGENT } from '../../src/server/tools/demo/demo-marketplace'
import { openPglite, openPostgres, type Database } from '../../src/server/db/client'
import { findTotalsDrift } from '../../src/server/db/totals'
import { findLedgerFaults } from '../../src/server/db/ledger-check'
import { createStorage } from '../../src/server/storage/storage'
import { expectStatus, signIn } from '../fixtures/factories'
import { dropDatabase, onServer, testDatabasePrefix, withDatabaseName } from '../fixtures/postgres'
import { buildTestApp, TEST_PUBLIC_URL, type TestApp } from '../fixtures/test-app'

const run = promisify(execFile)
const root = path.resolve(import.meta.dirname, '../..')
const serverUrl = process.env.TEST_DATABASE_URL

/** `npm run demo` as a newcomer runs it (the TypeScript source, so the test needs no build first). */
function runDemo(env: Record<string, string>, args: string[] = []) {
  return run(process.execPath, ['--import', 'tsx', 'src/server/tools/demo/demo.ts', ...args], {
    cwd: root,
    timeout: 400_000,
    env: {
      ...process.env,
      // No settings of this machine leak in: an SMTP server, S3, a secret, another database.
      SMTP_URL: '',
      AUTH_SECRET: '',
      STORAGE_DRIVER: 'local',
      DATABASE_URL: '',
      PUBLIC_URL: TEST_PUBLIC_URL,
      LOG_LEVEL: 'warn',
      ...env,
    },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code?: number; stdout?: string; stderr?: string }) => ({
      code: error.code ?? -1,
      stdout: error.stdout ?? '',
      stderr: error.stderr ?? '',
    }),
  )
}

type Account = { role: string; email: string; password: string }

/** The sign-in lines the command prints: `  admin   admin@… password …`. */
function printedAccounts(stdout: string): Account[] {
  return [...stdout.matchAll(/^\s+(admin|vendor)\s+(\S+@\S+)\s+password (\S+)/gm)].map((match) => ({
    role: match[1]!,
    email: match[2]!,
    password: match[3]!,
  }))
}

let work: string
let databaseName: string | undefined
let database: Database
let t: TestApp
let first: Awaited<ReturnType<typeof runDemo>>
let second: Awaited<ReturnType<typeof runDemo>>
const cookies = {} as { admin: string; vendor: string; otherVendor: string }
let elapsedSeconds = 0

beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), 'isoko-demo-'))
  const env: Record<string, string> = { DATA_DIR: work }
  if (serverUrl) {
    databaseName = `${testDatabasePrefix(inject('testRunId') ?? 'demo')}${randomBytes(4).toString('hex')}`
    await onServer(serverUrl, (client) => client.query(`create database "${databaseName}"`))
    env.DATABASE_URL = withDatabaseName(serverUrl, databaseName)
  }
  const started = performance.now()
  first = await runDemo(env)
  elapsedSeconds = (performance.now() - started) / 1000
  if (first.code !== 0)
    throw new Error(`npm run demo failed (${first.code}):\n${first.stderr}\n${first.stdout}`)
  // Run again on what it built, before this test opens the database (the embedded one takes one process).
  second = await runDemo(env)

  database = serverUrl ? openPostgres(env.DATABASE_URL!, 3) : await openPglite(path.join(work, 'pg'))
  t = buildTestApp(database, { DATA_DIR: work })
  const [admin, vendor, otherVendor] = printedAccounts(first.stdout)
  cookies.admin = await signIn(t, admin!.email, admin!.password)
  cookies.vendor = await signIn(t, vendor!.email, vendor!.password)
  cookies.otherVendor = await signIn(t, otherVendor!.email, otherVendor!.password)
}, 900_000)

afterAll(async () => {
  await database?.close()
  if (serverUrl && databaseName) await onServer(serverUrl, (client) => dropDatabase(client, databaseName!))
  for (const dir of [work, ...(t?.temporaryDirs ?? [])])
    if (dir) rmSync(dir, { recursive: true, force: true })
})

const asAdmin = (url: string) => t.get(url, { cookie: cookies.admin })
const asVendor = (url: string) => t.get(url, { cookie: cookies.vendor })
const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows

// A newcomer runs one command and finds every screen populated, and can sign in with what it printed.
describe('npm run demo', () => {
  it('prints an admin and two vendors to sign in with, the address, and to run npm start', () => {
    const accounts = printedAccounts(first.stdout)
    expect(accounts.map((account) => account.role)).toEqual(['admin', 'vendor', 'vendor'])
    expect(new Set(accounts.map((account) => account.email)).size).toBe(3)
    expect(first.stdout).toContain(`${TEST_PUBLIC_URL}/login`)
    expect(first.stdout).toMatch(/npm start/)
    console.log(`npm run demo: ${elapsedSeconds.toFixed(1)} s on ${serverUrl ? 'PostgreSQL' : 'PGlite'}`)
  })

  // Made-up shops must never be mixed into a real marketplace.
  it('refuses a database that already has users, in one line, and changes nothing', async () => {
    expect(second.code).toBe(1)
    expect(second.stdout).not.toMatch(/ready/)
    const message = second.stderr.trim()
    expect(message.split('\n')).toHaveLength(1)
    expect(message).toMatch(serverUrl ? /already has \d+ user/ : /already holds a marketplace with \d+ user/)
    const [users] = await rows<{ n: number }>(sql`select count(*)::int as n from users`)
    expect(users!.n).toBe(printedCount(first.stdout, 'shops') + 1)
  })

  it('the printed accounts sign in, as the team and as two approved shops', async () => {
    const admin = expectStatus(await asAdmin('/api/account/me'), 200, 'me').body
    expect(admin.user.role).toBe('admin')
    for (const cookie of [cookies.vendor, cookies.otherVendor]) {
      const me = expectStatus(await t.get('/api/account/me', { cookie }), 200, 'me').body
      expect(me.user.role).toBe('vendor')
      expect(me.vendor.status).toBe('approved')
    }
  })

  it("fills the vendor's screens: dashboard, products with pictures, orders, payouts, messages, profile", async () => {
    const dashboard = expectStatus(await asVendor('/api/vendor/dashboard'), 200, 'dashboard').body
    expect(dashboard.stats.products).toBeGreaterThan(10)
    expect(dashboard.stats.orders).toBeGreaterThan(10)
    expect(dashboard.stats.revenue).toBeGreaterThan(0)
    expect(dashboard.vendor.shopLogo).toMatch(/^\/api\/files\//)

    const list = expectStatus(await asVendor('/api/vendor/products'), 200, 'products').body
    expect(list.items.length).toBeGreaterThan(5)
    for (const product of list.items) expect(product.images[0]?.thumbUrl).toMatch(/variant=thumb/)

    for (const status of ['all', ...orderStatuses]) {
      const orders = expectStatus(await asVendor(`/api/vendor/orders?status=${status}`), 200, 'orders').body
      expect(orders.items.length, `vendor orders ${status}`).toBeGreaterThan(0)
    }
    const payouts = expectStatus(await asVendor('/api/vendor/payouts'), 200, 'payouts').body
    expect(payouts.items.length).toBeGreaterThan(0)
    const messages = expectStatus(await asVendor('/api/messages'), 200, 'messages').body
    expect(messages.items.length).toBeGreaterThan(0)
  })

  it('posts every sale, refund and payout to a ledger that balances, commission taken, each line on its day', async () => {
    expect(await findLedgerFaults(database.db)).toEqual([])
    const [accounts] = await rows<{ commission: string; sales: string; days: string }>(sql`select
      (select balance from ledger_balances where account = 'commission_income') as commission,
      (select count(*) from ledger_lines where kind = 'sale') as sales,
      (select count(distinct (created_at at time zone 'Africa/Kigali')::date) from ledger_lines) as days`)
    expect(Number(accounts!.commission)).toBeGreaterThan(0)
    expect(Number(accounts!.sales)).toBeGreaterThan(100)
    // The lines moved to the story's moments with the rest (the audit trail's rule): not all on the day it ran.
    expect(Number(accounts!.days)).toBeGreaterThan(30)
  })

  it("fills the admin's screens: every vendor, product, order and payout status, the dashboard and reports", async () => {
    const dashboard = expectStatus(await asAdmin('/api/admin/dashboard'), 200, 'dashboard').body
    expect(dashboard.stats.vendors.pending).toBeGreaterThan(0)
    expect(dashboard.stats.orders.total).toBeGreaterThan(200)
    expect(dashboard.stats.revenue).toBeGreaterThan(0)
    expect(dashboard.pendingPayouts.length).toBeGreaterThan(0)

    for (const status of vendorStatuses) {
      const vendors = expectStatus(await asAdmin(`/api/admin/vendors?status=${status}`), 200, 'vendors').body
      expect(vendors.items.length, `vendors ${status}`).toBeGreaterThan(0)
    }
    for (const status of ['approved', 'rejected']) {
      const products = expectStatus(
        await asAdmin(`/api/admin/products?status=${status}`),
        200,
        'products',
      ).body
      expect(products.items.length, `products ${status}`).toBeGreaterThan(0)
    }
    for (const status of orderStatuses) {
      const orders = expectStatus(await asAdmin(`/api/admin/orders?status=${status}`), 200, 'orders').body
      expect(orders.items.length, `orders ${status}`).toBeGreaterThan(0)
    }
    const receipts = new Set<string | null>()
    for (const status of payoutStatuses) {
      const payouts = expectStatus(await asAdmin(`/api/admin/payouts?status=${status}`), 200, 'payouts').body
      expect(payouts.items.length, `payouts ${status}`).toBeGreaterThan(0)
      for (const payout of payouts.items) receipts.add(payout.receiptStatus)
    }
    // Approved payouts both confirmed by their vendor and still waiting for that confirmation.
    expect(receipts).toContain('received')
    expect(receipts).toContain('pendingReceipt')

    const report = expectStatus(await asAdmin('/api/admin/reports?days=90'), 200, 'report').body
    expect(report.daily.filter((day: { orders: number }) => day.orders > 0).length).toBeGreaterThan(60)
    expect(report.topVendors).toHaveLength(5)
    expect(report.newVendors.length).toBeGreaterThan(0)

    const messages = expectStatus(await asAdmin('/api/messages'), 200, 'messages').body
    expect(messages.items.length).toBeGreaterThan(10)
    expect(messages.unread).toBeGreaterThan(0)
    expect(messages.items.some((message: { replyToId: string | null }) => message.replyToId)).toBe(true)
  })

  it('keeps an audit history of every kind of action, spread over the months the story covers', async () => {
    for (const action of ['create', 'update', 'delete', 'approve', 'reject']) {
      const entries = expectStatus(
        await asAdmin(`/api/admin/audit-logs?days=90&action=${action}`),
        200,
        'audit logs',
      ).body
      expect(entries.items.length, `audit ${action}`).toBeGreaterThan(0)
    }
    const [times] = await rows<{ oldest: string; newest: string; days: number; agents: number }>(sql`
      select min(created_at)::text as oldest, max(created_at)::text as newest,
             count(distinct date_trunc('day', created_at))::int as days,
             count(distinct user_agent)::int as agents
      from audit_logs`)
    // Both databases here run as a superuser, so the entries move to the story's moments.
    expect(Date.now() - new Date(times!.oldest).getTime()).toBeGreaterThan(80 * 24 * 3600 * 1000)
    expect(new Date(times!.newest).getTime()).toBeLessThanOrEqual(Date.now())
    expect(times!.days).toBeGreaterThan(60)
    const [agent] = await rows<{ user_agent: string }>(sql`select distinct user_agent from audit_logs`)
    expect(agent!.user_agent).toBe(DEMO_USER_AGENT)
  })

  it('spreads orders over the last 90 days, never in the future, and keeps every running total exact', async () => {
    const [spread] = await rows<{ oldest: string; newest: string; days: number }>(sql`
      select min(created_at)::text as oldest, max(created_at)::text as newest,
             count(distinct date_trunc('day', created_at))::int as days from orders`)
    expect(Date.now() - new Date(spread!.oldest).getTime()).toBeLessThanOrEqual(91 * 24 * 3600 * 1000)
    expect(new Date(spread!.newest).getTime()).toBeLessThanOrEqual(Date.now())
    expect(spread!.days).toBeGreaterThan(75)
    expect(await findTotalsDrift(database.db)).toEqual([])
  })

  it('lists products in all 28 categories, each with a picture stored with its thumbnail', async () => {
    const [counted] = await rows<{ categories: number; products: number; withoutPicture: number }>(sql`
      select count(distinct category)::int as categories, count(*)::int as products,
             count(*) filter (where jsonb_array_length(images) = 0)::int as "withoutPicture" from products`)
    expect(counted!.categories).toBe(categories.length)
    expect(counted!.products).toBeGreaterThanOrEqual(140)
    expect(counted!.withoutPicture).toBe(0)

    const pictures = await rows<{ url: string }>(
      sql`select jsonb_array_elements_text(images) as url from products`,
    )
    const storage = createStorage(t.config.storage)
    try {
      const stored = await rows<{ id: string; storage_key: string; thumb_key: string | null }>(
        sql`select id, storage_key, thumb_key from files where purpose = 'product_image'`,
      )
      expect(stored.length).toBe(pictures.length)
      for (const file of stored) {
        for (const key of [file.storage_key, file.thumb_key]) {
          const object = key ? await storage.get(key) : null
          expect(object, `${file.id}: ${key}`).not.toBeNull()
          if (object && !Buffer.isBuffer(object.body)) object.body.destroy()
        }
      }
    } finally {
      storage.close()
    }
    // And served as the screens ask for them: a small WebP for the lists.
    for (const { url } of pictures.slice(0, 5)) {
      const response = await t.app.request(`/api/files/${fileIdFromUrl(url)}?variant=thumb`)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe('image/webp')
      const image = await sharp(Buffer.from(await response.arrayBuffer())).metadata()
      expect(image.format).toBe('webp')
      expect(image.width).toBeLessThanOrEqual(320)
    }
  })
})

/** A figure of the summary: `14 shops (…)`. */
function printedCount(stdout: string, what: string) {
  const match = stdout.match(new RegExp(`(\\d[\\d,]*) ${what}`))
  if (!match) throw new Error(`the summary does not say how many ${what}`)
  return Number(match[1]!.replace(/,/g, ''))
}
