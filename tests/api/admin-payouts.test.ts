import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLogs, payouts, users, vendors } from '../../src/server/db/schema'
import { csvCell, csvRow } from '../../src/server/lib/csv'
import { calendarDay } from '../../src/server/lib/calendar'
import { exportAdminPayouts } from '../../src/server/payouts/payouts.service'
import { receiptNote } from '../../src/shared/schemas/payout'
import { expectError } from '../fixtures/expect-error'
import { confirmedVendor } from '../fixtures/factories'
import {
  auditRowsFor,
  insertOrders,
  insertPayout,
  registeredVendor,
  rowCount,
  theAdmin,
  type RegisteredVendor,
} from '../fixtures/money'
import { createTestApp } from '../fixtures/test-app'

let t: Awaited<ReturnType<typeof createTestApp>>

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})

type Item = { id: string; [key: string]: unknown }

const list = (cookie: string | undefined, query = '') =>
  t.get(`/api/admin/payouts${query}`, cookie ? { cookie } : {})
const ids = (body: { items: Item[] }) => body.items.map((item) => item.id)
const decide = (id: string, cookie: string, body: Record<string, unknown>) =>
  t.patch(`/api/admin/payouts/${id}`, body, { cookie })
const payoutRow = async (id: string) => (await t.db.select().from(payouts).where(eq(payouts.id, id)))[0]!

/** A shop with a recognisable name and owner, so a search can find it and nothing else. */
async function namedShop(label: string) {
  const vendor = await registeredVendor(t)
  const shopName = `${label} ${vendor.vendorId.slice(0, 8)}`
  await t.db.update(vendors).set({ shopName }).where(eq(vendors.id, vendor.vendorId))
  return { ...vendor, shopName }
}

/** Request times of the search tests, a day apart. */
const at = (day: number, minute = 0) => new Date(Date.UTC(2025, 2, day, 8, minute))

describe('GET /api/admin/payouts', () => {
  // Specification §2 and §7: every shop's payouts with vendor and owner, newest request first.
  it("lists every shop's payouts newest first, with shop, owner, masked details, receipt status and the shop's net balance", async () => {
    const admin = await theAdmin(t)
    const a = await registeredVendor(t)
    const b = await registeredVendor(t, {
      payoutMethod: 'bank',
      payoutDetails: { bankName: 'Bank of Kigali', accountNumber: '000400012345678' },
    })
    await insertOrders(t.db, a.vendorId, [10_000])
    const older = await insertPayout(t.db, a.vendorId, { amount: 3_000, requestedAt: new Date('2031-01-01') })
    const newer = await insertPayout(t.db, b.vendorId, {
      amount: 500,
      status: 'approved',
      requestedAt: new Date('2031-01-02'),
      processedAt: new Date('2031-01-03'),
      paymentReference: 'MTN-778812',
    })
    const response = await list(admin.cookie, '?pageSize=2')
    expect(response.status, response.text).toBe(200)
    expect(ids(response.body)).toEqual([newer.id, older.id])
    const [first, second] = response.body.items
    expect(first).toEqual({
      id: newer.id,
      vendorId: b.vendorId,
      shopName: b.shopName,
      ownerName: b.input.fullName,
      ownerEmail: b.user.email,
      amount: 500,
      payoutMethod: 'bank',
      payoutDetails: { bankName: 'Bank of Kigali', accountNumber: '•••• 5678' },
      status: 'approved',
      receiptStatus: 'pendingReceipt',
      requestedAt: '2031-01-02T00:00:00.000Z',
      processedAt: '2031-01-03T00:00:00.000Z',
      notes: null,
      decisionReason: null,
      paymentReference: 'MTN-778812',
      // Paid by hand: no provider sent it.
      provider: null,
      transferStatus: null,
      vendorBalance: -500,
    })
    expect(second).toMatchObject({
      id: older.id,
      shopName: a.shopName,
      payoutMethod: 'mobile_money',
      payoutDetails: { provider: 'mtn', mobileNumber: '•••• 3456' },
      status: 'pending',
      receiptStatus: null,
      vendorBalance: 7_000,
    })
    expect(response.body).toMatchObject({ page: 1, pageSize: 2 })
  })

  // Specification §2: summary cards of pending, approved and rejected amounts and the count, over every payout.
  it('sums pending, approved and rejected amounts and counts all payouts, whatever the filters', async () => {
    const admin = await theAdmin(t)
    const vendor = await registeredVendor(t)
    await insertPayout(t.db, vendor.vendorId, { amount: 1_100, status: 'pending' })
    await insertPayout(t.db, vendor.vendorId, { amount: 2_200, status: 'approved' })
    await insertPayout(t.db, vendor.vendorId, { amount: 4_400, status: 'rejected' })
    const all = await t.db.select().from(payouts)
    const sum = (status: string) =>
      all.filter((row) => row.status === status).reduce((total, row) => total + row.amount, 0)
    const expected = {
      pendingAmount: sum('pending'),
      approvedAmount: sum('approved'),
      rejectedAmount: sum('rejected'),
      count: all.length,
    }
    expect(expected.pendingAmount).toBeGreaterThanOrEqual(1_100)
    const unfiltered = await list(admin.cookie)
    expect(unfiltered.body.summary).toEqual(expected)
    expect(unfiltered.body.total).toBe(all.length)
    expect(unfiltered.body.filteredTotal).toBe(all.length)
    const rejected = await list(admin.cookie, '?status=rejected')
    expect(rejected.body.summary).toEqual(expected)
    expect(rejected.body.total).toBe(all.length)
    expect(rejected.body.filteredTotal).toBe(all.filter((row) => row.status === 'rejected').length)
    expect(rejected.body.items.every((item: Item) => item.status === 'rejected')).toBe(true)
  })

  // Specification §4: 'Received' when the notes say 'confirmed receipt' (any case), 'Pending Receipt' when approved without.
  it('reads the receipt status from the notes, case-insensitively', async () => {
    const admin = await theAdmin(t)
    const shop = await namedShop('Receipt Umurage')
    const confirmed = await insertPayout(t.db, shop.vendorId, {
      status: 'approved',
      notes: receiptNote('2025-03-01'),
    })
    const shouted = await insertPayout(t.db, shop.vendorId, {
      status: 'approved',
      notes: 'Owner CONFIRMED RECEIPT by phone',
    })
    const waiting = await insertPayout(t.db, shop.vendorId, { status: 'approved', notes: 'Sent Monday' })
    const pending = await insertPayout(t.db, shop.vendorId, { status: 'pending' })
    const rejected = await insertPayout(t.db, shop.vendorId, { status: 'rejected' })
    const response = await list(admin.cookie, `?q=${encodeURIComponent(shop.shopName)}`)
    const receipt = Object.fromEntries(response.body.items.map((item: Item) => [item.id, item.receiptStatus]))
    expect(receipt).toEqual({
      [confirmed.id]: 'received',
      [shouted.id]: 'received',
      [waiting.id]: 'pendingReceipt',
      [pending.id]: null,
      [rejected.id]: null,
    })
  })

  // docs/decisions/006: the admin sees a deficit left by refunds before approving.
  it("shows the shop's balance net of refunds, negative when a refund left money owed", async () => {
    const admin = await theAdmin(t)
    const vendor = await registeredVendor(t)
    await insertOrders(t.db, vendor.vendorId, [6_000])
    await insertOrders(t.db, vendor.vendorId, [9_000], 'refunded')
    const payout = await insertPayout(t.db, vendor.vendorId, { amount: 8_000 })
    const response = await t.get(`/api/admin/payouts/${payout.id}`, { cookie: admin.cookie })
    expect(response.body.vendorBalance).toBe(-2_000)
  })

  describe('search and filters', () => {
    let umutako: RegisteredVendor & { shopName: string }
    let other: RegisteredVendor & { shopName: string }
    let first: { id: string }
    let second: { id: string }
    let third: { id: string }

    beforeAll(async () => {
      umutako = await namedShop('Umutako 50%_Off')
      other = await namedShop('Inzozi Crafts')
      await t.db.update(users).set({ fullName: 'Mukamana Solange' }).where(eq(users.id, other.user.id))
      first = await insertPayout(t.db, umutako.vendorId, { status: 'pending', requestedAt: at(1) })
      second = await insertPayout(t.db, umutako.vendorId, { status: 'approved', requestedAt: at(2) })
      third = await insertPayout(t.db, other.vendorId, { status: 'rejected', requestedAt: at(3) })
    })

    const search = async (q: string, extra = '') => {
      const admin = await theAdmin(t)
      const response = await list(admin.cookie, `?q=${encodeURIComponent(q)}${extra}`)
      expect(response.status, response.text).toBe(200)
      return response.body
    }

    it('finds payouts by shop name, whatever the case', async () => {
      expect(ids(await search(umutako.shopName.toUpperCase()))).toEqual([second.id, first.id])
    })

    it("finds payouts by the owner's e-mail or name, whatever the case", async () => {
      expect(ids(await search(umutako.user.email.toUpperCase()))).toEqual([second.id, first.id])
      expect(ids(await search('mukamana solange'))).toEqual([third.id])
    })

    // Ids are shown by their first 8 characters (specification §9): that is what an admin types.
    it('finds a payout by its first 8 characters or its full id', async () => {
      expect(ids(await search(third.id.slice(0, 8).toUpperCase()))).toContain(third.id)
      expect(ids(await search(third.id))).toEqual([third.id])
    })

    // LIKE wildcards are text: "50%_" means those characters, not "50 then anything".
    it('takes % and _ literally', async () => {
      expect(ids(await search('50%_off'))).toEqual([second.id, first.id])
      const wildcard = await search('%')
      expect(wildcard.items.every((item: Item) => String(item.shopName).includes('%'))).toBe(true)
      expect(ids(await search('Umutako 5_'))).toEqual([])
    })

    it('combines the search with the status filter; filteredTotal counts what the filters keep', async () => {
      const body = await search(umutako.shopName, '&status=approved')
      expect(ids(body)).toEqual([second.id])
      expect(body.filteredTotal).toBe(1)
      expect(body.total).toBe(await rowCount(t.db, payouts))
    })

    it('pages the filtered payouts', async () => {
      const firstPage = await search(umutako.shopName, '&pageSize=1&page=1')
      const secondPage = await search(umutako.shopName, '&pageSize=1&page=2')
      expect([...ids(firstPage), ...ids(secondPage)]).toEqual([second.id, first.id])
      expect(firstPage.filteredTotal).toBe(2)
    })
  })

  // No 500 on bad input: a wrong filter or a NUL in the search is a clear 422.
  it('refuses an unknown status or a NUL in the search with 422', async () => {
    const admin = await theAdmin(t)
    expectError(await list(admin.cookie, '?status=paid'), {
      status: 422,
      code: 'VALIDATION',
      messageKey: 'errors.invalidValue',
    })
    expectError(await list(admin.cookie, '?q=%00'), {
      status: 422,
      code: 'VALIDATION',
      messageKey: 'errors.invalidCharacters',
    })
  })

  // Payouts of every shop are the admin team's alone to see.
  it('refuses vendors (403) and signed-out visitors (401); an admin still sees the list', async () => {
    const vendor = await registeredVendor(t)
    await insertPayout(t.db, vendor.vendorId)
    expectError(await list(vendor.cookie), { status: 403, code: 'FORBIDDEN', messageKey: 'errors.forbidden' })
    expectError(await list(undefined), {
      status: 401,
      code: 'UNAUTHENTICATED',
      messageKey: 'errors.unauthenticated',
    })
    const admin = await theAdmin(t)
    expect((await list(admin.cookie)).status).toBe(200)
  })
})

describe('GET /api/admin/payouts/:id', () => {
  it('answers the payout as the list shows it', async () => {
    const admin = await theAdmin(t)
    const shop = await namedShop('Details Ikaze')
    const payout = await insertPayout(t.db, shop.vendorId, { amount: 1_500, notes: 'Call first' })
    const response = await t.get(`/api/admin/payouts/${payout.id}`, { cookie: admin.cookie })
    expect(response.status, response.text).toBe(200)
    const listed = await list(admin.cookie, `?q=${encodeURIComponent(shop.shopName)}`)
    expect(response.body).toEqual(listed.body.items[0])
    expect(response.body).toMatchObject({ id: payout.id, amount: 1_500, notes: 'Call first' })
  })

  it('answers 404 for an unknown or malformed id', async () => {
    const admin = await theAdmin(t)
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      expectError(await t.get(`/api/admin/payouts/${id}`, { cookie: admin.cookie }), {
        status: 404,
        code: 'NOT_FOUND',
        messageKey: 'errors.notFound',
      })
    }
  })

  // A vendor may not read even their own payout through the admin route (it shows the shop's figures to admins).
  it('refuses vendors (403) and signed-out visitors (401); an admin still can', async () => {
    const vendor = await registeredVendor(t)
    const payout = await insertPayout(t.db, vendor.vendorId)
    expectError(await t.get(`/api/admin/payouts/${payout.id}`, { cookie: vendor.cookie }), {
      status: 403,
      code: 'FORBIDDEN',
      messageKey: 'errors.forbidden',
    })
    expectError(await t.get(`/api/admin/payouts/${payout.id}`), {
      status: 401,
      code: 'UNAUTHENTICATED',
      messageKey: 'errors.unauthenticated',
    })
    const admin = await theAdmin(t)
    expect((await t.get(`/api/admin/payouts/${payout.id}`, { cookie: admin.cookie })).status).toBe(200)
  })
})

describe('GET /api/admin/payouts/export', () => {
  const exportCsv = (cookie: string | undefined, query = '') =>
    t.get(`/api/admin/payouts/export${query}`, cookie ? { cookie } : {})
  /** The records of a CSV without its BOM (no cell in these tests holds a line break). */
  const records = (text: string) =>
    text
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean)

  it('sends the filtered payouts as a dated CSV attachment: BOM, header, one row per payout', async () => {
    const admin = await theAdmin(t)
    const shop = await namedShop('Export, "Inyange"')
    const approved = await insertPayout(t.db, shop.vendorId, {
      amount: 12_500,
      status: 'approved',
      requestedAt: new Date('2025-03-01T22:30:00Z'),
      processedAt: new Date('2025-03-02T06:05:00Z'),
      paymentReference: 'MTN 1234',
      notes: receiptNote('2025-03-03'),
    })
    const rejected = await insertPayout(t.db, shop.vendorId, {
      amount: 700,
      status: 'rejected',
      requestedAt: new Date('2025-02-01T10:00:00Z'),
      decisionReason: 'Line one\nline two',
    })
    await insertPayout(t.db, shop.vendorId, { status: 'pending', requestedAt: new Date('2025-01-01') })
    const response = await exportCsv(admin.cookie, `?q=${encodeURIComponent(shop.shopName)}&status=all`)
    expect(response.status, response.text).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    const today = calendarDay(new Date(), 'Africa/Kigali')
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="payouts-${today}.csv"`)
    // The byte-order mark (a decoded text drops it, so read the bytes): spreadsheets then read UTF-8.
    const raw = await t.app.request(`/api/admin/payouts/export?q=${encodeURIComponent(shop.shopName)}`, {
      headers: { cookie: admin.cookie },
    })
    expect([...new Uint8Array(await raw.arrayBuffer()).slice(0, 4)]).toEqual([0xef, 0xbb, 0xbf, 0x50])
    const lines = response.text.replace(/^\uFEFF/, '').split('\r\n')
    expect(lines[0]).toBe(
      'Payout ID,Shop,Owner Email,Amount (RWF),Payment Method,Provider or Bank,Account,Status,Receipt Status,Requested,Processed,Payment Reference,Reason',
    )
    const quotedShop = `"${shop.shopName.replace(/"/g, '""')}"`
    // Kigali is UTC+2: 22:30 UTC on 1 March is 00:30 on 2 March there.
    expect(lines[1]).toBe(
      `${approved.id},${quotedShop},${shop.user.email},12500,Mobile money,MTN Mobile Money,•••• 3456,Approved,Received,2025-03-02 00:30,2025-03-02 08:05,MTN 1234,`,
    )
    expect(response.text).toContain(
      `${rejected.id},${quotedShop},${shop.user.email},700,Mobile money,MTN Mobile Money,•••• 3456,Rejected,,2025-02-01 12:00,,,"Line one\nline two"\r\n`,
    )
    expect(response.text.endsWith('\r\n')).toBe(true)

    const onlyRejected = await exportCsv(
      admin.cookie,
      `?q=${encodeURIComponent(shop.shopName)}&status=rejected`,
    )
    expect(onlyRejected.text.split('\r\n').filter((line) => line.startsWith(rejected.id))).toHaveLength(1)
    expect(onlyRejected.text).not.toContain(approved.id)
  })

  // The file is read by the admin who asked for it, in the language of their screens (no import reads it back).
  it('writes its header and labels in the language of the screens that ask for it', async () => {
    const admin = await theAdmin(t)
    const shop = await namedShop('Indimi')
    await insertPayout(t.db, shop.vendorId, {
      amount: 4_000,
      status: 'approved',
      requestedAt: new Date('2025-03-01T08:00:00Z'),
      processedAt: new Date('2025-03-02T08:00:00Z'),
      paymentReference: 'MTN 55',
      notes: receiptNote('2025-03-03'),
    })
    const path = `/api/admin/payouts/export?q=${encodeURIComponent(shop.shopName)}`
    // A download link carries the language cookie the screens set; a fetch carries their header too.
    const byLink = records((await t.get(path, { cookie: `${admin.cookie}; app-language=rw` })).text)
    const byFetch = records(
      (await t.get(path, { cookie: admin.cookie, headers: { 'x-isoko-language': 'rw' } })).text,
    )
    for (const [header, row] of [byLink, byFetch]) {
      expect(header).toBe(
        "Nimero y'ubusabe,Iduka,Imeyili ya nyiri iduka,Amafaranga (RWF),Uburyo bwo kwishyura,Ikigo cyangwa banki,Konti,Uko bihagaze,Kwakira amafaranga,Igihe byasabwe,Igihe byakozwe,Nimero y'ubwishyu,Impamvu",
      )
      expect(row).toContain(
        ',4000,Mobile Money,MTN Mobile Money,•••• 3456,Byemejwe,Yakiriwe,2025-03-01 10:00,2025-03-02 10:00,MTN 55,',
      )
    }
    const [header, row] = records(
      (
        await t.get(path, {
          cookie: `${admin.cookie}; app-language=rw`,
          headers: { 'x-isoko-language': 'en' },
        })
      ).text,
    )
    expect(
      header?.startsWith(
        'Payout ID,Shop,Owner Email,Amount (RWF),Payment Method,Provider or Bank,Account,Status,',
      ),
    ).toBe(true)
    expect(row).toContain(',4000,Mobile money,MTN Mobile Money,•••• 3456,Approved,Received,')
  })

  // DESIGN.md §5: a cell a spreadsheet would run as a formula is neutralised.
  it('writes text starting with = + - @, a tab or a carriage return with a leading single quote', async () => {
    const admin = await theAdmin(t)
    const vendor = await registeredVendor(t)
    const shopName = `=HYPERLINK("http://evil.example","${vendor.vendorId.slice(0, 8)}")`
    await t.db.update(vendors).set({ shopName }).where(eq(vendors.id, vendor.vendorId))
    await insertOrders(t.db, vendor.vendorId, [5_000])
    const payout = await insertPayout(t.db, vendor.vendorId, { amount: 1_000 })
    expect(
      (await decide(payout.id, admin.cookie, { status: 'approved', paymentReference: '@SUM(A1)' })).status,
    ).toBe(200)
    const response = await exportCsv(admin.cookie, `?q=${encodeURIComponent(payout.id)}`)
    const [, row] = records(response.text)
    expect(
      row?.startsWith(`${payout.id},"'${shopName.replace(/"/g, '""')}",${vendor.user.email},1000,`),
    ).toBe(true)
    expect(row?.endsWith(",'@SUM(A1),")).toBe(true)
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(csvCell(`${start}1`)).toMatch(/^"?'/)
    expect(csvCell(-5)).toBe('-5')
    expect(csvRow(['a,b', 'say "hi"', null, 3])).toBe('"a,b","say ""hi""",,3\r\n')
  })

  // Exports are read page by page from the database: the rows must neither repeat nor go missing.
  it('streams more rows than one batch holds, each payout exactly once, newest first', async () => {
    const admin = await theAdmin(t)
    const shop = await namedShop('Batches Isoko')
    const sameInstant = new Date('2024-06-01T09:00:00.123Z')
    await t.db.insert(payouts).values(
      Array.from({ length: 1_203 }, (_, index) => ({
        vendorId: shop.vendorId,
        amount: index + 1,
        status: 'pending' as const,
        // Many share one instant: the batches must still split them exactly.
        requestedAt: index % 3 === 0 ? sameInstant : new Date(sameInstant.getTime() + index * 1_000),
      })),
    )
    const response = await exportCsv(admin.cookie, `?q=${encodeURIComponent(shop.shopName)}`)
    expect(response.status).toBe(200)
    const rows = records(response.text).slice(1)
    expect(rows).toHaveLength(1_203)
    expect(new Set(rows.map((row) => row.split(',')[0])).size).toBe(1_203)

    const small = exportAdminPayouts(
      t.db,
      { role: 'admin', userId: admin.user.id },
      { q: shop.shopName, status: 'all' },
      { timeZone: 'Africa/Kigali', batchSize: 7 },
    )
    const batched: string[] = []
    let batches = 0
    for await (const batch of small.batches) {
      batches += 1
      expect(batch.length).toBeLessThanOrEqual(7)
      batched.push(...batch.map((row) => String(row[0])))
    }
    expect(batches).toBe(Math.ceil(1_203 / 7))
    expect(batched).toEqual(rows.map((row) => row.split(',')[0]))
  }, 120_000)

  it('answers a header alone when nothing matches', async () => {
    const admin = await theAdmin(t)
    const response = await exportCsv(admin.cookie, '?q=nothing-matches-this-search')
    expect(records(response.text)).toHaveLength(1)
  })

  it('refuses vendors (403), signed-out visitors (401) and an unknown status (422); an admin still can', async () => {
    const vendor = await registeredVendor(t)
    expectError(await exportCsv(vendor.cookie), {
      status: 403,
      code: 'FORBIDDEN',
      messageKey: 'errors.forbidden',
    })
    expectError(await exportCsv(undefined), {
      status: 401,
      code: 'UNAUTHENTICATED',
      messageKey: 'errors.unauthenticated',
    })
    const admin = await theAdmin(t)
    expectError(await exportCsv(admin.cookie, '?status=paid'), {
      status: 422,
      code: 'VALIDATION',
      messageKey: 'errors.invalidValue',
    })
    expect((await exportCsv(admin.cookie)).status).toBe(200)
  })
})

describe('PATCH /api/admin/payouts/:id (reason and payment reference)', () => {
  // DESIGN.md §5: a rejection may carry a reason, which the vendor reads.
  it('keeps the reason of a rejection, audits it and shows it to the vendor', async () => {
    const admin = await theAdmin(t)
    const vendor = await registeredVendor(t)
    const payout = await insertPayout(t.db, vendor.vendorId, { amount: 2_000 })
    const response = await decide(payout.id, admin.cookie, {
      status: 'rejected',
      reason: '  The mobile number does not answer.  ',
    })
    expect(response.status, response.text).toBe(200)
    expect(response.body).toMatchObject({
      status: 'rejected',
      decisionReason: 'The mobile number does not answer.',
      paymentReference: null,
    })
    expect(await payoutRow(payout.id)).toMatchObject({
      status: 'rejected',
      decisionReason: 'The mobile number does not answer.',
      paymentReference: null,
      processedBy: admin.user.id,
    })
    const [audit] = await auditRowsFor(t.db, payout.id)
    expect(audit).toMatchObject({
      adminId: admin.user.id,
      action: 'reject',
      targetTable: 'payouts',
      oldValues: { status: 'pending' },
      newValues: { status: 'rejected', decision_reason: 'The mobile number does not answer.' },
      details: {
        previous_status: 'pending',
        new_status: 'rejected',
        amount: 2_000,
        reason: 'The mobile number does not answer.',
        payment_reference: null,
      },
    })
    const seen = await t.get('/api/vendor/payouts', { cookie: vendor.cookie })
    expect(seen.body.items[0]).toMatchObject({
      id: payout.id,
      decisionReason: 'The mobile number does not answer.',
    })
  })

  // How the money was sent, kept with the approval so a vendor and an auditor can trace it.
  it('keeps the payment reference of an approval, audits it and shows it to the vendor', async () => {
    const admin = await theAdmin(t)
    const vendor = await registeredVendor(t)
    await insertOrders(t.db, vendor.vendorId, [3_000])
    const payout = await insertPayout(t.db, vendor.vendorId, { amount: 3_000 })
    const response = await decide(payout.id, admin.cookie, {
      status: 'approved',
      paymentReference: ' MP250301.1234.A56789 ',
    })
    expect(response.status, response.text).toBe(200)
    expect(await payoutRow(payout.id)).toMatchObject({
      status: 'approved',
      paymentReference: 'MP250301.1234.A56789',
      decisionReason: null,
    })
    const [audit] = await auditRowsFor(t.db, payout.id)
    expect(audit).toMatchObject({
      action: 'approve',
      newValues: { status: 'approved', payment_reference: 'MP250301.1234.A56789' },
      details: { reason: null, payment_reference: 'MP250301.1234.A56789', amount: 3_000 },
    })
    const seen = await t.get('/api/vendor/payouts', { cookie: vendor.cookie })
    expect(seen.body.items[0]).toMatchObject({ paymentReference: 'MP250301.1234.A56789' })
  })

  // Each note belongs to one outcome: a "reason" on an approval would tell the vendor why it was refused.
  it('keeps a reason only with a rejection and a reference only with an approval; a blank reason means none', async () => {
    const admin = await theAdmin(t)
    const vendor = await registeredVendor(t)
    await insertOrders(t.db, vendor.vendorId, [2_000])
    const approved = await insertPayout(t.db, vendor.vendorId)
    const rejected = await insertPayout(t.db, vendor.vendorId)
    await decide(approved.id, admin.cookie, {
      status: 'approved',
      reason: 'Not needed',
      paymentReference: 'REF-0',
    })
    await decide(rejected.id, admin.cookie, { status: 'rejected', paymentReference: 'REF-1', reason: '' })
    expect(await payoutRow(approved.id)).toMatchObject({
      status: 'approved',
      decisionReason: null,
      paymentReference: 'REF-0',
    })
    expect(await payoutRow(rejected.id)).toMatchObject({
      status: 'rejected',
      decisionReason: null,
      paymentReference: null,
    })
  })

  it.each([
    [
      'a reason over 500 characters',
      { status: 'rejected', reason: 'x'.repeat(501) },
      'reason',
      'errors.tooLong',
    ],
    ['a reason with NUL', { status: 'rejected', reason: 'a\u0000b' }, 'reason', 'errors.invalidCharacters'],
    [
      'a reference over 100 characters',
      { status: 'approved', paymentReference: 'x'.repeat(101) },
      'paymentReference',
      'errors.tooLong',
    ],
    [
      'a reference with NUL',
      { status: 'approved', paymentReference: 'a\u0000b' },
      'paymentReference',
      'errors.invalidCharacters',
    ],
    [
      'a reference that is not text',
      { status: 'approved', paymentReference: 42 },
      'paymentReference',
      'errors.invalidValue',
    ],
  ])('refuses %s with 422, changing nothing', async (_label, body, field, messageKey) => {
    const admin = await theAdmin(t)
    const vendor = await registeredVendor(t)
    await insertOrders(t.db, vendor.vendorId, [2_000])
    const payout = await insertPayout(t.db, vendor.vendorId)
    const audits = await rowCount(t.db, auditLogs)
    expectError(await decide(payout.id, admin.cookie, body), {
      status: 422,
      code: 'VALIDATION',
      messageKey,
      fields: { [field]: messageKey },
    })
    expect(await payoutRow(payout.id)).toMatchObject({
      status: 'pending',
      processedAt: null,
      decisionReason: null,
      paymentReference: null,
    })
    expect(await rowCount(t.db, auditLogs)).toBe(audits)
  })

  // Two admins on the same request at once: one decision wins, the other is told it was already processed.
  it('decides once when two admins act at the same time: one 200, one payouts.notPending, one audit row', async () => {
    const admin = await theAdmin(t)
    const second = await confirmedVendor(t)
    await t.db.update(users).set({ role: 'admin' }).where(eq(users.id, second.user.id))
    const vendor = await registeredVendor(t)
    await insertOrders(t.db, vendor.vendorId, [50_000])
    for (let round = 0; round < 4; round += 1) {
      const payout = await insertPayout(t.db, vendor.vendorId, { amount: 1_000 })
      const [byFirst, bySecond] = await Promise.all([
        decide(payout.id, admin.cookie, { status: 'approved', paymentReference: 'FIRST' }),
        decide(payout.id, second.cookie, { status: 'rejected', reason: 'SECOND' }),
      ])
      const statuses = [byFirst.status, bySecond.status].sort()
      expect(statuses).toEqual([200, 409])
      const loser = byFirst.status === 409 ? byFirst : bySecond
      expectError(loser, { status: 409, code: 'CONFLICT', messageKey: 'payouts.notPending' })
      const row = await payoutRow(payout.id)
      const winnerIsFirst = byFirst.status === 200
      expect(row).toMatchObject(
        winnerIsFirst
          ? {
              status: 'approved',
              paymentReference: 'FIRST',
              decisionReason: null,
              processedBy: admin.user.id,
            }
          : {
              status: 'rejected',
              decisionReason: 'SECOND',
              paymentReference: null,
              processedBy: second.user.id,
            },
      )
      expect(await auditRowsFor(t.db, payout.id)).toHaveLength(1)
    }
  })

  // docs/decisions/006: the list tells the admin about the deficit, and the server refuses the approval all the same.
  it('refuses an approval above the net balance the list shows, and the list shows it still pending', async () => {
    const admin = await theAdmin(t)
    const vendor = await registeredVendor(t)
    await insertOrders(t.db, vendor.vendorId, [1_000])
    const payout = await insertPayout(t.db, vendor.vendorId, { amount: 4_000 })
    const before = await t.get(`/api/admin/payouts/${payout.id}`, { cookie: admin.cookie })
    expect(before.body.vendorBalance).toBe(-3_000)
    const response = await decide(payout.id, admin.cookie, { status: 'approved', paymentReference: 'X-1' })
    expectError(response, { status: 409, code: 'CONFLICT', messageKey: 'payouts.exceedsBalance' })
    expect(response.body.error.params).toEqual({ amount: 4_000, balance: 1_000 })
    const after = await t.get(`/api/admin/payouts/${payout.id}`, { cookie: admin.cookie })
    expect(after.body).toMatchObject({ status: 'pending', paymentReference: null, processedAt: null })
  })
})

// A.1: the admin sees where to pay only by a deliberate, recorded reveal; every other view stays masked.
describe('POST /api/admin/payouts/:id/payout-details and /api/admin/vendors/:id/payout-details (reveal)', () => {
  const bankDetails = {
    bankName: 'Bank of Kigali',
    accountNumber: '000400012345678',
    routingNumber: 'BKIGRWRW',
  }
  const revealPayout = (id: string, cookie?: string) =>
    t.post(`/api/admin/payouts/${id}/payout-details`, undefined, cookie ? { cookie } : {})
  const revealApplication = (id: string, cookie?: string) =>
    t.post(`/api/admin/vendors/${id}/payout-details`, undefined, cookie ? { cookie } : {})
  const disclosuresOf = async (targetId: string) =>
    (await auditRowsFor(t.db, targetId)).filter((row) => row.targetTable === 'disclosures')

  it('vendor A cannot reveal payout details through the admin routes, not even their own payout (403), and nothing is recorded', async () => {
    const a = await registeredVendor(t, { payoutMethod: 'bank', payoutDetails: bankDetails })
    const payout = await insertPayout(t.db, a.vendorId, { amount: 1_000 })
    const audits = await rowCount(t.db, auditLogs)
    for (const response of [
      await revealPayout(payout.id, a.cookie),
      await revealApplication(a.vendorId, a.cookie),
    ]) {
      expectError(response, { status: 403, code: 'FORBIDDEN', messageKey: 'errors.forbidden' })
      expect(response.text).not.toContain('000400012345678')
    }
    expectError(await revealPayout(payout.id), {
      status: 401,
      code: 'UNAUTHENTICATED',
      messageKey: 'errors.mustBeLoggedIn',
    })
    expect(await rowCount(t.db, auditLogs)).toBe(audits)
    // What the vendor's own screens read stays masked.
    const own = await t.get('/api/vendor/payouts', { cookie: a.cookie })
    expect(own.body.payoutDetails.accountNumber).toBe('•••• 5678')
  })

  it('an admin can reveal a payout’s full destination, and the reveal is recorded with who, when and which payout', async () => {
    const admin = await theAdmin(t)
    const shop = await registeredVendor(t, { payoutMethod: 'bank', payoutDetails: bankDetails })
    const payout = await insertPayout(t.db, shop.vendorId, { amount: 2_000 })
    const before = new Date()
    const response = await revealPayout(payout.id, admin.cookie)
    expect(response.status, response.text).toBe(200)
    expect(response.body).toEqual({
      vendorId: shop.vendorId,
      shopName: shop.shopName,
      ownerName: shop.input.fullName,
      payoutMethod: 'bank',
      payoutDetails: bankDetails,
    })
    const [entry, ...more] = await disclosuresOf(payout.id)
    expect(more).toEqual([])
    expect(entry).toMatchObject({
      adminId: admin.user.id,
      action: 'create',
      targetTable: 'disclosures',
      targetId: payout.id,
      details: {
        disclosed: 'payout_details',
        payout_id: payout.id,
        vendor_id: shop.vendorId,
        shop_name: shop.shopName,
        payout_method: 'bank',
      },
    })
    expect(entry!.createdAt.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1_000)
    // Each reveal is its own entry; the list and the details stay masked.
    await revealPayout(payout.id, admin.cookie)
    expect(await disclosuresOf(payout.id)).toHaveLength(2)
    const details = await t.get(`/api/admin/payouts/${payout.id}`, { cookie: admin.cookie })
    expect(details.body.payoutDetails.accountNumber).toBe('•••• 5678')
  })

  it('an admin can reveal an application’s full payout details (mobile money), recorded with which application', async () => {
    const admin = await theAdmin(t)
    const shop = await registeredVendor(t)
    const [stored] = await t.db
      .select({ details: vendors.payoutDetails })
      .from(vendors)
      .where(eq(vendors.id, shop.vendorId))
    const application = await t.get(`/api/admin/vendors/${shop.vendorId}`, { cookie: admin.cookie })
    expect(application.body.payoutDetails.mobileNumber).toMatch(/^•••• \d{4}$/)
    const response = await revealApplication(shop.vendorId, admin.cookie)
    expect(response.status, response.text).toBe(200)
    expect(response.body).toMatchObject({
      vendorId: shop.vendorId,
      payoutMethod: 'mobile_money',
      payoutDetails: stored!.details,
    })
    expect(response.body.payoutDetails.mobileNumber).not.toContain('•')
    const [entry] = await disclosuresOf(shop.vendorId)
    expect(entry).toMatchObject({
      adminId: admin.user.id,
      action: 'create',
      targetId: shop.vendorId,
      details: { disclosed: 'payout_details', vendor_id: shop.vendorId, shop_name: shop.shopName },
    })
  })

  it('answers 404 for an unknown or malformed id and records nothing', async () => {
    const admin = await theAdmin(t)
    const audits = await rowCount(t.db, auditLogs)
    const unknown = '00000000-0000-4000-8000-000000000000'
    for (const response of [
      await revealPayout(unknown, admin.cookie),
      await revealPayout('not-an-id', admin.cookie),
      await revealApplication(unknown, admin.cookie),
    ]) {
      expectError(response, { status: 404, code: 'NOT_FOUND', messageKey: 'errors.notFound' })
    }
    expect(await rowCount(t.db, auditLogs)).toBe(audits)
  })

  it('is refused when posted from another site (the CSRF guard), recording nothing', async () => {
    const admin = await theAdmin(t)
    const shop = await registeredVendor(t)
    const payout = await insertPayout(t.db, shop.vendorId)
    const response = await t.request('POST', `/api/admin/payouts/${payout.id}/payout-details`, {
      cookie: admin.cookie,
      headers: { origin: 'https://evil.example', 'content-type': 'text/plain' },
      rawBody: '',
    })
    expectError(response, { status: 403, code: 'FORBIDDEN', messageKey: 'errors.forbidden' })
    expect(await disclosuresOf(payout.id)).toEqual([])
  })
})

describe('GET /api/admin/payouts/export?paymentDetails=full', () => {
  const bankDetails = { bankName: 'Bank of Kigali', accountNumber: '000400012345678' }
  const exportCsv = (cookie: string, query: string) =>
    t.get(`/api/admin/payouts/export${query}`, { cookie, headers: { 'x-isoko-language': 'en' } })

  it('writes masked details by default and records nothing; full details only when asked, and that export is recorded', async () => {
    const admin = await theAdmin(t)
    const shop = await namedShop('Full details')
    await t.db
      .update(vendors)
      .set({ payoutMethod: 'bank', payoutDetails: bankDetails })
      .where(eq(vendors.id, shop.vendorId))
    await insertPayout(t.db, shop.vendorId, { amount: 900 })
    const q = `?q=${encodeURIComponent(shop.shopName)}`
    const exportsBefore = (await t.db.select().from(auditLogs).where(eq(auditLogs.targetTable, 'exports')))
      .length

    const masked = await exportCsv(admin.cookie, q)
    expect(masked.status, masked.text).toBe(200)
    const [header, row] = masked.text.replace(/^\uFEFF/, '').split('\r\n')
    expect(header).toContain('Provider or Bank,Account')
    expect(row).toContain('Bank of Kigali,•••• 5678')
    expect(masked.text).not.toContain('000400012345678')

    const full = await exportCsv(admin.cookie, `${q}&paymentDetails=full`)
    expect(full.status, full.text).toBe(200)
    expect(full.text).toContain('Bank of Kigali,000400012345678')

    const exportsAfter = await t.db.select().from(auditLogs).where(eq(auditLogs.targetTable, 'exports'))
    expect(exportsAfter).toHaveLength(exportsBefore + 1)
    expect(exportsAfter.find((entry) => entry.details?.q === shop.shopName)).toMatchObject({
      adminId: admin.user.id,
      action: 'create',
      details: { export: 'payouts', payment_details: 'full', q: shop.shopName, status: 'all' },
    })
  })

  it('refuses a vendor asking for the full export (403) and an unknown choice (422)', async () => {
    const vendor = await registeredVendor(t)
    expectError(await exportCsv(vendor.cookie, '?paymentDetails=full'), {
      status: 403,
      code: 'FORBIDDEN',
      messageKey: 'errors.forbidden',
    })
    const admin = await theAdmin(t)
    expectError(await exportCsv(admin.cookie, '?paymentDetails=everything'), {
      status: 422,
      code: 'VALIDATION',
      messageKey: 'errors.invalidValue',
    })
  })
})

// A payout is sent by hand: its approval must say which transfer paid it.
describe('PATCH /api/admin/payouts/:id requires the payment reference of an approval', () => {
  it.each([
    ['missing', {}],
    ['blank', { paymentReference: '   ' }],
  ])('refuses an approval whose reference is %s with 422, changing nothing', async (_label, extra) => {
    const admin = await theAdmin(t)
    const vendor = await registeredVendor(t)
    await insertOrders(t.db, vendor.vendorId, [2_000])
    const payout = await insertPayout(t.db, vendor.vendorId, { amount: 1_000 })
    const audits = await rowCount(t.db, auditLogs)
    expectError(await decide(payout.id, admin.cookie, { status: 'approved', ...extra }), {
      status: 422,
      code: 'VALIDATION',
      messageKey: 'payouts.referenceRequired',
      fields: { paymentReference: 'payouts.referenceRequired' },
    })
    expect(await payoutRow(payout.id)).toMatchObject({ status: 'pending', processedAt: null })
    expect(await rowCount(t.db, auditLogs)).toBe(audits)
  })

  it('still rejects without a reference, and approves with one', async () => {
    const admin = await theAdmin(t)
    const vendor = await registeredVendor(t)
    await insertOrders(t.db, vendor.vendorId, [2_000])
    const rejected = await insertPayout(t.db, vendor.vendorId, { amount: 500 })
    const approved = await insertPayout(t.db, vendor.vendorId, { amount: 500 })
    expect((await decide(rejected.id, admin.cookie, { status: 'rejected' })).status).toBe(200)
    const response = await decide(approved.id, admin.cookie, { status: 'approved', paymentReference: 'MP1' })
    expect(response.status, response.text).toBe(200)
    expect(await payoutRow(approved.id)).toMatchObject({ status: 'approved', paymentReference: 'MP1' })
  })
})
