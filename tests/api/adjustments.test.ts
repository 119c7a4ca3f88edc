import { randomUUID } from 'node:crypto'
import { and, asc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  auditLogs,
  ledgerAdjustments,
  ledgerBalances,
  ledgerEntries,
  ledgerLines,
  mailOutbox,
  users,
  vendors,
} from '../../src/server/db/schema'
import { languageHeader } from '../../src/shared/constants'
import { uploadFile } from '../fixtures/commerce'
import { expectError } from '../fixtures/expect-error'
import { confirmedVendor, mailsTo } from '../fixtures/factories'
import { auditRowsFor, registeredVendor, rowCount, theAdmin } from '../fixtures/money'
import { createTestApp } from '../fixtures/test-app'

let t: Awaited<ReturnType<typeof createTestApp>>

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})

/** The default threshold (migration 0020): an adjustment of more than this, either way, waits for a second admin. */
const APPROVAL_ABOVE = 100_000

const admin = () => theAdmin(t)
/** Another admin: a confirmed account given the admin role (self-registration only makes vendors). */
async function secondAdmin() {
  const who = await confirmedVendor(t)
  await t.db.update(users).set({ role: 'admin' }).where(eq(users.id, who.user.id))
  return who
}

const adjust = (vendorId: string, body: unknown, cookie: string) =>
  t.post(`/api/admin/vendors/${vendorId}/adjustments`, body, { cookie })
const approve = (id: string, cookie: string) => t.post(`/api/admin/adjustments/${id}/approve`, {}, { cookie })
const reject = (id: string, cookie: string) => t.post(`/api/admin/adjustments/${id}/reject`, {}, { cookie })
const list = (query: Record<string, string | number>, cookie: string) =>
  t.get(
    `/api/admin/adjustments?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`,
    { cookie },
  )

/** What the shop may request now, as its payouts page reads it. */
async function balanceOf(vendor: { cookie: string }) {
  const response = await t.get('/api/vendor/payouts', { cookie: vendor.cookie })
  expect(response.status, response.text).toBe(200)
  return response.body.availableBalance as number
}

const entriesOf = (adjustmentId: string) =>
  t.db.select().from(ledgerEntries).where(eq(ledgerEntries.adjustmentId, adjustmentId))
const linesOf = (entryId: string) =>
  t.db.select().from(ledgerLines).where(eq(ledgerLines.entryId, entryId)).orderBy(asc(ledgerLines.id))
const adjustmentRow = async (id: string) =>
  (await t.db.select().from(ledgerAdjustments).where(eq(ledgerAdjustments.id, id)))[0]!
const accountBalance = async (account: 'adjustments' | 'subscription_income' | 'marketplace_cash') =>
  (
    await t.db
      .select({ balance: ledgerBalances.balance })
      .from(ledgerBalances)
      .where(
        and(
          eq(ledgerBalances.account, account),
          eq(ledgerBalances.owner, '00000000-0000-0000-0000-000000000000'),
        ),
      )
  )[0]?.balance ?? 0

/** Everything a refused request could have written. */
const writes = async () => ({
  adjustments: await rowCount(t.db, ledgerAdjustments),
  entries: await rowCount(t.db, ledgerEntries),
  lines: await rowCount(t.db, ledgerLines),
  audits: await rowCount(t.db, auditLogs),
  mails: await rowCount(t.db, mailOutbox),
})

/** A vendor whose screens last showed `language`: the mail to them is written in it. */
async function vendorUsing(language: 'en' | 'rw') {
  const vendor = await registeredVendor(t)
  const response = await t.get('/api/vendor/profile', {
    cookie: vendor.cookie,
    headers: { [languageHeader]: language },
  })
  expect(response.status, response.text).toBe(200)
  return vendor
}

/** A pending adjustment (above the threshold) asked for by the file's admin. */
async function pendingAdjustment(vendorId: string, amount = APPROVAL_ABOVE + 50_000) {
  const response = await adjust(
    vendorId,
    { amount, reason: 'Compensation for a lost parcel' },
    (await admin()).cookie,
  )
  expect(response.status, response.text).toBe(201)
  expect(response.body.status).toBe('pending')
  return response.body as { id: string; amount: number }
}

describe('who may adjust a balance', () => {
  // Money moves only by an admin's hand: a vendor crediting their own shop would be theft.
  it('refuses a vendor creating, listing, approving or rejecting adjustments (403)', async () => {
    const vendor = await registeredVendor(t)
    const pending = await pendingAdjustment(vendor.vendorId)
    const before = await writes()
    for (const response of [
      await adjust(vendor.vendorId, { amount: 1_000, reason: 'Mine' }, vendor.cookie),
      await list({ status: 'pending' }, vendor.cookie),
      await approve(pending.id, vendor.cookie),
      await reject(pending.id, vendor.cookie),
    ]) {
      expectError(response, { status: 403, code: 'FORBIDDEN', messageKey: 'errors.forbidden' })
    }
    expect(await writes()).toEqual(before)
    expect((await adjustmentRow(pending.id)).status).toBe('pending')
  })

  it('lets admins create, list, approve and reject them', async () => {
    const vendor = await registeredVendor(t)
    const { cookie } = await admin()
    const other = await secondAdmin()
    expect((await adjust(vendor.vendorId, { amount: 1_000, reason: 'Goodwill' }, cookie)).status).toBe(201)
    const first = await pendingAdjustment(vendor.vendorId)
    const second = await pendingAdjustment(vendor.vendorId)
    const listed = await list({ status: 'all', vendorId: vendor.vendorId }, cookie)
    expect(listed.status, listed.text).toBe(200)
    expect(listed.body.total).toBe(3)
    expect((await approve(first.id, other.cookie)).status).toBe(200)
    expect((await reject(second.id, other.cookie)).status).toBe(200)
  })

  it('refuses a signed-out request (401)', async () => {
    const vendor = await registeredVendor(t)
    const response = await t.post(`/api/admin/vendors/${vendor.vendorId}/adjustments`, {
      amount: 1_000,
      reason: 'x',
    })
    expect(response.status).toBe(401)
  })
})

describe('POST /api/admin/vendors/:id/adjustments', () => {
  // Up to the threshold one admin suffices: the entry posts at once and the shop can be paid it.
  it('posts an adjustment up to the threshold at once: one balanced entry, the shop line first', async () => {
    const vendor = await registeredVendor(t)
    const { cookie, user } = await admin()
    const before = await balanceOf(vendor)
    const adjustmentsBefore = await accountBalance('adjustments')
    const response = await adjust(
      vendor.vendorId,
      { amount: 5_000, reason: '  Delivery fee refunded  ' },
      cookie,
    )
    expect(response.status, response.text).toBe(201)
    expect(response.body).toMatchObject({
      vendorId: vendor.vendorId,
      shopName: vendor.shopName,
      amount: 5_000,
      reason: 'Delivery fee refunded',
      status: 'posted',
      requestedBy: { id: user.id, email: user.email },
      decidedBy: null,
      isOwnRequest: true,
    })
    expect(response.body.decidedAt).toEqual(expect.any(String))
    const entries = await entriesOf(response.body.id)
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({ kind: 'adjustment', vendorId: vendor.vendorId })
    const lines = await linesOf(entries[0]!.id)
    expect(lines).toMatchObject([
      { account: 'vendor_payable', kind: 'adjustment', amount: 5_000, vendorId: vendor.vendorId },
      { account: 'adjustments', kind: 'adjustment', amount: -5_000, vendorId: vendor.vendorId },
    ])
    expect(lines.reduce((sum, line) => sum + line.amount, 0)).toBe(0)
    expect(lines[0]!.balanceAfter).toBe(before + 5_000)
    expect(await balanceOf(vendor)).toBe(before + 5_000)
    expect(await accountBalance('adjustments')).toBe(adjustmentsBefore - 5_000)

    // A debit takes from the balance, below 0 if it must (the shop then owes it: docs/decisions/006).
    const debit = await adjust(vendor.vendorId, { amount: -7_500, reason: 'Chargeback' }, cookie)
    expect(debit.status, debit.text).toBe(201)
    expect(debit.body.status).toBe('posted')
    const [debitEntry] = await entriesOf(debit.body.id)
    expect(await linesOf(debitEntry!.id)).toMatchObject([
      { account: 'vendor_payable', amount: -7_500 },
      { account: 'adjustments', amount: 7_500 },
    ])
    expect(await balanceOf(vendor)).toBe(before - 2_500)
  })

  // The operator's threshold is inclusive: exactly at it one admin suffices, one franc more needs two.
  it('posts exactly the threshold at once and holds one franc more, either way', async () => {
    const vendor = await registeredVendor(t)
    const { cookie } = await admin()
    const statusOf = async (amount: number) =>
      (await adjust(vendor.vendorId, { amount, reason: 'Boundary' }, cookie)).body.status
    expect(await statusOf(APPROVAL_ABOVE)).toBe('posted')
    expect(await statusOf(-APPROVAL_ABOVE)).toBe('posted')
    expect(await statusOf(APPROVAL_ABOVE + 1)).toBe('pending')
    expect(await statusOf(-APPROVAL_ABOVE - 1)).toBe('pending')
  })

  it('follows the threshold the operator set', async () => {
    const vendor = await registeredVendor(t)
    const { cookie } = await admin()
    await t.db.execute(sql`update marketplace_settings set adjustment_approval_above = 1000 where id = 1`)
    try {
      const response = await adjust(vendor.vendorId, { amount: 1_001, reason: 'Small but above' }, cookie)
      expect(response.body.status).toBe('pending')
      const listed = await list({ status: 'pending', vendorId: vendor.vendorId }, cookie)
      expect(listed.body.approvalAbove).toBe(1_000)
    } finally {
      await t.db.execute(sql`update marketplace_settings set adjustment_approval_above = 100000 where id = 1`)
    }
  })

  // Above the threshold nothing moves until a second person agrees.
  it('holds an adjustment above the threshold as pending: nothing posted, the balance unchanged', async () => {
    const vendor = await registeredVendor(t)
    const before = await balanceOf(vendor)
    const mailsBefore = (await mailsTo(t.db, vendor.email)).length
    const pending = await pendingAdjustment(vendor.vendorId, 250_000)
    expect(await entriesOf(pending.id)).toEqual([])
    expect(await balanceOf(vendor)).toBe(before)
    expect(await adjustmentRow(pending.id)).toMatchObject({
      status: 'pending',
      decidedBy: null,
      decidedAt: null,
    })
    expect((await mailsTo(t.db, vendor.email)).length).toBe(mailsBefore)
  })

  // A refused request leaves no adjustment, entry, audit row or mail behind.
  it('refuses bad input with 422 (or 404 for an unknown shop), and changes nothing', async () => {
    const vendor = await registeredVendor(t)
    const { cookie } = await admin()
    const before = await writes()
    const balance = await balanceOf(vendor)
    const cases: Array<[unknown, string, string]> = [
      [{ amount: 0, reason: 'Nothing' }, 'amount', 'adjustments.amountInvalid'],
      [{ amount: 1.5, reason: 'Half' }, 'amount', 'adjustments.amountInvalid'],
      [{ amount: '1000', reason: 'Text' }, 'amount', 'adjustments.amountInvalid'],
      [{ amount: 2e12, reason: 'Too much' }, 'amount', 'adjustments.amountInvalid'],
      [{ reason: 'No amount' }, 'amount', 'adjustments.amountInvalid'],
      [{ amount: 1_000, reason: '' }, 'reason', 'adjustments.reasonRequired'],
      [{ amount: 1_000, reason: '   ' }, 'reason', 'adjustments.reasonRequired'],
      [{ amount: 1_000 }, 'reason', 'adjustments.reasonRequired'],
      [{ amount: 1_000, reason: 'x'.repeat(501) }, 'reason', 'errors.tooLong'],
    ]
    for (const [body, field, messageKey] of cases) {
      const response = await adjust(vendor.vendorId, body, cookie)
      expect(response.status, JSON.stringify(body)).toBe(422)
      expect(response.body.error.fields, JSON.stringify(body)).toMatchObject({ [field]: messageKey })
    }
    expectError(await adjust(randomUUID(), { amount: 1_000, reason: 'Nobody' }, cookie), {
      status: 404,
      code: 'NOT_FOUND',
      messageKey: 'errors.notFound',
    })
    expectError(await adjust('not-a-shop', { amount: 1_000, reason: 'Nobody' }, cookie), {
      status: 404,
      code: 'NOT_FOUND',
      messageKey: 'errors.notFound',
    })
    expect(await writes()).toEqual(before)
    expect(await balanceOf(vendor)).toBe(balance)
  })

  // The shop hears of money moved on its account, in the language it reads.
  it('mails the vendor in their language when an adjustment posts, with the amount and the reason', async () => {
    const { cookie } = await admin()
    const english = await vendorUsing('en')
    const kinyarwanda = await vendorUsing('rw')
    expect(
      (await adjust(english.vendorId, { amount: 12_000, reason: 'Courier refund' }, cookie)).status,
    ).toBe(201)
    expect((await adjust(kinyarwanda.vendorId, { amount: -3_000, reason: 'Packaging' }, cookie)).status).toBe(
      201,
    )
    const [toEnglish] = await mailsTo(t.db, english.email)
    expect(toEnglish).toMatchObject({
      subject: "RWF 12,000 was added to your shop's balance",
      status: 'queued',
    })
    expect(toEnglish!.text).toContain('Reason: Courier refund')
    expect(toEnglish!.link).toMatch(/\/vendor\/payouts$/)
    const [toKinyarwanda] = await mailsTo(t.db, kinyarwanda.email)
    expect(toKinyarwanda!.subject).toBe("Amafaranga y'iduka ryawe yagabanyijweho RWF 3,000")
    expect(toKinyarwanda!.text).toContain('Impamvu: Packaging')
  })

  it('records the request in the audit log, by the admin, in the same change', async () => {
    const vendor = await registeredVendor(t)
    const { cookie, user } = await admin()
    const posted = await adjust(vendor.vendorId, { amount: 2_000, reason: 'Promo' }, cookie)
    const pending = await pendingAdjustment(vendor.vendorId)
    const [postedAudit] = await auditRowsFor(t.db, posted.body.id)
    const [entry] = await entriesOf(posted.body.id)
    expect(postedAudit).toMatchObject({
      adminId: user.id,
      action: 'create',
      targetTable: 'ledger_adjustments',
      newValues: { vendor_id: vendor.vendorId, amount: 2_000, reason: 'Promo', status: 'posted' },
      details: { shop_name: vendor.shopName, approval_above: APPROVAL_ABOVE, ledger_entry_id: entry!.id },
    })
    const [pendingAudit] = await auditRowsFor(t.db, pending.id)
    expect(pendingAudit).toMatchObject({ action: 'create', newValues: { status: 'pending' } })
    expect(pendingAudit!.details).not.toHaveProperty('ledger_entry_id')
  })
})

describe('GET /api/admin/adjustments', () => {
  it('lists adjustments newest first with the shop, amount, reason, who asked and when, paged', async () => {
    const vendor = await registeredVendor(t)
    const { cookie, user } = await admin()
    const other = await secondAdmin()
    const older = await pendingAdjustment(vendor.vendorId, 120_000)
    const newer = await pendingAdjustment(vendor.vendorId, -130_000)
    const posted = await adjust(vendor.vendorId, { amount: 100, reason: 'Small' }, cookie)

    const pending = await list({ status: 'pending', vendorId: vendor.vendorId }, other.cookie)
    expect(pending.status, pending.text).toBe(200)
    expect(pending.body).toMatchObject({ total: 2, approvalAbove: APPROVAL_ABOVE })
    expect(pending.body.items.map((item: { id: string }) => item.id)).toEqual([newer.id, older.id])
    expect(pending.body.items[0]).toMatchObject({
      shopName: vendor.shopName,
      amount: -130_000,
      reason: 'Compensation for a lost parcel',
      status: 'pending',
      requestedBy: { id: user.id, fullName: user.fullName, email: user.email },
      decidedBy: null,
      decidedAt: null,
      // The reader did not ask for it: they may decide it.
      isOwnRequest: false,
    })
    expect(pending.body.items[0].requestedAt).toEqual(expect.any(String))
    // The admin who asked reads the same rows marked as theirs.
    const mine = await list({ status: 'pending', vendorId: vendor.vendorId }, cookie)
    expect(mine.body.items.every((item: { isOwnRequest: boolean }) => item.isOwnRequest)).toBe(true)

    const all = await list({ status: 'all', vendorId: vendor.vendorId, pageSize: 2 }, cookie)
    expect(all.body).toMatchObject({ total: 3, pageSize: 2 })
    expect(all.body.items.map((item: { id: string }) => item.id)).toEqual([posted.body.id, newer.id])
    const next = await list(
      { status: 'all', vendorId: vendor.vendorId, pageSize: 2, page: 2, after: all.body.nextCursor },
      cookie,
    )
    expect(next.body.items.map((item: { id: string }) => item.id)).toEqual([older.id])
  })

  it('refuses an unknown status or shop id with 422', async () => {
    const { cookie } = await admin()
    expect((await list({ status: 'approved' }, cookie)).status).toBe(422)
    expect((await list({ vendorId: 'nope' }, cookie)).status).toBe(422)
  })
})

describe('POST /api/admin/adjustments/:id/approve and /reject', () => {
  // Two people: whoever asked for a large adjustment cannot also wave it through.
  it('refuses the admin who asked for it (403) and lets a second admin approve it', async () => {
    const vendor = await registeredVendor(t)
    const { cookie } = await admin()
    const other = await secondAdmin()
    const pending = await pendingAdjustment(vendor.vendorId, 180_000)
    const before = await balanceOf(vendor)
    const audits = await rowCount(t.db, auditLogs)
    for (const response of [await approve(pending.id, cookie), await reject(pending.id, cookie)]) {
      expectError(response, { status: 403, code: 'FORBIDDEN', messageKey: 'adjustments.ownRequest' })
    }
    expect(await adjustmentRow(pending.id)).toMatchObject({ status: 'pending', decidedBy: null })
    expect(await entriesOf(pending.id)).toEqual([])
    expect(await rowCount(t.db, auditLogs)).toBe(audits)

    const approved = await approve(pending.id, other.cookie)
    expect(approved.status, approved.text).toBe(200)
    expect(approved.body).toMatchObject({
      status: 'posted',
      decidedBy: { id: other.user.id, email: other.email },
      isOwnRequest: false,
    })
    const entries = await entriesOf(pending.id)
    expect(entries).toHaveLength(1)
    expect(await linesOf(entries[0]!.id)).toMatchObject([
      { account: 'vendor_payable', kind: 'adjustment', amount: 180_000 },
      { account: 'adjustments', kind: 'adjustment', amount: -180_000 },
    ])
    expect(await balanceOf(vendor)).toBe(before + 180_000)
    const decisionAudits = (await auditRowsFor(t.db, pending.id)).filter((row) => row.action === 'approve')
    expect(decisionAudits).toHaveLength(1)
    expect(decisionAudits[0]).toMatchObject({
      adminId: other.user.id,
      targetTable: 'ledger_adjustments',
      oldValues: { status: 'pending' },
      newValues: { status: 'posted' },
      details: { vendor_id: vendor.vendorId, amount: 180_000, ledger_entry_id: entries[0]!.id },
    })
    const [mail] = await mailsTo(t.db, vendor.email)
    expect(mail!.subject).toBe("RWF 180,000 was added to your shop's balance")
  })

  // The database holds the same rule, whatever a future code path forgets.
  it('is refused by the database too when the requester is recorded as the decider', async () => {
    const vendor = await registeredVendor(t)
    const pending = await pendingAdjustment(vendor.vendorId)
    const { user } = await admin()
    await expect(
      t.db
        .update(ledgerAdjustments)
        .set({ status: 'posted', decidedBy: user.id, decidedAt: new Date() })
        .where(eq(ledgerAdjustments.id, pending.id)),
    ).rejects.toMatchObject({
      cause: expect.objectContaining({ constraint: 'ledger_adjustments_second_admin' }),
    })
  })

  it('decides once: a second approval or a rejection after it is 409 and posts nothing more', async () => {
    const vendor = await registeredVendor(t)
    const other = await secondAdmin()
    const third = await secondAdmin()
    const pending = await pendingAdjustment(vendor.vendorId)
    expect((await approve(pending.id, other.cookie)).status).toBe(200)
    const balance = await balanceOf(vendor)
    for (const response of [
      await approve(pending.id, other.cookie),
      await approve(pending.id, third.cookie),
      await reject(pending.id, third.cookie),
    ]) {
      expectError(response, { status: 409, code: 'CONFLICT', messageKey: 'adjustments.notPending' })
    }
    expect(await entriesOf(pending.id)).toHaveLength(1)
    expect(await balanceOf(vendor)).toBe(balance)
  })

  it('rejects: nothing posts, the balance stays, no mail, audited; it cannot be approved afterwards', async () => {
    const vendor = await registeredVendor(t)
    const other = await secondAdmin()
    const pending = await pendingAdjustment(vendor.vendorId, -200_000)
    const balance = await balanceOf(vendor)
    const mails = (await mailsTo(t.db, vendor.email)).length
    const rejected = await reject(pending.id, other.cookie)
    expect(rejected.status, rejected.text).toBe(200)
    expect(rejected.body).toMatchObject({ status: 'rejected', decidedBy: { id: other.user.id } })
    expect(await entriesOf(pending.id)).toEqual([])
    expect(await balanceOf(vendor)).toBe(balance)
    expect((await mailsTo(t.db, vendor.email)).length).toBe(mails)
    const [audit] = (await auditRowsFor(t.db, pending.id)).filter((row) => row.action === 'reject')
    expect(audit).toMatchObject({ adminId: other.user.id, newValues: { status: 'rejected' } })
    expectError(await approve(pending.id, other.cookie), {
      status: 409,
      code: 'CONFLICT',
      messageKey: 'adjustments.notPending',
    })
  })

  // Two admins clicking at once (or one double-click) must not pay the shop twice.
  it('posts once when 20 approvals of one pending adjustment arrive at the same time', async () => {
    const vendor = await registeredVendor(t)
    const other = await secondAdmin()
    const pending = await pendingAdjustment(vendor.vendorId, 160_000)
    const balance = await balanceOf(vendor)
    const responses = await Promise.all(Array.from({ length: 20 }, () => approve(pending.id, other.cookie)))
    const statuses = responses.map((response) => response.status).sort()
    expect(statuses).toEqual([200, ...Array<number>(19).fill(409)])
    expect(await entriesOf(pending.id)).toHaveLength(1)
    expect(await balanceOf(vendor)).toBe(balance + 160_000)
    expect((await auditRowsFor(t.db, pending.id)).filter((row) => row.action === 'approve')).toHaveLength(1)
  })

  it('answers 404 for an unknown or malformed id', async () => {
    const other = await secondAdmin()
    for (const id of [randomUUID(), 'nope']) {
      expectError(await approve(id, other.cookie), {
        status: 404,
        code: 'NOT_FOUND',
        messageKey: 'errors.notFound',
      })
    }
  })
})

// ── The shop's tax identity ──

/** A confirmed vendor's registration body (a government ID uploaded), before the shop exists. */
async function registrationFor(overrides: Record<string, unknown> = {}) {
  const who = await confirmedVendor(t)
  const govId = await uploadFile(t, who.cookie, 'gov_id', 'pdf')
  const body = {
    fullName: who.input.fullName,
    phone: '0788 123 456',
    shopName: `Tax Shop ${randomUUID().slice(0, 8)}`,
    businessAddress: 'KN 4 Ave, Kigali',
    govId: govId.id,
    idDocuments: [],
    businessDocuments: [],
    payoutMethod: 'mobile_money',
    payoutDetails: { provider: 'mtn', mobileNumber: '0788123456' },
    ...overrides,
  }
  return { who, body, register: () => t.post('/api/vendor/registration', body, { cookie: who.cookie }) }
}

const shopOf = async (id: string) => (await t.db.select().from(vendors).where(eq(vendors.id, id)))[0]!
const updateProfile = (cookie: string, body: unknown) => t.patch('/api/vendor/profile', body, { cookie })

describe("a shop's TIN and VAT registration", () => {
  // A TIN is 9 digits (Rwanda Revenue Authority): anything else on an invoice would be worthless.
  it('refuses a TIN that is not 9 digits at registration (422), and creates no shop', async () => {
    for (const tin of ['12345678', '1234567890', '12345678a', '１２３４５６７８９']) {
      const { register } = await registrationFor({ tin })
      const shops = await rowCount(t.db, vendors)
      const response = await register()
      expect(response.status, `${tin}: ${response.text}`).toBe(422)
      expect(response.body.error.fields).toMatchObject({ tin: 'vendor.tinInvalid' })
      expect(await rowCount(t.db, vendors)).toBe(shops)
    }
  })

  it('stores a good TIN (typed with spaces) and VAT registration, and returns them', async () => {
    const { register } = await registrationFor({ tin: ' 100 123 456 ', vatRegistered: true })
    const response = await register()
    expect(response.status, response.text).toBe(201)
    expect(response.body).toMatchObject({ tin: '100123456', vatRegistered: true })
    expect(await shopOf(response.body.id)).toMatchObject({ tin: '100123456', vatRegistered: true })
  })

  it('leaves both unset when the vendor gives none', async () => {
    const { register } = await registrationFor()
    const response = await register()
    expect(response.status, response.text).toBe(201)
    expect(response.body).toMatchObject({ tin: null, vatRegistered: false })
  })

  it('refuses a bad TIN on the profile (422) and keeps the stored one', async () => {
    const vendor = await registeredVendor(t)
    expect((await updateProfile(vendor.cookie, { tin: '100123456' })).status).toBe(200)
    for (const tin of ['1001234', 'TIN100123', '100123456789']) {
      const response = await updateProfile(vendor.cookie, { tin, vatRegistered: true })
      expectError(response, {
        status: 422,
        code: 'VALIDATION',
        messageKey: 'vendor.tinInvalid',
        fields: { tin: 'vendor.tinInvalid' },
      })
    }
    expect(await shopOf(vendor.vendorId)).toMatchObject({ tin: '100123456', vatRegistered: false })
  })

  it('changes the TIN and VAT registration on the profile, audited, and clears the TIN when blank', async () => {
    const vendor = await registeredVendor(t)
    const response = await updateProfile(vendor.cookie, { tin: '100-123-457', vatRegistered: true })
    expect(response.status, response.text).toBe(200)
    expect(response.body).toMatchObject({ tin: '100123457', vatRegistered: true })
    const profile = await t.get('/api/vendor/profile', { cookie: vendor.cookie })
    expect(profile.body).toMatchObject({ tin: '100123457', vatRegistered: true })
    const audit = (await auditRowsFor(t.db, vendor.vendorId)).find((row) => row.newValues?.tin)
    expect(audit).toMatchObject({
      action: 'update',
      oldValues: { tin: null, vat_registered: false },
      newValues: { tin: '100123457', vat_registered: true },
    })
    const cleared = await updateProfile(vendor.cookie, { tin: '' })
    expect(cleared.body).toMatchObject({ tin: null, vatRegistered: true })
    // Not sent: left as it is.
    expect(
      (await updateProfile(vendor.cookie, { shopName: `${vendor.shopName} Ltd` })).body.vatRegistered,
    ).toBe(true)
  })

  // The profile changes the caller's own shop: no id is taken from the request.
  it("does not let vendor B change vendor A's TIN; vendor A still can", async () => {
    const a = await registeredVendor(t)
    const b = await registeredVendor(t)
    expect((await updateProfile(a.cookie, { tin: '111111111' })).status).toBe(200)
    const byB = await updateProfile(b.cookie, { tin: '222222222', id: a.vendorId, vendorId: a.vendorId })
    expect(byB.status, byB.text).toBe(200)
    expect(await shopOf(a.vendorId)).toMatchObject({ tin: '111111111' })
    expect(await shopOf(b.vendorId)).toMatchObject({ tin: '222222222' })
    expect((await updateProfile(a.cookie, { tin: '333333333' })).status).toBe(200)
    expect(await shopOf(a.vendorId)).toMatchObject({ tin: '333333333' })
  })

  it("shows them on the admin's view of the shop", async () => {
    const vendor = await registeredVendor(t)
    await updateProfile(vendor.cookie, { tin: '100123458', vatRegistered: true })
    const response = await t.get(`/api/admin/vendors/${vendor.vendorId}`, { cookie: (await admin()).cookie })
    expect(response.status, response.text).toBe(200)
    expect(response.body).toMatchObject({ tin: '100123458', vatRegistered: true })
  })

  it('is held to 9 digits by the database as well', async () => {
    const vendor = await registeredVendor(t)
    await expect(
      t.db.update(vendors).set({ tin: '12345' }).where(eq(vendors.id, vendor.vendorId)),
    ).rejects.toMatchObject({ cause: expect.objectContaining({ constraint: 'vendors_tin_check' }) })
  })
})

// ── A paid plan's fee ──

describe('confirming a paid plan posts its fee', () => {
  // The fee reached the marketplace outside Isoko: its books gain cash and income, the shop's balance stays.
  it("posts one balanced subscription_fee entry and leaves the shop's balance as it was", async () => {
    const vendor = await registeredVendor(t)
    const { cookie } = await admin()
    expect(
      (await t.put('/api/vendor/subscription', { plan: 'growth' }, { cookie: vendor.cookie })).status,
    ).toBe(200)
    const balance = await balanceOf(vendor)
    const income = await accountBalance('subscription_income')
    const confirmed = await t.post(
      `/api/admin/vendors/${vendor.vendorId}/plan`,
      { plan: 'growth' },
      { cookie },
    )
    expect(confirmed.status, confirmed.text).toBe(200)

    const fees = await t.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.vendorId, vendor.vendorId), eq(ledgerEntries.kind, 'subscription_fee')))
    expect(fees).toHaveLength(1)
    expect(fees[0]!.memo).toEqual({ plan: 'growth', price: 10_000 })
    const lines = await linesOf(fees[0]!.id)
    expect(lines).toHaveLength(2)
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          account: 'marketplace_cash',
          kind: 'fee',
          amount: -10_000,
          vendorId: vendor.vendorId,
        }),
        expect.objectContaining({
          account: 'subscription_income',
          kind: 'fee',
          amount: 10_000,
          vendorId: vendor.vendorId,
        }),
      ]),
    )
    expect(lines.reduce((sum, line) => sum + line.amount, 0)).toBe(0)
    expect(await balanceOf(vendor)).toBe(balance)
    expect(await accountBalance('subscription_income')).toBe(income + 10_000)
    const audit = (await auditRowsFor(t.db, vendor.vendorId)).find(
      (row) => (row.details as { change?: string } | null)?.change === 'plan_payment_confirmed',
    )
    expect(audit?.details).toMatchObject({ fee: 10_000, ledger_entry_id: fees[0]!.id })

    // Confirmed once: a second confirmation is refused and posts no second fee.
    const again = await t.post(`/api/admin/vendors/${vendor.vendorId}/plan`, { plan: 'growth' }, { cookie })
    expect(again.status).toBe(409)
    expect(
      await t.db
        .select()
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.vendorId, vendor.vendorId), eq(ledgerEntries.kind, 'subscription_fee'))),
    ).toHaveLength(1)
  })
})

describe('the ledger after all of the above', () => {
  // npm run db:check's rule: each account's kept balance is the sum of its lines (application code posted some).
  it("keeps every account's balance equal to the sum of its lines", async () => {
    const result = (await t.db.execute(sql`
      select coalesce(e.account, b.account) as account, coalesce(e.owner, b.owner) as owner
      from ledger_balances_expected e
      full join ledger_balances b on b.account = e.account and b.owner = e.owner
      where coalesce(e.balance, 0) <> coalesce(b.balance, 0) or coalesce(e.lines, 0) <> coalesce(b.lines, 0)`)) as unknown as {
      rows: unknown[]
    }
    expect(result.rows).toEqual([])
    const unbalanced = (await t.db.execute(
      sql`select entry_id from ledger_lines group by entry_id having sum(amount) <> 0`,
    )) as unknown as { rows: unknown[] }
    expect(unbalanced.rows).toEqual([])
  })
})
