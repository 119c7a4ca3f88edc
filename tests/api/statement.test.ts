import { eq, sql } from 'drizzle-orm'
import { extractText, getDocumentProxy } from 'unpdf'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatRwf } from '../../src/shared/money'
import type { Statement, StatementLine } from '../../src/shared/schemas/statement'
import { commissionRules, marketplaceSettings, vendors } from '../../src/server/db/schema'
import { calendarDay } from '../../src/server/lib/calendar'
import {
  placeOrder,
  productInStock,
  registeredVendor,
  twoShopsAndAdmin,
  type RegisteredVendor,
} from '../fixtures/commerce'
import { expectError } from '../fixtures/expect-error'
import { expectStatus } from '../fixtures/factories'
import { insertOrders } from '../fixtures/money'
import { parseCsv } from '../fixtures/read-files'

let t: Awaited<ReturnType<typeof twoShopsAndAdmin>>['t']
let a: RegisteredVendor
let b: RegisteredVendor
let adminCookie: string

const SHOP_TIN = '123456789'
const MARKETPLACE_TIN = '987654321'
const thisMonth = () => calendarDay(new Date(), 'Africa/Kigali').slice(0, 7)

const statement = (cookie: string, query = '') => t.get(`/api/vendor/statement${query}`, { cookie })
const adminStatement = (vendorId: string, query = '') =>
  t.get(`/api/admin/vendors/${vendorId}/statement${query}`, { cookie: adminCookie })
const overview = async (cookie: string) =>
  expectStatus(await t.get('/api/vendor/payouts', { cookie }), 200, 'payout overview').body

/** Every line of a month, page after page (newest first), as the screen's Load more reads them. */
async function allLines(read: (query: string) => ReturnType<typeof statement>, month = thisMonth()) {
  const pages: Statement[] = []
  let cursor: string | null = null
  do {
    const response = await read(`?month=${month}${cursor ? `&cursor=${cursor}` : ''}`)
    expect(response.status, response.text).toBe(200)
    pages.push(response.body as Statement)
    cursor = (response.body as Statement).nextCursor
  } while (cursor && pages.length < 100)
  return { first: pages[0]!, pages, lines: pages.flatMap((page) => page.lines) }
}

/** A download's bytes (the test client reads answers as text, which would mangle a PDF). */
async function bytesOf(path: string, cookie: string) {
  const response = await t.app.request(path, { headers: { cookie } })
  return {
    status: response.status,
    headers: response.headers,
    bytes: new Uint8Array(await response.arrayBuffer()),
  }
}

async function pdfText(path: string, cookie: string) {
  const { status, headers, bytes } = await bytesOf(path, cookie)
  expect(status).toBe(200)
  expect(headers.get('content-type')).toBe('application/pdf')
  const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true })
  return text
}

/** A shop's vendor completes an order (the sale, its commission and VAT are posted by the database). */
const setStatus = (cookie: string, id: string, status: 'completed' | 'refunded') =>
  t.patch(`/api/vendor/orders/${id}/status`, { status }, { cookie })

beforeAll(async () => {
  ;({ t, a, b, adminCookie } = await twoShopsAndAdmin())
  // 10% commission on every order (and the 18% VAT on it), so a sale posts three lines.
  await t.db.insert(commissionRules).values({ rateBp: 1_000 })
  await t.db
    .update(marketplaceSettings)
    .set({ marketplaceName: 'Isoko Rwanda', marketplaceTin: MARKETPLACE_TIN })
    .where(eq(marketplaceSettings.id, 1))
  await t.db.update(vendors).set({ tin: SHOP_TIN, vatRegistered: true }).where(eq(vendors.id, a.vendorId))

  // Shop A: two sales through the API, one refunded; a payout approved and one rejected.
  const { ids } = await productInStock(t, a, { price: 10_000, stock: 20, name: 'Agaseke basket' })
  for (const quantity of [1, 2]) {
    const order = await placeOrder(t, adminCookie, { ...ids, quantity })
    expectStatus(await setStatus(a.cookie, order.id, 'completed'), 200, 'complete')
    if (quantity === 1) expectStatus(await setStatus(a.cookie, order.id, 'refunded'), 200, 'refund')
  }
  const approved = expectStatus(
    await t.post('/api/vendor/payouts', { amount: 5_000 }, { cookie: a.cookie }),
    201,
    'payout',
  )
  expectStatus(
    await t.patch(
      `/api/admin/payouts/${approved.body.id}`,
      { status: 'approved', paymentReference: 'MP-2026-001' },
      { cookie: adminCookie },
    ),
    200,
    'approve',
  )
  const rejected = expectStatus(
    await t.post('/api/vendor/payouts', { amount: 2_000 }, { cookie: a.cookie }),
    201,
    'payout',
  )
  expectStatus(
    await t.patch(`/api/admin/payouts/${rejected.body.id}`, { status: 'rejected' }, { cookie: adminCookie }),
    200,
    'reject',
  )
  // Shop B: one sale of its own.
  await insertOrders(t.db, b.vendorId, [4_000])
})
afterAll(async () => {
  await t?.close()
})

describe('GET /api/vendor/statement', () => {
  // The statement is the ledger read back: its last balance is the shop's balance, line after line.
  it("lists the shop's own lines newest first, each balance following from the one before, ending at the ledger balance", async () => {
    const { first, lines } = await allLines((query) => statement(a.cookie, query))
    const { ledgerBalance } = await overview(a.cookie)
    expect(first).toMatchObject({
      vendorId: a.vendorId,
      shopName: a.shopName,
      month: thisMonth(),
      openingBalance: 0,
    })
    expect(first.closingBalance).toBe(ledgerBalance)
    expect(lines[0]!.balanceAfter).toBe(ledgerBalance)
    expect(first.lineCount).toBe(lines.length)
    const oldestFirst = [...lines].reverse()
    let balance = first.openingBalance
    for (const line of oldestFirst) {
      balance += line.amount
      expect(line.balanceAfter, `line ${line.seq}`).toBe(balance)
    }
    // 30,000 sold, 10,000 of it refunded; 10% commission and 18% VAT on it; 5,000 paid out; 2,000 rejected.
    expect(first.totals).toEqual({
      opening: 0,
      sale: 30_000,
      commission: -3_000,
      commission_vat: -540,
      refund: -10_000,
      commission_refund: 1_000,
      commission_vat_refund: 180,
      payout: -7_000,
      payout_returned: 2_000,
      adjustment: 0,
      fee: 0,
    })
    expect(first.closingBalance).toBe(30_000 - 3_000 - 540 - 10_000 + 1_000 + 180 - 5_000)
  })

  it('says what each line refers to: the order and its product, the payout and its status', async () => {
    const { lines } = await allLines((query) => statement(a.cookie, query))
    const sale = lines.find((line) => line.kind === 'sale')!
    expect(sale.order).toMatchObject({ productName: 'Agaseke basket' })
    expect(sale.payout).toBeNull()
    const payouts = lines.filter((line) => line.kind === 'payout')
    expect(payouts.map((line) => line.payout?.status).sort()).toEqual(['approved', 'rejected'])
    expect(lines.find((line) => line.kind === 'payout_returned')!.payout!.status).toBe('rejected')
  })

  // No vendor id is read from the request: a vendor can only ever get their own shop's lines.
  it("vendor B cannot read vendor A's statement (a vendorId in the query is ignored); vendor A still can", async () => {
    const asB = await statement(b.cookie, `?vendorId=${a.vendorId}`)
    expect(asB.status).toBe(200)
    expect(asB.body.vendorId).toBe(b.vendorId)
    expect(asB.body.lines.map((line: StatementLine) => line.amount)).toEqual([-72, -400, 4_000])
    const asA = await statement(a.cookie)
    expect(asA.body.vendorId).toBe(a.vendorId)
    expect(asA.body.lines.length).toBeGreaterThan(3)
  })

  it('refuses signed-out users (401) and admins (403), and a malformed month (422)', async () => {
    expectError(await t.get('/api/vendor/statement'), {
      status: 401,
      code: 'UNAUTHENTICATED',
      messageKey: 'errors.unauthenticated',
    })
    expectError(await statement(adminCookie), {
      status: 403,
      code: 'FORBIDDEN',
      messageKey: 'errors.forbidden',
    })
    for (const month of ['2026-13', '2026-3', 'March', '1999-12']) {
      expectError(await statement(a.cookie, `?month=${month}`), {
        status: 422,
        code: 'VALIDATION',
        messageKey: 'errors.statementMonthInvalid',
      })
    }
    expectError(await statement(a.cookie, '?cursor=abc'), {
      status: 422,
      code: 'VALIDATION',
      messageKey: 'errors.invalidValue',
    })
  })

  it('pages through a long month by cursor, every line once, newest first', async () => {
    const shop = await registeredVendor(t, { status: 'approved' })
    // 20 sales of 3 lines each: 60 lines, two pages of 50.
    await insertOrders(
      t.db,
      shop.vendorId,
      Array.from({ length: 20 }, (_, index) => 1_000 + index),
    )
    const { pages, lines } = await allLines((query) => statement(shop.cookie, query))
    expect(pages.map((page) => page.lines.length)).toEqual([50, 10])
    expect(pages[0]!.lineCount).toBe(60)
    expect(pages[1]!.totals).toBeNull()
    expect(pages[1]!.nextCursor).toBeNull()
    expect(lines.map((line) => line.seq)).toEqual(Array.from({ length: 60 }, (_, index) => 60 - index))
  })

  // A shop's month is the marketplace's calendar month (Kigali, UTC+2), not UTC's: 23:30 UTC on 31 January is
  // already 1 February in Kigali.
  it("keeps a month to Kigali's calendar", async () => {
    const shop = await registeredVendor(t, { status: 'approved' })
    await insertOrders(t.db, shop.vendorId, [1_000])
    await insertOrders(t.db, shop.vendorId, [2_000])
    await insertOrders(t.db, shop.vendorId, [3_000])
    await insertOrders(t.db, shop.vendorId, [4_000])
    // The lines are append-only and stamped with the database's clock: they are moved back in time, in their
    // order, with the append-only triggers off for this transaction only.
    const times = [
      '2025-01-15T10:00:00Z', // 15 January in Kigali
      '2025-01-31T21:30:00Z', // 31 January, 23:30 in Kigali
      '2025-01-31T23:30:00Z', // 1 February, 01:30 in Kigali
      '2025-02-10T08:00:00Z',
    ]
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`)
      for (const [index, time] of times.entries()) {
        await tx.execute(sql`update ledger_lines set created_at = ${time}::timestamptz
          where account = 'vendor_payable' and vendor_id = ${shop.vendorId} and seq between ${index * 3 + 1} and ${index * 3 + 3}`)
      }
      // The shop's days follow its lines, as the lines' trigger would have counted them.
      await tx.execute(sql`delete from ledger_shop_days where vendor_id = ${shop.vendorId}`)
      await tx.execute(sql`insert into ledger_shop_days
        select * from ledger_shop_days_expected where vendor_id = ${shop.vendorId}`)
    })
    const month = async (value: string) => {
      const response = await statement(shop.cookie, `?month=${value}`)
      expect(response.status, response.text).toBe(200)
      return response.body as Statement
    }
    const january = await month('2025-01')
    const february = await month('2025-02')
    expect(january.lines.map((line) => line.seq)).toEqual([6, 5, 4, 3, 2, 1])
    expect(february.lines.map((line) => line.seq)).toEqual([12, 11, 10, 9, 8, 7])
    expect(january).toMatchObject({
      openingBalance: 0,
      closingBalance: january.lines[0]!.balanceAfter,
      startsAt: '2024-12-31T22:00:00.000Z',
      endsAt: '2025-01-31T22:00:00.000Z',
    })
    expect(february.openingBalance).toBe(january.closingBalance)
    expect(february.totals!.sale).toBe(3_000 + 4_000)
    expect(await month('2024-12')).toMatchObject({
      lines: [],
      lineCount: 0,
      openingBalance: 0,
      closingBalance: 0,
    })
    expect(await month('2025-03')).toMatchObject({
      lines: [],
      openingBalance: february.closingBalance,
      closingBalance: february.closingBalance,
    })
    // The CSV keeps to the same month and writes Kigali's time.
    const csv = await t.get('/api/vendor/statement.csv?month=2025-02', { cookie: shop.cookie })
    const rows = parseCsv(csv.text.replace(/^\uFEFF/, '')).slice(1)
    expect(rows.map((row) => row[0])).toEqual(['7', '8', '9', '10', '11', '12'])
    expect(rows[0]![1]).toBe('2025-02-01 01:30')
  })
})

describe('GET /api/admin/vendors/{id}/statement', () => {
  it("lets an admin read any shop's statement, as its vendor reads it", async () => {
    const [asAdmin, asVendor] = await Promise.all([adminStatement(a.vendorId), statement(a.cookie)])
    expect(asAdmin.status, asAdmin.text).toBe(200)
    expect(asAdmin.body).toEqual(asVendor.body)
    expect((await adminStatement(b.vendorId)).body.vendorId).toBe(b.vendorId)
  })

  it('answers 404 for an unknown or malformed shop id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      expectError(await adminStatement(id), { status: 404, code: 'NOT_FOUND', messageKey: 'errors.notFound' })
    }
  })

  // Only the team reads other shops' money: a vendor is refused there, their own shop's id included.
  it("refuses vendors, for another shop's statement and their own, in every format (403)", async () => {
    for (const suffix of ['', '.csv', '.pdf']) {
      for (const vendorId of [a.vendorId, b.vendorId]) {
        expectError(await t.get(`/api/admin/vendors/${vendorId}/statement${suffix}`, { cookie: b.cookie }), {
          status: 403,
          code: 'FORBIDDEN',
          messageKey: 'errors.forbidden',
        })
      }
    }
  })
})

describe('statement downloads', () => {
  it('writes the same lines in the CSV as the JSON, oldest first', async () => {
    const { lines } = await allLines((query) => statement(a.cookie, query))
    const response = await t.get(`/api/vendor/statement.csv?month=${thisMonth()}`, { cookie: a.cookie })
    expect(response.status, response.text).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="statement-[\w.-]+\.csv"$/,
    )
    const [header, ...rows] = parseCsv(response.text.replace(/^\uFEFF/, ''))
    expect(header).toEqual([
      'Line',
      'Date',
      'Kind',
      'Order',
      'Product',
      'Payout',
      'Payout status',
      'Reason',
      'Amount (RWF)',
      'Balance after (RWF)',
    ])
    const kinds: Record<string, string> = {
      sale: 'Sale',
      commission_vat: 'VAT on commission',
      payout: 'Payout',
    }
    expect(rows).toHaveLength(lines.length)
    for (const [index, line] of [...lines].reverse().entries()) {
      const row = rows[index]!
      expect(row[0]).toBe(String(line.seq))
      if (kinds[line.kind]) expect(row[2]).toBe(kinds[line.kind])
      expect(row[3]).toBe(line.order?.id ?? '')
      expect(row[4]).toBe(line.order?.productName ?? '')
      expect(row[5]).toBe(line.payout?.id ?? '')
      expect(row[8]).toBe(String(line.amount))
      expect(row[9]).toBe(String(line.balanceAfter))
    }
    // The admin's download of the shop is the same file.
    const asAdmin = await t.get(`/api/admin/vendors/${a.vendorId}/statement.csv?month=${thisMonth()}`, {
      cookie: adminCookie,
    })
    expect(asAdmin.text).toBe(response.text)
  })

  it('prints the shop and its TIN, the marketplace and its TIN, every amount and the closing balance in the PDF', async () => {
    const { first, lines } = await allLines((query) => statement(a.cookie, query))
    // Through the test client too, so the answer is checked against the OpenAPI document.
    const documented = await t.get(`/api/vendor/statement.pdf?month=${thisMonth()}`, { cookie: a.cookie })
    expect(documented.status).toBe(200)
    expect(documented.headers.get('content-disposition')).toMatch(
      /^attachment; filename="statement-[\w.-]+\.pdf"$/,
    )
    const text = await pdfText(`/api/vendor/statement.pdf?month=${thisMonth()}&lang=en`, a.cookie)
    expect(text).toContain(a.shopName)
    expect(text).toContain(`TIN: ${SHOP_TIN}`)
    expect(text).toContain('Isoko Rwanda')
    expect(text).toContain(`TIN: ${MARKETPLACE_TIN}`)
    expect(text).toContain('Shop statement')
    expect(text).toContain('Page 1 of 1')
    for (const line of lines) expect(text).toContain(formatRwf(line.amount))
    expect(text).toContain('Closing balance')
    expect(text).toContain(formatRwf(first.closingBalance))
    // Shop B has given no TIN.
    const other = await pdfText(`/api/admin/vendors/${b.vendorId}/statement.pdf?lang=en`, adminCookie)
    expect(other).toContain(b.shopName)
    expect(other).toContain('TIN: not given')
  })

  it('writes the PDF in Kinyarwanda when asked', async () => {
    const text = await pdfText(`/api/vendor/statement.pdf?month=${thisMonth()}&lang=rw`, a.cookie)
    expect(text).toContain("Inyandiko ya konti y'iduka")
    expect(text).toContain(`Nimero y'umusoreshwa (TIN): ${SHOP_TIN}`)
    expect(text).toContain('Amafaranga yo gusoza ukwezi')
    expect(text).toContain('Igurisha')
    expect(text).toContain('Ipaji 1 kuri 1')
    expect(text).not.toContain('Closing balance')
  })

  // The PDF's standard fonts draw WinAnsi only: a shop named with other characters still gets its statement.
  it("draws a name outside the fonts' characters with stand-ins instead of failing", async () => {
    const shop = await registeredVendor(t, { status: 'approved' })
    await t.db.update(vendors).set({ shopName: 'Ŝtore 🛍️ Kigali' }).where(eq(vendors.id, shop.vendorId))
    await insertOrders(t.db, shop.vendorId, [1_500])
    const text = await pdfText('/api/vendor/statement.pdf?lang=en', shop.cookie)
    expect(text).toContain('Store')
    expect(text).toContain('Kigali')
    expect(text).toContain(formatRwf(1_500))
  })
})

describe('GET /api/vendor/payouts: the balance in the ledger', () => {
  it('gives the ledger balance, what is held and when it becomes available, and nothing owed', async () => {
    const shop = await registeredVendor(t, { status: 'approved' })
    await insertOrders(t.db, shop.vendorId, [10_000])
    await t.db.update(marketplaceSettings).set({ holdDays: 7 }).where(eq(marketplaceSettings.id, 1))
    try {
      await insertOrders(t.db, shop.vendorId, [5_000])
    } finally {
      await t.db.update(marketplaceSettings).set({ holdDays: 0 }).where(eq(marketplaceSettings.id, 1))
    }
    const body = await overview(shop.cookie)
    // Each sale less 10% commission and 18% VAT on it: 8,820 and 4,410.
    expect(body).toMatchObject({
      ledgerBalance: 8_820 + 4_410,
      held: 4_410,
      availableBalance: 8_820,
      owed: 0,
    })
    const days = (Date.parse(body.nextAvailableAt) - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(6.9)
    expect(days).toBeLessThanOrEqual(7)
  })

  it('says what a shop owes once a refund after a payout leaves its balance below 0', async () => {
    const shop = await registeredVendor(t, { status: 'approved' })
    const [order] = await insertOrders(t.db, shop.vendorId, [10_000])
    const payout = expectStatus(
      await t.post('/api/vendor/payouts', { amount: 8_820 }, { cookie: shop.cookie }),
      201,
      'payout',
    )
    expectStatus(
      await t.patch(
        `/api/admin/payouts/${payout.body.id}`,
        { status: 'approved', paymentReference: 'MP-77' },
        { cookie: adminCookie },
      ),
      200,
      'approve',
    )
    expectStatus(await setStatus(shop.cookie, order!.id, 'refunded'), 200, 'refund')
    const body = await overview(shop.cookie)
    expect(body).toMatchObject({ ledgerBalance: -8_820, held: 0, nextAvailableAt: null, owed: 8_820 })
    const { first } = await allLines((query) => statement(shop.cookie, query))
    expect(first.closingBalance).toBe(-8_820)
  })
})
