import { randomUUID } from 'node:crypto'
import { desc, eq, ilike, sql, type SQL } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditSummary } from '../../src/server/audit/audit-logs.queries'
import { auditLogs, orders, users } from '../../src/server/db/schema'
import { listPage, positionOf, type Counted, type Slice } from '../../src/server/lib/paginate'
import { sampleSummary } from '../../src/server/orders/orders.queries'
import { searchCountCap } from '../../src/shared/schemas/pagination'
import { adminOf, registeredVendor, type RegisteredVendor } from '../fixtures/commerce'
import { createTestApp } from '../fixtures/test-app'

let t: Awaited<ReturnType<typeof createTestApp>>
let shop: RegisteredVendor
let adminCookie: string
let adminId: string

beforeAll(async () => {
  t = await createTestApp()
  const [vendor, admin] = await Promise.all([
    registeredVendor(t, { status: 'approved', plan: 'unlimited' }),
    adminOf(t)(),
  ])
  ;[shop, adminCookie, adminId] = [vendor, admin.cookie, admin.user.id]
})
afterAll(async () => {
  await t?.close()
})

// A figure shown twice must read the same: past 1,000 matches a search's cards are summed over a sample, and
// a sample without an order is whatever rows the plan meets first (two identical searches read 299, then 262).
describe("a capped search's cards", () => {
  it('are the figures of the first 1,001 matching orders in the list order, the same on every read', async () => {
    const marker = `Sample ${Date.now()}`
    const matches = searchCountCap + 200
    // Written oldest first, so the rows the table holds first are the oldest: the oldest 199 pending, the rest
    // completed. The newest 1,001 (the list's first rows) hold no pending order; the first 1,001 written, 199.
    const start = Date.now() - matches * 60_000
    await t.db.insert(orders).values(
      Array.from({ length: matches }, (_, at) => ({
        vendorId: shop.vendorId,
        productName: 'Agaseke basket',
        sku: 'AGA-1',
        unitPrice: 1_000 + at,
        quantity: 1,
        totalAmount: 1_000 + at,
        customerName: `${marker} ${at}`,
        customerEmail: `buyer${at}@example.rw`,
        status: at < 199 ? ('pending' as const) : ('completed' as const),
        createdAt: new Date(start + at * 60_000),
      })),
    )
    // The sample the cards must be read over: the first 1,001 matches in the list's order, newest first.
    const sample = await t.db
      .select({ status: orders.status, amount: orders.totalAmount })
      .from(orders)
      .where(ilike(orders.customerName, `%${marker}%`))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(searchCountCap + 1)
    const counted = (status: string) => sample.filter((row) => row.status === status).length
    const revenue = sample.reduce((sum, row) => sum + (row.status === 'refunded' ? 0 : row.amount), 0)

    const search = () => t.get(`/api/admin/orders?q=${encodeURIComponent(marker)}`, { cookie: adminCookie })
    const [first, second] = [await search(), await search()]
    expect(first.status, first.text).toBe(200)
    expect(first.body.summaryIsCapped).toBe(true)
    expect(first.body.summary).toEqual({
      orders: searchCountCap,
      pending: counted('pending'),
      completed: counted('completed'),
      revenue,
    })
    expect(first.body.summary.pending).toBe(0)
    expect(second.body.summary).toEqual(first.body.summary)
  })
})

/**
 * A search's page by number is read after its count: when the count found every match, among those rows (through
 * the search's own indexes), and not at all when it found none; past the cap, by the list's order as before. Read
 * here through listPage itself, with the page's reads recorded.
 */
describe("a search's page", () => {
  const dialect = new PgDialect()
  const searchFor = async (
    where: SQL,
    countCap = searchCountCap,
    { page: number = 1, pageSize = 2, total }: { page?: number; pageSize?: number; total?: Counted } = {},
  ) => {
    const asked: Slice[] = []
    const page = await listPage(
      t.db,
      { page: number, pageSize },
      {
        time: orders.createdAt,
        id: orders.id,
        where,
        rows: (slice) => {
          asked.push(slice)
          return t.db
            .select({ id: orders.id, position: positionOf(orders.createdAt) })
            .from(orders)
            .where(slice.where)
            .orderBy(...slice.orderBy)
            .limit(slice.limit)
            .offset(slice.offset)
        },
        counted: (filter) =>
          t.db
            .select({ one: sql`1` })
            .from(orders)
            .where(filter)
            .$dynamic(),
        ids: (filter) => t.db.select({ id: orders.id }).from(orders).where(filter).$dynamic(),
        countCap,
        total: total && Promise.resolve(total),
        idOf: (row) => row.id,
        toItem: (row) => row.id,
      },
    )
    const among = asked.map((slice) => dialect.sqlToQuery(slice.where!).sql.includes('= any(array('))
    const byIds = asked.map((slice) => ({
      ids: dialect.sqlToQuery(slice.where!).sql.includes('"orders"."id" in ('),
      offset: slice.offset,
    }))
    return { page, among, byIds }
  }
  let newestFirst: string[]
  let marker: string

  beforeAll(async () => {
    marker = `Rare ${Date.now()}`
    const start = Date.now() - 3 * 60_000
    const written = await t.db
      .insert(orders)
      .values(
        Array.from({ length: 3 }, (_, at) => ({
          vendorId: shop.vendorId,
          productName: 'Agaseke basket',
          sku: 'AGA-1',
          unitPrice: 1_000,
          quantity: 1,
          totalAmount: 1_000,
          customerName: `${marker} ${at}`,
          customerEmail: `rare${at}@example.rw`,
          createdAt: new Date(start + at * 60_000),
        })),
      )
      .returning({ id: orders.id })
    newestFirst = written.map((row) => row.id).reverse()
  })

  it('is not read when the search found nothing', async () => {
    const { page, among } = await searchFor(ilike(orders.customerName, `%${marker} nowhere%`))
    expect(page.items).toEqual([])
    expect(page.total).toBe(0)
    expect(among).toEqual([])
  })

  it('is read among the matches when the count found them all', async () => {
    const { page, among } = await searchFor(ilike(orders.customerName, `%${marker}%`))
    expect(page.items).toEqual(newestFirst.slice(0, 2))
    expect(page.total).toBe(3)
    expect(page.nextCursor).not.toBeNull()
    expect(among).toEqual([true])
  })

  it("is read by the ids of its count's sample, past the cap too", async () => {
    const where = ilike(orders.customerName, `%${marker}%`)
    // Three matches, a cap of two: the sample holds the first three in the list's order, the count says "2+".
    const { counted } = await sampleSummary(t.db, where, 2)
    expect(counted).toEqual({ total: 2, totalIsCapped: true, sampleIds: newestFirst })
    const { page, byIds } = await searchFor(where, 2, { page: 2, pageSize: 1, total: counted })
    expect(page.items).toEqual([newestFirst[1]])
    expect(page).toMatchObject({ total: 2, totalIsCapped: true, page: 2 })
    expect(page.nextCursor).not.toBeNull()
    // One read, by the ids of the page and the one after it (no offset), rather than a walk of the list.
    expect(byIds).toEqual([{ ids: true, offset: 0 }])
  })

  it('is read by the list order when there are more matches than the cap', async () => {
    const { page, among } = await searchFor(ilike(orders.customerName, `%${marker}%`), 2)
    expect(page.items).toEqual(newestFirst.slice(0, 2))
    expect(page).toMatchObject({ total: 2, totalIsCapped: true })
    expect(among).toEqual([false])
  })
})

/**
 * The audit log's search sample is the newest entries of each way an entry matches (who acted, or its text), then
 * the newest of both: the same entries, in the same order, as one condition would find, an entry matching both ways
 * counted once.
 */
describe("the audit log's search sample", () => {
  it('is the newest of both ways an entry matches, each entry once', async () => {
    const marker = `Umugwaneza${Date.now()}`
    const actor = shop.user.id
    await t.db
      .update(users)
      .set({ fullName: `${marker} Actor` })
      .where(eq(users.id, actor))
    // Newest last: by the named actor, by another with the word in its details, by the actor with the word too.
    const start = Date.now() - 60 * 60_000
    const kinds = ['actor', 'text', 'both', 'actor', 'text', 'both', 'text'] as const
    const written = await t.db
      .insert(auditLogs)
      .values(
        kinds.map((kind, at) => ({
          adminId: kind === 'text' ? adminId : actor,
          action: at % 2 === 0 ? ('update' as const) : ('approve' as const),
          targetTable: 'vendors',
          targetId: randomUUID(),
          details: kind === 'actor' ? { note: 'nothing to find' } : { shop_name: `${marker} Shop` },
          createdAt: new Date(start + at * 60_000),
        })),
      )
      .returning({ id: auditLogs.id, action: auditLogs.action })
    const newestFirst = written.reverse()
    const summaryOf = (cap: number) =>
      auditSummary(
        t.db,
        { role: 'admin', userId: adminId },
        { q: marker, action: 'all', days: 1 },
        new Date(),
        cap,
      )

    const all = await summaryOf(searchCountCap)
    expect(all.counted).toEqual({
      total: 7,
      totalIsCapped: false,
      sampleIds: newestFirst.map((row) => row.id),
    })
    expect(all.summary).toMatchObject({ total: 7, approvals: 3, updates: 4 })

    // A cap of 3: the newest 4 of both ways together, the newest "both" entry among them once.
    const capped = await summaryOf(3)
    const sample = newestFirst.slice(0, 4)
    expect(capped.counted).toEqual({ total: 3, totalIsCapped: true, sampleIds: sample.map((row) => row.id) })
    expect(capped.summary).toMatchObject({
      approvals: sample.filter((row) => row.action === 'approve').length,
      updates: sample.filter((row) => row.action === 'update').length,
    })
  })
})
