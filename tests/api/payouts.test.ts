import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLogs, payouts } from '../../src/server/db/schema'
import { calendarDay } from '../../src/server/lib/calendar'
import { receiptNote } from '../../src/shared/schemas/payout'
import { expectError } from '../fixtures/expect-error'
import { confirmedVendor } from '../fixtures/factories'
import {
  auditRowsFor,
  insertOrders,
  insertPayout,
  payoutsOf,
  registeredVendor,
  rowCount,
  theAdmin,
} from '../fixtures/money'
import { createTestApp } from '../fixtures/test-app'

let t: Awaited<ReturnType<typeof createTestApp>>

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})

const overview = (cookie: string, query = '') => t.get(`/api/vendor/payouts${query}`, { cookie })
const requestPayout = (cookie: string, amount: unknown) =>
  t.post('/api/vendor/payouts', { amount }, { cookie })
const today = () => calendarDay(new Date(), 'Africa/Kigali')

describe('GET /api/vendor/payouts', () => {
  // Specification §9: completed order totals minus non-rejected payouts; pending and refunded orders do not count.
  it('computes the balance from completed orders minus non-rejected payouts, with the pending total', async () => {
    const vendor = await registeredVendor(t)
    const other = await registeredVendor(t)
    await insertOrders(t.db, vendor.vendorId, [10_000, 2_500])
    await insertOrders(t.db, vendor.vendorId, [9_000], 'pending')
    await insertOrders(t.db, vendor.vendorId, [4_000], 'refunded')
    await insertOrders(t.db, other.vendorId, [50_000])
    await insertPayout(t.db, vendor.vendorId, { amount: 1_000, status: 'pending' })
    await insertPayout(t.db, vendor.vendorId, { amount: 2_000, status: 'approved' })
    await insertPayout(t.db, vendor.vendorId, { amount: 5_000, status: 'rejected' })
    await insertPayout(t.db, other.vendorId, { amount: 7_000, status: 'pending' })
    const response = await overview(vendor.cookie)
    expect(response.status, response.text).toBe(200)
    expect(response.body).toMatchObject({
      availableBalance: 12_500 - 3_000,
      pendingTotal: 1_000,
      payoutMethod: 'mobile_money',
      total: 3,
      page: 1,
      pageSize: 24,
    })
  })

  // The full account number stays on the server; the screen shows the last four digits.
  it('shows the payout details masked', async () => {
    const vendor = await registeredVendor(t)
    const response = await overview(vendor.cookie)
    expect(response.body.payoutDetails).toEqual({ provider: 'mtn', mobileNumber: '•••• 3456' })
  })

  // docs/decisions/006: a refund after a payout leaves a deficit; clamped to 0 it would hide money owed.
  it('reports a deficit as a negative balance instead of a silent 0', async () => {
    const vendor = await registeredVendor(t)
    await insertOrders(t.db, vendor.vendorId, [1_000])
    await insertPayout(t.db, vendor.vendorId, { amount: 3_000, status: 'approved' })
    expect((await overview(vendor.cookie)).body.availableBalance).toBe(-2_000)
  })

  it('lists the history newest request first, paginated, with canConfirmReceipt only for approved unconfirmed payouts', async () => {
    const vendor = await registeredVendor(t)
    const at = (minutes: number) => new Date(Date.UTC(2025, 0, 10, 8, minutes))
    const oldest = await insertPayout(t.db, vendor.vendorId, {
      amount: 100,
      status: 'approved',
      requestedAt: at(1),
    })
    const confirmed = await insertPayout(t.db, vendor.vendorId, {
      amount: 200,
      status: 'approved',
      notes: receiptNote('2025-01-11'),
      requestedAt: at(2),
    })
    const rejected = await insertPayout(t.db, vendor.vendorId, {
      amount: 300,
      status: 'rejected',
      requestedAt: at(3),
    })
    const newest = await insertPayout(t.db, vendor.vendorId, {
      amount: 400,
      status: 'pending',
      requestedAt: at(4),
    })
    const first = await overview(vendor.cookie, '?page=1&pageSize=3')
    expect(first.body.total).toBe(4)
    expect(first.body.items.map((item: { id: string }) => item.id)).toEqual([
      newest.id,
      rejected.id,
      confirmed.id,
    ])
    const second = await overview(vendor.cookie, '?page=2&pageSize=3')
    expect(second.body.items).toEqual([
      {
        id: oldest.id,
        amount: 100,
        status: 'approved',
        requestedAt: at(1).toISOString(),
        processedAt: null,
        notes: null,
        decisionReason: null,
        paymentReference: null,
        // Paid by hand: no provider, no transfer.
        provider: null,
        transferStatus: null,
        canConfirmReceipt: true,
      },
    ])
    expect(first.body.items.map((item: { canConfirmReceipt: boolean }) => item.canConfirmReceipt)).toEqual([
      false,
      false,
      false,
    ])
  })

  // Scope lives in the query: vendor B's overview never shows A's payouts.
  it("vendor B does not see vendor A's payouts; vendor A does", async () => {
    const a = await registeredVendor(t)
    const b = await registeredVendor(t)
    const payout = await insertPayout(t.db, a.vendorId)
    const seenByB = await overview(b.cookie)
    expect(seenByB.body.items.map((item: { id: string }) => item.id)).not.toContain(payout.id)
    const seenByA = await overview(a.cookie)
    expect(seenByA.body.items.map((item: { id: string }) => item.id)).toContain(payout.id)
  })

  // The vendor area is the vendor's alone: signed-out users and admins are refused before anything is read.
  it('refuses signed-out users (401), admins (403) and users without a vendor record (404)', async () => {
    expectError(await t.get('/api/vendor/payouts'), {
      status: 401,
      code: 'UNAUTHENTICATED',
      messageKey: 'errors.unauthenticated',
    })
    const admin = await theAdmin(t)
    expectError(await overview(admin.cookie), {
      status: 403,
      code: 'FORBIDDEN',
      messageKey: 'errors.forbidden',
    })
    const unregistered = await confirmedVendor(t)
    expectError(await overview(unregistered.cookie), {
      status: 404,
      code: 'NOT_FOUND',
      messageKey: 'vendor.notRegistered',
    })
  })
})

describe('POST /api/vendor/payouts', () => {
  it('creates a pending payout with requested_at now, and the balance drops by its amount', async () => {
    const vendor = await registeredVendor(t)
    await insertOrders(t.db, vendor.vendorId, [10_000])
    const before = Date.now()
    const response = await requestPayout(vendor.cookie, 4_000)
    expect(response.status, response.text).toBe(201)
    expect(response.body).toMatchObject({
      amount: 4_000,
      status: 'pending',
      processedAt: null,
      notes: null,
      canConfirmReceipt: false,
    })
    const [row] = await payoutsOf(t.db, vendor.vendorId)
    expect(row).toMatchObject({ id: response.body.id, amount: 4_000, status: 'pending', processedBy: null })
    expect(row!.requestedAt.getTime()).toBeGreaterThanOrEqual(before - 1_000)
    expect(row!.requestedAt.getTime()).toBeLessThanOrEqual(Date.now() + 1_000)
    expect((await overview(vendor.cookie)).body).toMatchObject({
      availableBalance: 6_000,
      pendingTotal: 4_000,
    })
  })

  it('accepts exactly the whole available balance', async () => {
    const vendor = await registeredVendor(t)
    await insertOrders(t.db, vendor.vendorId, [2_500, 2_500])
    expect((await requestPayout(vendor.cookie, 5_000)).status).toBe(201)
    expect((await overview(vendor.cookie)).body.availableBalance).toBe(0)
  })

  // Specification §5: a whole number of francs, more than 0 and at most the balance, else 'Invalid payout amount';
  // the message says what is allowed, and nothing sent is rounded, read loosely or lowered to the balance.
  it.each([
    ['zero', 0],
    ['negative', -500],
    ['fractional', 10.5],
    ['a string', '1000'],
    ['a string with a sign', '-1000'],
    ['missing', undefined],
  ])('refuses an amount that is %s with payouts.amountWhole and writes nothing', async (_label, amount) => {
    const vendor = await registeredVendor(t)
    await insertOrders(t.db, vendor.vendorId, [5_000])
    const response = await requestPayout(vendor.cookie, amount)
    expectError(response, {
      status: 422,
      code: 'VALIDATION',
      messageKey: 'payouts.amountWhole',
      fields: { amount: 'payouts.amountWhole' },
    })
    expect(await payoutsOf(t.db, vendor.vendorId)).toEqual([])
  })

  it('refuses an amount above the balance, saying the balance, and never pays out the balance instead', async () => {
    const vendor = await registeredVendor(t)
    await insertOrders(t.db, vendor.vendorId, [5_000])
    for (const amount of [5_001, 1_000_000]) {
      const response = await requestPayout(vendor.cookie, amount)
      expectError(response, {
        status: 422,
        code: 'VALIDATION',
        messageKey: 'payouts.amountOverBalance',
        fields: { amount: 'payouts.amountOverBalance' },
      })
      expect(response.body.error.params).toEqual({ balance: 5_000 })
    }
    expect(await payoutsOf(t.db, vendor.vendorId)).toEqual([])
    expect((await overview(vendor.cookie)).body.availableBalance).toBe(5_000)
  })

  // Rejected payouts give their amount back; pending and approved ones keep it reserved.
  it('counts pending and approved payouts against the balance, not rejected ones', async () => {
    const vendor = await registeredVendor(t)
    await insertOrders(t.db, vendor.vendorId, [3_000])
    await insertPayout(t.db, vendor.vendorId, { amount: 1_000, status: 'pending' })
    await insertPayout(t.db, vendor.vendorId, { amount: 1_000, status: 'approved' })
    await insertPayout(t.db, vendor.vendorId, { amount: 1_000, status: 'rejected' })
    expectError(await requestPayout(vendor.cookie, 1_001), {
      status: 422,
      code: 'VALIDATION',
      messageKey: 'payouts.amountOverBalance',
    })
    expect((await requestPayout(vendor.cookie, 1_000)).status).toBe(201)
  })

  // With no completed orders there is nothing to pay out.
  it('refuses any amount when the balance is 0', async () => {
    const vendor = await registeredVendor(t)
    expectError(await requestPayout(vendor.cookie, 1), {
      status: 422,
      code: 'VALIDATION',
      messageKey: 'payouts.amountOverBalance',
    })
    expect(await payoutsOf(t.db, vendor.vendorId)).toEqual([])
  })

  // README: deliberate divergences: the browser-side check let two requests at once overdraw; the locked vendor row must not.
  it('50 requests at once never overdraw: the accepted sum stays within the balance', async () => {
    const vendor = await registeredVendor(t)
    await insertOrders(t.db, vendor.vendorId, [4_000, 6_000])
    const responses = await Promise.all(Array.from({ length: 50 }, () => requestPayout(vendor.cookie, 700)))
    const accepted = responses.filter((response) => response.status === 201)
    const refused = responses.filter((response) => response.status !== 201)
    for (const response of refused) {
      expectError(response, { status: 422, code: 'VALIDATION', messageKey: 'payouts.amountOverBalance' })
    }
    // 10,000 / 700: exactly 14 fit, and every one of them should have been accepted.
    expect(accepted).toHaveLength(14)
    const rows = await payoutsOf(t.db, vendor.vendorId)
    expect(rows).toHaveLength(14)
    expect(rows.reduce((sum, row) => sum + row.amount, 0)).toBe(9_800)
    const after = (await overview(vendor.cookie)).body
    expect(after.availableBalance).toBe(200)
    expect(after.pendingTotal).toBe(9_800)
  }, 120_000)

  // The vendor id comes from the session: naming another vendor's id in the body changes nothing.
  it("vendor B cannot request a payout on vendor A's balance", async () => {
    const a = await registeredVendor(t)
    const b = await registeredVendor(t)
    await insertOrders(t.db, a.vendorId, [5_000])
    const response = await t.post(
      '/api/vendor/payouts',
      { amount: 1_000, vendorId: a.vendorId },
      { cookie: b.cookie },
    )
    expectError(response, { status: 422, code: 'VALIDATION', messageKey: 'payouts.amountOverBalance' })
    expect(await payoutsOf(t.db, a.vendorId)).toEqual([])
    expect((await requestPayout(a.cookie, 1_000)).status).toBe(201)
  })

  it('refuses admins', async () => {
    const admin = await theAdmin(t)
    expectError(await requestPayout(admin.cookie, 100), {
      status: 403,
      code: 'FORBIDDEN',
      messageKey: 'errors.forbidden',
    })
  })
})

describe('POST /api/vendor/payouts/:id/confirm-receipt', () => {
  // Specification §4: once, only for an approved payout with empty notes, with an audit entry.
  it("sets the notes to 'Vendor confirmed receipt on {today in Kigali}' and writes the audit row, once", async () => {
    const vendor = await registeredVendor(t)
    const payout = await insertPayout(t.db, vendor.vendorId, {
      amount: 2_000,
      status: 'approved',
      processedAt: new Date(),
    })
    const response = await t.post(`/api/vendor/payouts/${payout.id}/confirm-receipt`, undefined, {
      cookie: vendor.cookie,
    })
    expect(response.status, response.text).toBe(200)
    const note = `Vendor confirmed receipt on ${today()}`
    expect(response.body).toMatchObject({
      id: payout.id,
      notes: note,
      canConfirmReceipt: false,
      status: 'approved',
    })
    expect(note).toMatch(/^Vendor confirmed receipt on \d{4}-\d{2}-\d{2}$/)
    const [row] = await t.db.select().from(payouts).where(eq(payouts.id, payout.id))
    expect(row?.notes).toBe(note)
    const audit = await auditRowsFor(t.db, payout.id)
    expect(audit).toHaveLength(1)
    expect(audit[0]).toMatchObject({
      adminId: vendor.user.id,
      action: 'update',
      targetTable: 'payouts',
      oldValues: { notes: null },
      newValues: { notes: note },
    })

    const again = await t.post(`/api/vendor/payouts/${payout.id}/confirm-receipt`, undefined, {
      cookie: vendor.cookie,
    })
    expectError(again, { status: 409, code: 'CONFLICT', messageKey: 'payouts.cannotConfirm' })
    expect(await auditRowsFor(t.db, payout.id)).toHaveLength(1)
  })

  // Two clicks at once (two tabs) still confirm once: the payout row is locked while it is checked.
  it('confirms once when two confirmations arrive at the same time', async () => {
    const vendor = await registeredVendor(t)
    const payout = await insertPayout(t.db, vendor.vendorId, { status: 'approved' })
    const responses = await Promise.all(
      [1, 2].map(() =>
        t.post(`/api/vendor/payouts/${payout.id}/confirm-receipt`, undefined, { cookie: vendor.cookie }),
      ),
    )
    expect(responses.map((response) => response.status).sort()).toEqual([200, 409])
    expect(await auditRowsFor(t.db, payout.id)).toHaveLength(1)
  })

  // Money not yet approved (or refused, or already noted) cannot be confirmed as received.
  it.each<[string, { status: 'pending' | 'rejected' | 'approved'; notes?: string }]>([
    ['pending', { status: 'pending' }],
    ['rejected', { status: 'rejected' }],
    ['approved with notes', { status: 'approved', notes: 'Paid by bank transfer' }],
  ])('refuses a payout that is %s with payouts.cannotConfirm, changing nothing', async (_label, values) => {
    const vendor = await registeredVendor(t)
    const payout = await insertPayout(t.db, vendor.vendorId, values)
    const response = await t.post(`/api/vendor/payouts/${payout.id}/confirm-receipt`, undefined, {
      cookie: vendor.cookie,
    })
    expectError(response, { status: 409, code: 'CONFLICT', messageKey: 'payouts.cannotConfirm' })
    const [row] = await t.db.select().from(payouts).where(eq(payouts.id, payout.id))
    expect(row?.notes).toBe(values.notes ?? null)
    expect(await auditRowsFor(t.db, payout.id)).toEqual([])
  })

  // Ids must not leak: another vendor's payout is "not found", never "forbidden".
  it("vendor B cannot confirm vendor A's payout (404, nothing written); vendor A still can", async () => {
    const a = await registeredVendor(t)
    const b = await registeredVendor(t)
    const payout = await insertPayout(t.db, a.vendorId, { status: 'approved' })
    const byB = await t.post(`/api/vendor/payouts/${payout.id}/confirm-receipt`, undefined, {
      cookie: b.cookie,
    })
    expectError(byB, { status: 404, code: 'NOT_FOUND', messageKey: 'errors.notFound' })
    expect(await auditRowsFor(t.db, payout.id)).toEqual([])
    const byA = await t.post(`/api/vendor/payouts/${payout.id}/confirm-receipt`, undefined, {
      cookie: a.cookie,
    })
    expect(byA.status, byA.text).toBe(200)
  })

  it('answers 404 for an unknown or malformed id', async () => {
    const vendor = await registeredVendor(t)
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      expectError(
        await t.post(`/api/vendor/payouts/${id}/confirm-receipt`, undefined, { cookie: vendor.cookie }),
        {
          status: 404,
          code: 'NOT_FOUND',
          messageKey: 'errors.notFound',
        },
      )
    }
  })
})

describe('PATCH /api/admin/payouts/:id', () => {
  // Second specification §7: approve or reject while pending, processed_at now, audited with the admin's id.
  it.each(['approved', 'rejected'] as const)(
    '%s: sets status, processed_at and processed_by, with the audit row',
    async (status) => {
      const admin = await theAdmin(t)
      const vendor = await registeredVendor(t)
      await insertOrders(t.db, vendor.vendorId, [3_000])
      const payout = await insertPayout(t.db, vendor.vendorId, { amount: 3_000 })
      const before = Date.now()
      const body = status === 'approved' ? { status, paymentReference: 'MTN-TX-1' } : { status }
      const response = await t.patch(`/api/admin/payouts/${payout.id}`, body, { cookie: admin.cookie })
      expect(response.status, response.text).toBe(200)
      expect(response.body).toMatchObject({ id: payout.id, status, canConfirmReceipt: status === 'approved' })
      const [row] = await t.db.select().from(payouts).where(eq(payouts.id, payout.id))
      expect(row).toMatchObject({ status, processedBy: admin.user.id })
      expect(row!.processedAt!.getTime()).toBeGreaterThanOrEqual(before - 1_000)
      const audit = await auditRowsFor(t.db, payout.id)
      expect(audit).toHaveLength(1)
      expect(audit[0]).toMatchObject({
        adminId: admin.user.id,
        action: status === 'approved' ? 'approve' : 'reject',
        targetTable: 'payouts',
        details: { previous_status: 'pending', new_status: status, amount: 3_000 },
      })
    },
  )

  // A decided payout stays decided: approving a rejected one would pay out money already released.
  it('refuses a payout that is no longer pending with payouts.notPending, changing nothing', async () => {
    const admin = await theAdmin(t)
    const vendor = await registeredVendor(t)
    const payout = await insertPayout(t.db, vendor.vendorId)
    expect(
      (await t.patch(`/api/admin/payouts/${payout.id}`, { status: 'rejected' }, { cookie: admin.cookie }))
        .status,
    ).toBe(200)
    const again = await t.patch(
      `/api/admin/payouts/${payout.id}`,
      { status: 'approved', paymentReference: 'MTN-TX-2' },
      { cookie: admin.cookie },
    )
    expectError(again, { status: 409, code: 'CONFLICT', messageKey: 'payouts.notPending' })
    const [row] = await t.db.select().from(payouts).where(eq(payouts.id, payout.id))
    expect(row?.status).toBe('rejected')
    expect(await auditRowsFor(t.db, payout.id)).toHaveLength(1)
  })

  it('a rejected payout gives its amount back to the balance; an approved one can then be confirmed', async () => {
    const admin = await theAdmin(t)
    const vendor = await registeredVendor(t)
    await insertOrders(t.db, vendor.vendorId, [5_000])
    const first = (await requestPayout(vendor.cookie, 5_000)).body
    expect((await overview(vendor.cookie)).body.availableBalance).toBe(0)
    await t.patch(`/api/admin/payouts/${first.id}`, { status: 'rejected' }, { cookie: admin.cookie })
    expect((await overview(vendor.cookie)).body.availableBalance).toBe(5_000)
    const second = (await requestPayout(vendor.cookie, 5_000)).body
    await t.patch(
      `/api/admin/payouts/${second.id}`,
      { status: 'approved', paymentReference: 'MTN-TX-3' },
      { cookie: admin.cookie },
    )
    const confirm = await t.post(`/api/vendor/payouts/${second.id}/confirm-receipt`, undefined, {
      cookie: vendor.cookie,
    })
    expect(confirm.status, confirm.text).toBe(200)
  })

  // Only admins decide payouts; a vendor must not approve their own request.
  it('refuses vendors (403) and signed-out users (401), and an invalid status (422), writing nothing', async () => {
    const admin = await theAdmin(t)
    const vendor = await registeredVendor(t)
    const payout = await insertPayout(t.db, vendor.vendorId)
    const audits = await rowCount(t.db, auditLogs)
    expectError(
      await t.patch(`/api/admin/payouts/${payout.id}`, { status: 'approved' }, { cookie: vendor.cookie }),
      {
        status: 403,
        code: 'FORBIDDEN',
        messageKey: 'errors.forbidden',
      },
    )
    // The specification's words for a signed-out admin action (admin §8).
    expectError(await t.patch(`/api/admin/payouts/${payout.id}`, { status: 'approved' }), {
      status: 401,
      code: 'UNAUTHENTICATED',
      messageKey: 'errors.mustBeLoggedIn',
    })
    expectError(
      await t.patch(`/api/admin/payouts/${payout.id}`, { status: 'paid' }, { cookie: admin.cookie }),
      {
        status: 422,
        code: 'VALIDATION',
        messageKey: 'errors.invalidValue',
      },
    )
    const [row] = await t.db.select().from(payouts).where(eq(payouts.id, payout.id))
    expect(row).toMatchObject({ status: 'pending', processedAt: null, processedBy: null })
    expect(await rowCount(t.db, auditLogs)).toBe(audits)
  })

  it('answers 404 for an unknown payout', async () => {
    const admin = await theAdmin(t)
    expectError(
      await t.patch(
        '/api/admin/payouts/00000000-0000-4000-8000-000000000000',
        { status: 'approved', paymentReference: 'MTN-TX-4' },
        { cookie: admin.cookie },
      ),
      { status: 404, code: 'NOT_FOUND', messageKey: 'errors.notFound' },
    )
  })
})

describe('refunds after payouts (docs/decisions/006)', () => {
  const approve = (id: string, cookie: string) =>
    t.patch(`/api/admin/payouts/${id}`, { status: 'approved', paymentReference: 'MTN-TX-5' }, { cookie })
  const refund = (id: string, cookie: string) =>
    t.patch(`/api/vendor/orders/${id}/status`, { status: 'refunded' }, { cookie })

  // The marketplace must not pay out a sale the customer got refunded.
  it('refuses to approve a payout whose order was refunded after the request; the payout stays pending', async () => {
    const admin = await theAdmin(t)
    const vendor = await registeredVendor(t)
    const [order] = await insertOrders(t.db, vendor.vendorId, [8_000])
    const requested = await requestPayout(vendor.cookie, 8_000)
    expect(requested.status, requested.text).toBe(201)
    expect((await refund(order!.id, vendor.cookie)).status).toBe(200)
    const response = await approve(requested.body.id, admin.cookie)
    expectError(response, { status: 409, code: 'CONFLICT', messageKey: 'payouts.exceedsBalance' })
    expect(response.body.error.params).toEqual({ amount: 8_000, balance: 0 })
    const [row] = await t.db.select().from(payouts).where(eq(payouts.id, requested.body.id))
    expect(row?.status).toBe('pending')
    expect(await auditRowsFor(t.db, requested.body.id)).toHaveLength(0)
    // Rejecting it is still possible, and gives the balance back.
    expect(
      (
        await t.patch(
          `/api/admin/payouts/${requested.body.id}`,
          { status: 'rejected' },
          { cookie: admin.cookie },
        )
      ).status,
    ).toBe(200)
    expect((await overview(vendor.cookie)).body.availableBalance).toBe(0)
  })

  it('still approves a payout the balance net of refunds covers', async () => {
    const admin = await theAdmin(t)
    const vendor = await registeredVendor(t)
    const [first] = await insertOrders(t.db, vendor.vendorId, [5_000, 6_000])
    const requested = await requestPayout(vendor.cookie, 6_000)
    expect((await refund(first!.id, vendor.cookie)).status).toBe(200)
    expect((await approve(requested.body.id, admin.cookie)).status).toBe(200)
  })

  // A refund of an order already paid out leaves a deficit: shown, and no new payout until it is settled.
  it('shows the deficit after a refund of a paid-out order and refuses new requests until sales settle it', async () => {
    const admin = await theAdmin(t)
    const vendor = await registeredVendor(t)
    const [order] = await insertOrders(t.db, vendor.vendorId, [4_000])
    const requested = await requestPayout(vendor.cookie, 4_000)
    expect((await approve(requested.body.id, admin.cookie)).status).toBe(200)
    expect((await refund(order!.id, vendor.cookie)).status).toBe(200)
    expect((await overview(vendor.cookie)).body.availableBalance).toBe(-4_000)
    expectError(await requestPayout(vendor.cookie, 1), {
      status: 422,
      code: 'VALIDATION',
      messageKey: 'payouts.amountOverBalance',
    })
    await insertOrders(t.db, vendor.vendorId, [5_000])
    expect((await overview(vendor.cookie)).body.availableBalance).toBe(1_000)
    expect((await requestPayout(vendor.cookie, 1_000)).status).toBe(201)
  })

  // The refund and the approval take the same vendor lock, so whichever runs second sees the other.
  it('a refund racing an approval never leaves an approved payout above the net balance', async () => {
    const admin = await theAdmin(t)
    for (let round = 0; round < 5; round += 1) {
      const vendor = await registeredVendor(t)
      const [order] = await insertOrders(t.db, vendor.vendorId, [7_000])
      const requested = await requestPayout(vendor.cookie, 7_000)
      const [refunded, approved] = await Promise.all([
        refund(order!.id, vendor.cookie),
        approve(requested.body.id, admin.cookie),
      ])
      expect(refunded.status).toBe(200)
      const balance = (await overview(vendor.cookie)).body.availableBalance
      if (approved.status === 200) {
        // The approval ran first: the refund then left a deficit, shown as owed.
        expect(balance).toBe(-7_000)
      } else {
        expectError(approved, { status: 409, code: 'CONFLICT', messageKey: 'payouts.exceedsBalance' })
        const [row] = await t.db.select().from(payouts).where(eq(payouts.id, requested.body.id))
        expect(row?.status).toBe('pending')
      }
    }
  })
})
