import { eq, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { auditLogs, orders, payouts, products, vendors } from '../../src/server/db/schema'
import { findTotalsDrift } from '../../src/server/db/totals'
import { EVENTS_CHANNEL, type ChangeEvent } from '../../src/server/realtime/events'
import type { ProductDto, ProductInput } from '../../src/shared/schemas/product'
import {
  adminOf,
  createProduct,
  orderBody,
  productName,
  productRow,
  raceBehindLock,
  registeredVendor,
  simpleProduct,
  variantRow,
  type RegisteredVendor,
} from '../fixtures/commerce'
import { expectError } from '../fixtures/expect-error'
import { mailsTo } from '../fixtures/factories'
import { insertOrders, insertPayout, payoutsOf } from '../fixtures/money'
import type { ApiResponse } from '../fixtures/test-app'
import { createTestApp } from '../fixtures/test-app'

/**
 * The concurrency rules of docs/architecture.md at scale: many requests at once against one balance, one
 * stock, one pending decision and one product version. tests/api proves each rule on a small case (two
 * decisions, 10 orders for 5 pieces, 50 payout requests); this file shows they still hold under a crowd.
 *
 * On PGlite the requests interleave between queries but transactions run one at a time; on PostgreSQL
 * (TEST_DATABASE_URL) they truly overlap, and each race is started behind a table lock (raceBehindLock) so
 * that, without the code's own row lock, every request in flight would have read the same old state.
 */

let t: Awaited<ReturnType<typeof createTestApp>>
let admin: ReturnType<typeof adminOf>
let shop: RegisteredVendor

beforeAll(async () => {
  t = await createTestApp()
  admin = adminOf(t)
  ;[shop] = await Promise.all([registeredVendor(t, { status: 'approved', plan: 'unlimited' }), admin()])
})
afterAll(async () => {
  await t?.close()
})
// Running totals move in the transaction of each change (docs/decisions/007): after every race, recomputed
// from the rows, they must agree with what the triggers kept, to the franc.
afterEach(async () => {
  expect(await findTotalsDrift(t.db)).toEqual([])
})

/**
 * raceBehindLock for the tables these races write that its signature does not list: its `lock table … in
 * share mode` works for any table. The payouts table blocks a payout request's insert and a decision's update;
 * the vendors table blocks an application decision's update.
 */
const raceBehindTable = <T>(table: 'payouts' | 'vendors', start: () => Promise<T>[], waiters: number) =>
  raceBehindLock(t, table as 'orders', start, waiters)

/** On PostgreSQL the app's pool has 5 connections and the race's own lock holds one: 4 can wait at a time. */
const WAITERS = 4

const countBy = (responses: ApiResponse[]) => {
  const counts: Record<number, number> = {}
  for (const response of responses) counts[response.status] = (counts[response.status] ?? 0) + 1
  return counts
}

const auditOf = (targetId: string) => t.db.select().from(auditLogs).where(eq(auditLogs.targetId, targetId))

const balanceOf = async (vendor: RegisteredVendor) => {
  const response = await t.get('/api/vendor/payouts', { cookie: vendor.cookie })
  expect(response.status, response.text).toBe(200)
  return response.body.availableBalance as number
}

/**
 * Collects, until the test ends, the changes announced on the realtime channel. NOTIFY is delivered in
 * commit order, and the services announce inside the transaction that holds the vendor lock, so this is the
 * order in which the balance changes really happened.
 */
async function commitLog() {
  const events: ChangeEvent[] = []
  const stop = await t.database.listen(EVENTS_CHANNEL, (payload) => events.push(JSON.parse(payload)))
  onTestFinished(stop)
  return {
    events,
    /** Waits until `count` events matching `match` arrived (PostgreSQL delivers them after the commit). */
    async awaitEvents(match: (event: ChangeEvent) => boolean, count: number) {
      const deadline = Date.now() + 10_000
      while (events.filter(match).length < count && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
      expect(events.filter(match)).toHaveLength(count)
    },
  }
}

describe('payout requests at once', () => {
  // README: deliberate divergences: the browser-side balance check let requests at once overdraw.
  it('100 requests against one balance accept at most the balance; every other is refused with the balance message', async () => {
    const vendor = await registeredVendor(t, { status: 'approved' })
    const balance = 25_500
    await insertOrders(t.db, vendor.vendorId, [12_000, 8_000, 5_500])
    expect(await balanceOf(vendor)).toBe(balance)
    // Amounts from 150 to 1,050: more than twice the balance asked for in all.
    const amounts = Array.from({ length: 100 }, (_, index) => 150 + ((index * 37) % 10) * 100)
    expect(amounts.reduce((sum, amount) => sum + amount, 0)).toBeGreaterThan(2 * balance)

    const responses = await raceBehindTable(
      'payouts',
      () => amounts.map((amount) => t.post('/api/vendor/payouts', { amount }, { cookie: vendor.cookie })),
      WAITERS,
    )

    const accepted = responses.filter((response) => response.status === 201)
    const refused = responses.filter((response) => response.status !== 201)
    for (const response of refused) {
      expectError(response, { status: 422, code: 'VALIDATION', messageKey: 'payouts.amountOverBalance' })
    }
    const acceptedSum = accepted.reduce((sum, response) => sum + (response.body.amount as number), 0)
    expect(acceptedSum).toBeLessThanOrEqual(balance)
    const rows = await payoutsOf(t.db, vendor.vendorId)
    expect(rows).toHaveLength(accepted.length)
    expect(rows.reduce((sum, row) => sum + row.amount, 0)).toBe(acceptedSum)
    const left = await balanceOf(vendor)
    expect(left).toBe(balance - acceptedSum)
    expect(left).toBeGreaterThanOrEqual(0)
    // Nothing was refused that still fitted: the balance only shrank, so each refusal was for want of money.
    const refusedAmounts = responses.flatMap((response, index) =>
      response.status === 201 ? [] : [amounts[index]!],
    )
    expect(Math.min(...refusedAmounts)).toBeGreaterThan(left)
    console.info(
      `[${t.database.kind}] 100 payout requests, balance ${balance}: ${accepted.length} accepted ` +
        `(sum ${acceptedSum}), ${refused.length} refused, ${left} left`,
    )
  })
})

describe('orders at once', () => {
  // README: deliberate divergences: stock computed in the browser let orders at once oversell.
  it('100 orders against a stock of 10 create exactly 10 and refuse 90 with orders.insufficientStock', async () => {
    const product = await createProduct(
      t,
      shop.cookie,
      simpleProduct({ variants: [{ price: 4_000, stock: 10 }] }),
    )
    const variant = product.variants[0]!
    const ids = { vendorId: shop.vendorId, productId: product.id, variantId: variant.id }
    const { cookie } = await admin()

    const responses = await raceBehindLock(
      t,
      'variants',
      () => Array.from({ length: 100 }, () => t.post('/api/admin/orders', orderBody(ids), { cookie })),
      WAITERS,
    )

    expect(countBy(responses)).toEqual({ 201: 10, 409: 90 })
    for (const refused of responses.filter((response) => response.status !== 201)) {
      expectError(refused, { status: 409, code: 'CONFLICT', messageKey: 'orders.insufficientStock' })
      expect(refused.body.error.params).toEqual({ available: 0, requested: 1 })
    }
    expect((await variantRow(t.db, variant.id))?.stock).toBe(0)
    const created = await t.db.select().from(orders).where(eq(orders.variantId, variant.id))
    expect(created).toHaveLength(10)
    // Each order has its one audit entry, written in its transaction; the refused ones left none.
    const audits = await Promise.all(created.map((order) => auditOf(order.id)))
    expect(audits.map((entries) => entries.length)).toEqual(Array(10).fill(1))
    console.info(
      `[${t.database.kind}] 100 orders for stock 10: ${JSON.stringify(countBy(responses))}, stock 0`,
    )
  })
})

/** 10 approvals and 10 rejections, interleaved, as twenty admins' clicks would arrive. */
const decisions = (approve: object, reject: object) =>
  Array.from({ length: 20 }, (_, index) =>
    index % 2 === 0 ? { status: 'approved', ...approve } : { status: 'rejected', ...reject },
  )

describe('approving and rejecting the same thing at once', () => {
  // A payout is paid once or refused once: two admins must not both act on it.
  it('a payout: one decision wins, the other 19 get payouts.notPending, one audit entry and one mail', async () => {
    const vendor = await registeredVendor(t, { status: 'approved' })
    await insertOrders(t.db, vendor.vendorId, [9_000])
    const payout = await insertPayout(t.db, vendor.vendorId, { amount: 6_000 })
    const { cookie } = await admin()
    const mailsBefore = (await mailsTo(t.db, vendor.email)).length
    const bodies = decisions({ paymentReference: 'MTN-TX-1' }, { reason: 'Details do not match' })

    const responses = await raceBehindTable(
      'payouts',
      () => bodies.map((body) => t.patch(`/api/admin/payouts/${payout.id}`, body, { cookie })),
      WAITERS,
    )

    expect(countBy(responses)).toEqual({ 200: 1, 409: 19 })
    for (const refused of responses.filter((response) => response.status !== 200)) {
      expectError(refused, { status: 409, code: 'CONFLICT', messageKey: 'payouts.notPending' })
    }
    const winner = bodies[responses.findIndex((response) => response.status === 200)]!
    const [row] = await t.db.select().from(payouts).where(eq(payouts.id, payout.id))
    expect(row).toMatchObject(
      winner.status === 'approved'
        ? { status: 'approved', paymentReference: 'MTN-TX-1', decisionReason: null }
        : { status: 'rejected', paymentReference: null, decisionReason: 'Details do not match' },
    )
    const audit = await auditOf(payout.id)
    expect(audit).toHaveLength(1)
    expect(audit[0]).toMatchObject({
      action: winner.status === 'approved' ? 'approve' : 'reject',
      oldValues: { status: 'pending' },
    })
    expect(await mailsTo(t.db, vendor.email)).toHaveLength(mailsBefore + 1)
  })

  // A shop is approved or rejected once; the vendor reads one reason and gets one mail.
  it('a vendor application: one decision wins, the other 19 get vendor.notPending, one audit entry and one mail', async () => {
    const applicant = await registeredVendor(t)
    const { cookie } = await admin()
    const mailsBefore = (await mailsTo(t.db, applicant.email)).length
    const bodies = decisions({}, { reason: 'The ID document is unreadable' })

    const responses = await raceBehindTable(
      'vendors',
      () =>
        bodies.map((body) => t.patch(`/api/admin/vendors/${applicant.vendorId}/status`, body, { cookie })),
      WAITERS,
    )

    expect(countBy(responses)).toEqual({ 200: 1, 409: 19 })
    for (const refused of responses.filter((response) => response.status !== 200)) {
      expectError(refused, { status: 409, code: 'CONFLICT', messageKey: 'vendor.notPending' })
    }
    const winner = bodies[responses.findIndex((response) => response.status === 200)]!
    const [row] = await t.db.select().from(vendors).where(eq(vendors.id, applicant.vendorId))
    expect(row).toMatchObject({
      status: winner.status,
      decisionReason: winner.status === 'rejected' ? 'The ID document is unreadable' : null,
    })
    const audit = await auditOf(applicant.vendorId)
    expect(audit).toHaveLength(1)
    expect(audit[0]).toMatchObject({ oldValues: { status: 'pending' }, newValues: { status: winner.status } })
    expect(await mailsTo(t.db, applicant.email)).toHaveLength(mailsBefore + 1)
  })

  // Product moderation may be reversed (specification §4: approve unless approved, reject unless rejected),
  // so after the first decision an opposite one is a new decision, and a repeated one is refused. Under a
  // crowd each must see the status the one before it left: the audit trail then reads as one unbroken
  // history, with exactly one entry leaving "pending", ending at the stored status.
  it('a pending product: one decision takes it out of pending, each later one sees the status left before it', async () => {
    const product = await createProduct(t, shop.cookie)
    await t.db.update(products).set({ status: 'pending' }).where(eq(products.id, product.id))
    const { cookie } = await admin()
    const bodies = decisions({}, { reason: 'Blurry pictures' })

    const responses = await raceBehindLock(
      t,
      'products',
      () => bodies.map((body) => t.patch(`/api/admin/products/${product.id}/status`, body, { cookie })),
      WAITERS,
    )

    const counts = countBy(responses)
    expect((counts[200] ?? 0) + (counts[409] ?? 0)).toBe(20)
    for (const [index, refused] of responses.entries()) {
      if (refused.status === 200) continue
      expectError(refused, { status: 409, code: 'CONFLICT', messageKey: 'products.alreadyDecided' })
      expect(refused.body.error.params).toEqual({ status: bodies[index]!.status })
    }
    const audit = await auditOf(product.id)
    expect(audit).toHaveLength(counts[200]!)
    // Walk the history from pending: each step must start where the one before ended, and use every entry.
    let status = 'pending'
    const unused = [...audit]
    for (let step = 0; step < audit.length; step += 1) {
      const next = unused.findIndex((entry) => entry.oldValues?.status === status)
      expect(next, `no audit entry continues from ${status}`).toBeGreaterThanOrEqual(0)
      status = unused.splice(next, 1)[0]!.newValues!.status as string
    }
    expect(audit.filter((entry) => entry.oldValues?.status === 'pending')).toHaveLength(1)
    const row = await productRow(t.db, product.id)
    expect(row).toMatchObject({ status, decisionReason: status === 'rejected' ? 'Blurry pictures' : null })
  })
})

describe('product edits from the same version at once', () => {
  // README: deliberate divergences: a form opened before another save must not write its old values back.
  it('20 saves from one version: exactly one is stored, whole; the 19 others get 409 products.staleVersion', async () => {
    const product = await createProduct(
      t,
      shop.cookie,
      simpleProduct({ variants: [{ price: 5_000, stock: 7 }] }),
    )
    const before = await productRow(t.db, product.id)
    // Twenty forms opened on the same version, each saving different values.
    const inputs: ProductInput[] = Array.from({ length: 20 }, (_, index) =>
      simpleProduct({
        name: productName(`Edited basket ${index}`),
        description: `Edit number ${index}`,
        price: 5_000 + index * 100,
        variants: [{ price: 5_000 + index * 100, stock: index }],
      }),
    )

    const responses = await raceBehindLock(
      t,
      'variants',
      () =>
        inputs.map((input) =>
          t.put(
            `/api/vendor/products/${product.id}`,
            { ...input, version: product.version },
            { cookie: shop.cookie },
          ),
        ),
      WAITERS,
    )

    expect(countBy(responses)).toEqual({ 200: 1, 409: 19 })
    for (const refused of responses.filter((response) => response.status !== 200)) {
      expectError(refused, { status: 409, code: 'CONFLICT', messageKey: 'products.staleVersion' })
    }
    const winnerIndex = responses.findIndex((response) => response.status === 200)
    const winner = inputs[winnerIndex]!
    const stored = await t.get(`/api/vendor/products/${product.id}`, { cookie: shop.cookie })
    expect(stored.body).toEqual(responses[winnerIndex]!.body)
    const dto = stored.body as ProductDto
    expect(dto).toMatchObject({ name: winner.name, description: winner.description })
    expect(dto.variants.map(({ price, stock }) => ({ price, stock }))).toEqual(winner.variants)
    // One save went through: the version moved once, and the old version is still refused afterwards.
    expect((await productRow(t.db, product.id))?.version).toBe(before!.version + 1)
    const late = await t.put(
      `/api/vendor/products/${product.id}`,
      { ...inputs[(winnerIndex + 1) % inputs.length]!, version: product.version },
      { cookie: shop.cookie },
    )
    expectError(late, { status: 409, code: 'CONFLICT', messageKey: 'products.staleVersion' })
  })
})

/** Sessions of this database waiting on a lock, read afresh (activity is otherwise a per-transaction snapshot). */
async function lockWaiters(tx: Parameters<Parameters<typeof t.db.transaction>[0]>[0]) {
  await tx.execute(sql`select pg_stat_clear_snapshot()`)
  const result = await tx.execute(
    sql`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
  )
  return (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0
}

/**
 * The worst order for a check-then-write, made real on PostgreSQL: `first` starts behind a SHARE lock on
 * `table` and is left waiting (having read what it read), then `second` starts and is given until it has
 * finished or is queued as well; only then is the lock released, and `later` starts. Without the code's own
 * lock, `second` commits while `first` still acts on what it read before. PGlite runs one transaction at a
 * time, so there every request simply runs in that order.
 */
async function raceInWaves<T>(
  table: 'payouts',
  waves: { first: () => Promise<T>[]; second: () => Promise<T>[]; later: () => Promise<T>[] },
): Promise<T[]> {
  if (t.database.kind !== 'postgres')
    return Promise.all([...waves.first(), ...waves.second(), ...waves.later()])
  let started: Promise<T>[] = []
  const until = async (tx: Parameters<typeof lockWaiters>[0], isDone: () => boolean, waiters: number) => {
    const deadline = Date.now() + 5_000
    while (!isDone() && (await lockWaiters(tx)) < waiters && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  }
  await t.db.transaction(async (tx) => {
    await tx.execute(sql.raw(`lock table ${table} in share mode`))
    const first = waves.first()
    await until(tx, () => false, first.length)
    const second = waves.second()
    let isSettled = false
    void Promise.allSettled(second).then(() => (isSettled = true))
    await until(tx, () => isSettled, WAITERS)
    started = [...first, ...second]
  })
  return Promise.all([...started, ...waves.later()])
}

describe('refunds racing payout approvals', () => {
  // docs/decisions/006: the marketplace must not pay out a sale the customer got refunded.
  it('15 refunds and 10 approvals at once: in commit order, no payout is approved above the balance net of refunds', async () => {
    const vendor = await registeredVendor(t, { status: 'approved' })
    const sales = await insertOrders(t.db, vendor.vendorId, Array<number>(20).fill(1_000))
    const requests: { id: string }[] = []
    for (let index = 0; index < 10; index += 1) requests.push(await insertPayout(t.db, vendor.vendorId))
    // 20,000 sold, 10,000 requested: ten refunds take the balance to 0, the eleventh below it.
    expect(await balanceOf(vendor)).toBe(10_000)
    const { cookie } = await admin()
    const approve = (id: string) =>
      t.patch(`/api/admin/payouts/${id}`, { status: 'approved', paymentReference: 'MTN-TX' }, { cookie })
    const refund = (id: string) =>
      t.patch(`/api/vendor/orders/${id}/status`, { status: 'refunded' }, { cookie: vendor.cookie })
    const approvals = requests.map((payout) => payout.id)
    const refunds = sales.slice(0, 15).map((order) => order.id)
    const log = await commitLog()

    // Two approvals read the balance and wait (on PostgreSQL, at their update of the payout) while fifteen
    // refunds arrive; the other eight approvals come after.
    const responses = await raceInWaves('payouts', {
      first: () => approvals.slice(0, 2).map(approve),
      second: () => refunds.map(refund),
      later: () => approvals.slice(2).map(approve),
    })
    const approvalResponses = [...responses.slice(0, 2), ...responses.slice(17)]
    const refundResponses = responses.slice(2, 17)
    for (const response of refundResponses) expect(response.status, response.text).toBe(200)
    for (const response of approvalResponses.filter((answer) => answer.status !== 200)) {
      expectError(response, { status: 409, code: 'CONFLICT', messageKey: 'payouts.exceedsBalance' })
      expect(response.body.error.params.balance).toBeLessThan(response.body.error.params.amount)
    }
    const approved = new Set(approvals.filter((_, index) => approvalResponses[index]!.status === 200))
    const refunded = new Set(refunds)
    await log.awaitEvents((event) => event.topic === 'orders' && refunded.has(event.id!), 15)
    await log.awaitEvents((event) => event.topic === 'payouts' && approved.has(event.id!), approved.size)

    // Replay the commits: a refund lowers the balance; an approval must find it still covering the payout
    // (the balance counts the pending payout itself, so it must not be below 0).
    let balance = 10_000
    let order = ''
    for (const event of log.events) {
      if (event.topic === 'orders' && refunded.has(event.id!)) {
        balance -= 1_000
        order += 'r'
      }
      if (event.topic === 'payouts' && approved.has(event.id!)) {
        order += 'A'
        expect(
          balance,
          `a payout was approved above the balance net of refunds (${order})`,
        ).toBeGreaterThanOrEqual(0)
      }
    }
    const rows = await payoutsOf(t.db, vendor.vendorId)
    expect(
      rows
        .filter((row) => row.status === 'approved')
        .map((row) => row.id)
        .sort(),
    ).toEqual([...approved].sort())
    expect(rows.filter((row) => row.status === 'pending')).toHaveLength(10 - approved.size)
    // Refunds are never refused: a deficit is kept and shown as owed (20,000 − 15,000 − 10,000).
    expect(await balanceOf(vendor)).toBe(-5_000)
    console.info(
      `[${t.database.kind}] 15 refunds (r) racing 10 approvals (A), in commit order ${order}: ` +
        `${approved.size} approved, ${10 - approved.size} refused with payouts.exceedsBalance`,
    )
  })
})
