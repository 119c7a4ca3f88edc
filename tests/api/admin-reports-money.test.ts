import { eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { AdminReport, ReportMoney } from '../../src/shared/schemas/report'
import { commissionRules, ledgerLines, orders, reportCalendar } from '../../src/server/db/schema'
import { findTotalsDrift, rebuildTotals } from '../../src/server/db/totals'
import { postLedgerEntry } from '../../src/server/ledger/ledger'
import { getAdminReport, marketplaceMoney, reportPeriod } from '../../src/server/reports/reports.service'
import { expectError } from '../fixtures/expect-error'
import { registeredVendor, type RegisteredVendor } from '../fixtures/commerce'
import { insertOrders, insertPayout, theAdmin } from '../fixtures/money'
import { parseCsv } from '../fixtures/read-files'
import { whileAnOrderChangeIsInFlight } from '../fixtures/report-lock'
import { createTestApp } from '../fixtures/test-app'

/**
 * The marketplace's money on /admin/reports: commission earned net of refunds, the VAT on it, plan fees and
 * adjustments per day of the report's zone (ledger_days), beside the previous range, and what shops owe now.
 */

let t: Awaited<ReturnType<typeof createTestApp>>

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})

const TIME_ZONE = 'Africa/Kigali'
const HOUR = 60 * 60 * 1000
const DAY = 24 * HOUR
/** Rwanda keeps UTC+2 all year (no daylight saving): a Kigali day starts at 22:00 UTC the day before. */
const KIGALI_OFFSET = 2 * HOUR
/** Today's Kigali midnight; the report is asked for at noon in Kigali today. */
const M0 = Math.floor((Date.now() + KIGALI_OFFSET) / DAY) * DAY - KIGALI_OFFSET
const NOW = new Date(M0 + 12 * HOUR)
/** `hour` o'clock in Kigali `n` days ago. */
const kigali = (n: number, hour = 12) => new Date(M0 - n * DAY + hour * HOUR)

const anAdmin = { role: 'admin', userId: '00000000-0000-4000-8000-000000000000' } as const
const reportIn = (timeZone: string, days: 7 | 30 = 7) =>
  getAdminReport(t.db, anAdmin, { days }, { timeZone, now: NOW })
/** The money of the report of 7 days in `timeZone`, read from the days or from the lines, in one snapshot. */
const moneyFrom = (source: 'days' | 'lines', timeZone: string) =>
  t.db.transaction((tx) => marketplaceMoney(tx, reportPeriod(7, NOW, timeZone), source, timeZone), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  })

/** The database's clock (the ledger's lines take its time), to the microsecond: as text, not a Date. */
async function databaseNow() {
  const result = await t.db.execute(sql`select clock_timestamp()::text as now`)
  return (result as unknown as { rows: { now: string }[] }).rows[0]!.now
}

/**
 * Runs `action`, then moves what it posted to the ledger to `at`, as the demo places its story's moments
 * (demo-stamps.ts): the ledger is append-only, so the move runs with the triggers off for its transaction only;
 * the report's days are then recounted from the lines (rebuildTotals). Called in the order of the moments, so a
 * shop's lines keep their numbers in time order.
 */
async function postedAt<T>(at: Date, action: () => Promise<T>): Promise<T> {
  const from = await databaseNow()
  const result = await action()
  const to = await databaseNow()
  await t.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`)
    const moment = sql`${at.toISOString()}::timestamptz`
    const posted = sql`created_at between ${from}::timestamptz and ${to}::timestamptz`
    await tx.execute(sql`update ledger_lines
      set available_at = ${moment} + (available_at - created_at), created_at = ${moment} where ${posted}`)
    await tx.execute(sql`update ledger_entries set created_at = ${moment} where ${posted}`)
  })
  await rebuildTotals(t.db)
  return result
}

/**
 * A plan's fee as the application posts it once its payment is confirmed (vendors.service.ts): paid outside
 * Isoko, the marketplace's cash and its subscription income; the shop's balance does not move.
 */
const chargeFee = (shop: RegisteredVendor, price: number) =>
  t.db.transaction((tx) =>
    postLedgerEntry(tx, {
      kind: 'subscription_fee',
      vendorId: shop.vendorId,
      lines: [
        { account: 'marketplace_cash', kind: 'fee', amount: -price, vendorId: shop.vendorId },
        { account: 'subscription_income', kind: 'fee', amount: price, vendorId: shop.vendorId },
      ],
    }),
  )
/** An adjustment as the application posts it (adjustments.service.ts): a credit when positive, a debit when not. */
const adjust = (shop: RegisteredVendor, amount: number) =>
  t.db.transaction((tx) =>
    postLedgerEntry(tx, {
      kind: 'adjustment',
      vendorId: shop.vendorId,
      lines: [
        { account: 'vendor_payable', kind: 'adjustment', amount, vendorId: shop.vendorId },
        { account: 'adjustments', kind: 'adjustment', amount: -amount, vendorId: shop.vendorId },
      ],
    }),
  )

const completed = async (shop: RegisteredVendor, total: number) =>
  (await insertOrders(t.db, shop.vendorId, [total]))[0]!
const refund = (orderId: string) =>
  t.db.update(orders).set({ status: 'refunded' }).where(eq(orders.id, orderId))

const moneyAccounts = {
  commission: 'commission_income',
  vat: 'vat_on_commission_payable',
  fees: 'subscription_income',
  adjustments: 'adjustments',
} as const
type Figure = keyof typeof moneyAccounts

/**
 * The report's money worked out here from every line of the ledger: each line in its day of a zone `offset` hours
 * east of UTC (one without summer time), the 7 days ending on the day of NOW and the 7 before them.
 */
async function moneyByHand(offset: number) {
  const dayOf = (time: number) => Math.floor((time + offset * HOUR) / DAY)
  const first = dayOf(NOW.getTime()) - 6
  const dayAt = (n: number) => new Date((first + n) * DAY).toISOString().slice(0, 10)
  const empty = (n: number) => ({ day: dayAt(n), commission: 0, vat: 0, fees: 0 })
  const daily = Array.from({ length: 7 }, (_, n) => empty(n))
  const previousDaily = Array.from({ length: 7 }, (_, n) => empty(n - 7))
  const range = { commission: 0, vat: 0, fees: 0, adjustments: 0 }
  const previous = { ...range }
  const lines = await t.db
    .select()
    .from(ledgerLines)
    .where(inArray(ledgerLines.account, Object.values(moneyAccounts)))
  for (const line of lines) {
    const n = dayOf(line.createdAt.getTime()) - first
    if (n < -7 || n >= 7) continue
    const figure = (Object.keys(moneyAccounts) as Figure[]).find(
      (key) => moneyAccounts[key] === line.account,
    )!
    ;(n >= 0 ? range : previous)[figure] += line.amount
    if (figure !== 'adjustments') (n >= 0 ? daily[n]! : previousDaily[n + 7]!)[figure] += line.amount
  }
  return { range, previous, daily, previousDaily }
}

/** The report's money as moneyByHand writes it. */
const moneyOf = (money: ReportMoney) => ({
  range: {
    commission: money.commission.value,
    vat: money.vat.value,
    fees: money.fees.value,
    adjustments: money.adjustments.value,
  },
  previous: {
    commission: money.commission.previous,
    vat: money.vat.previous,
    fees: money.fees.previous,
    adjustments: money.adjustments.previous,
  },
  daily: money.daily,
  previousDaily: money.previousDaily,
})

const calendarZone = async () => (await t.db.select().from(reportCalendar))[0]?.timeZone

describe("the marketplace's money in the admin report", () => {
  let admin: Awaited<ReturnType<typeof theAdmin>>
  let a: RegisteredVendor, b: RegisteredVendor, c: RegisteredVendor, d: RegisteredVendor

  beforeAll(async () => {
    admin = await theAdmin(t)
    ;[a, b, c, d] = [
      await registeredVendor(t, { status: 'approved' }),
      await registeredVendor(t, { status: 'approved' }),
      await registeredVendor(t, { status: 'approved' }),
      await registeredVendor(t, { status: 'approved' }),
    ]
    // The marketplace's default: 10% of each order and 100 RWF, with 18% VAT on that commission.
    await t.db.insert(commissionRules).values({ rateBp: 1000, fixedAmount: 100 })

    // The previous range (13 to 7 days ago): two sales of shop A, a plan fee of shop B.
    await postedAt(kigali(10), () => completed(a, 10_000))
    await postedAt(kigali(9, 18), () => chargeFee(b, 3_000))
    const refunded = await postedAt(kigali(8), () => completed(a, 20_000))
    // The range (the last 7 days, today included).
    await postedAt(kigali(5), () => completed(b, 5_000))
    // Kigali 23:30 is 21:30 UTC the same day; Kigali 00:30 the next day is 22:30 UTC, still that UTC day.
    await postedAt(kigali(4, 23.5), () => completed(a, 1_000))
    await postedAt(kigali(3, 0.5), () => completed(b, 2_000))
    await postedAt(kigali(3), () => completed(a, 30_000))
    // Shop A's 20,000 order of the previous range refunded in this one: its commission and VAT go back.
    await postedAt(kigali(2), () => refund(refunded.id))
    await postedAt(kigali(1), () => chargeFee(b, 5_000))
    await postedAt(kigali(1, 15), () => adjust(a, 1_500))
    await postedAt(kigali(0, 1), () => completed(b, 7_000))
    // Shops C and D owe the marketplace: a payout sent before anything was earned, a debit of a shop with none.
    await postedAt(kigali(0, 2), () => insertPayout(t.db, c.vendorId, { amount: 4_000, status: 'approved' }))
    await postedAt(kigali(0, 3), () => adjust(d, -2_500))
  })

  // The report must say what the ledger says: its figures are the lines' sums, each line in its Kigali day.
  it("sums the ledger's lines of the range and of the previous range, each in its Kigali day", async () => {
    const report = await reportIn(TIME_ZONE)
    expect(moneyOf(report.money)).toEqual(await moneyByHand(2))
    const { money } = report
    // Commission = 10% + 100, VAT 18% of it, rounded half up; the refund takes back its sale's exact lines.
    const sale = (total: number) => ({
      commission: total / 10 + 100,
      vat: Math.round((total / 10 + 100) * 0.18),
    })
    const previousCommission = sale(10_000).commission + sale(20_000).commission
    const commission =
      sale(5_000).commission +
      sale(1_000).commission +
      sale(2_000).commission +
      sale(30_000).commission +
      sale(7_000).commission -
      sale(20_000).commission
    // 2,900 against 3,200: down 9.375%, written to 1 decimal.
    expect(money.commission).toEqual({ value: commission, previous: previousCommission, change: -9.4 })
    expect(money.vat.value).toBe(108 + 36 + 54 + 558 + 144 - 378)
    expect(money.vat.previous).toBe(198 + 378)
    expect(money.fees).toEqual({ value: 5_000, previous: 3_000, change: 66.7 })
    // Shop A credited 1,500, shop D debited 2,500: the marketplace's account moved by +1,000.
    expect(money.adjustments).toEqual({ value: -1_500 + 2_500, previous: 0 })
    expect({ owed: money.owedByShops, shops: money.shopsOwing }).toEqual({ owed: 4_000 + 2_500, shops: 2 })
    // The sale at 23:30 and the one at 00:30 an hour later are on two Kigali days; the refund on its own day.
    const day = (n: number) => money.daily[6 - n]!
    expect(day(4)).toMatchObject({ commission: 200, vat: 36 })
    expect(day(3)).toMatchObject({ commission: 300 + 3_100, vat: 54 + 558 })
    expect(day(2)).toMatchObject({ commission: -2_100, vat: -378 })
    expect(day(1)).toMatchObject({ commission: 0, fees: 5_000 })
    expect(money.previousDaily[13 - 10]).toMatchObject({ commission: 1_100, vat: 198 })
    expect(money.previousDaily[13 - 8]).toMatchObject({ commission: 2_100, vat: 378 })
    expect(await findTotalsDrift(t.db)).toEqual([])
  })

  it('widens to 30 days: the previous range joins the range', async () => {
    const { money } = await reportIn(TIME_ZONE, 30)
    expect(money.daily).toHaveLength(30)
    expect(money.previousDaily).toHaveLength(30)
    expect(money.commission.value).toBe(1_100 + 2_100 + 600 + 200 + 300 + 3_100 + 800 - 2_100)
    expect(money.commission.previous).toBe(0)
    expect(money.commission.change).toBeNull()
    expect(money.fees.value).toBe(3_000 + 5_000)
  })

  // The days may be counted in another zone for a moment (the setting changed, and the recount could not wait for
  // the order changes in flight): the report then reads the ledger's lines of its two ranges, the same figures.
  it('gives the same figures from the lines as from the days, in their zone and while they are counted in another', async () => {
    expect(await calendarZone()).toBe(TIME_ZONE)
    const kigaliDays = await moneyFrom('days', TIME_ZONE)
    expect(await moneyFrom('lines', TIME_ZONE)).toEqual(kigaliDays)
    // The days counted in Kigali's zone, the money of a report in UTC comes from the lines, each in its UTC day:
    // the sales at Kigali 23:30 and 00:30 are then on one day.
    const utcLines = await moneyFrom('lines', 'UTC')
    expect(moneyOf(utcLines)).toEqual(await moneyByHand(0))
    expect(utcLines.daily[6 - 4]).toMatchObject({ commission: 200 + 300, vat: 36 + 54 })
    // A report in UTC first recounts the days in it; they give what the lines gave.
    const utcReport = await reportIn('UTC')
    expect(await calendarZone()).toBe('UTC')
    expect(utcReport.money).toEqual(utcLines)
    expect(await moneyFrom('days', 'UTC')).toEqual(utcLines)
    expect(await findTotalsDrift(t.db)).toEqual([])

    // And back: while the days are in UTC, Kigali's money from the lines is what Kigali's days said.
    expect(await moneyFrom('lines', TIME_ZONE)).toEqual(kigaliDays)
    expect((await reportIn(TIME_ZONE)).money).toEqual(kigaliDays)
    expect(await calendarZone()).toBe(TIME_ZONE)
    expect(await findTotalsDrift(t.db)).toEqual([])
  })

  // The whole report, as it runs when the recount waits 3 s for an order change in flight and gives up. (PGlite
  // runs one transaction at a time: this takes PostgreSQL.)
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'reads the lines when the days cannot be recounted in time, and gives what the days give once recounted',
    async () => {
      let fromLines: AdminReport | undefined
      await whileAnOrderChangeIsInFlight(t.db, async () => {
        fromLines = await reportIn('UTC')
        expect(await calendarZone()).toBe(TIME_ZONE)
      })
      expect(moneyOf(fromLines!.money)).toEqual(await moneyByHand(0))
      const fromDays = await reportIn('UTC')
      expect(await calendarZone()).toBe('UTC')
      expect(fromDays.money).toEqual(fromLines!.money)
      await reportIn(TIME_ZONE)
      expect(await calendarZone()).toBe(TIME_ZONE)
      expect(await findTotalsDrift(t.db)).toEqual([])
    },
    30_000,
  )

  it('writes the money into the CSV export, in the order of the figures', async () => {
    const { money } = await reportIn(TIME_ZONE)
    vi.useFakeTimers({ toFake: ['Date'], now: NOW })
    let text: string
    try {
      const response = await t.get('/api/admin/reports/export?days=7', { cookie: admin.cookie })
      expect(response.status, response.text).toBe(200)
      text = response.text
    } finally {
      vi.useRealTimers()
    }
    const rows = parseCsv(text)
    const figure = (name: string) => rows.find((row) => row[0] === name)
    const written = (value: number | null) => (value === null ? '' : String(value))
    const compared = ({ value, previous, change }: ReportMoney['commission']) =>
      [value, previous, change].map(written)
    expect(figure('Commission earned, net of refunds (RWF)')?.slice(1)).toEqual(compared(money.commission))
    expect(figure('VAT on commission due (RWF)')?.slice(1)).toEqual(compared(money.vat))
    expect(figure('Plan fees (RWF)')?.slice(1)).toEqual(compared(money.fees))
    expect(figure('Adjustments, net (RWF; below 0: credited to shops)')).toEqual([
      'Adjustments, net (RWF; below 0: credited to shops)',
      '1000',
      '0',
      '',
    ])
    expect(figure('Owed by shops now (RWF)')?.[1]).toBe('6500')
    expect(figure('Shops owing now')?.[1]).toBe('2')
    const daysAt = (header: string) => {
      const at = rows.findIndex((row) => row[0] === header)
      return rows.slice(at, at + 8)
    }
    const [header, ...days] = daysAt('Day (marketplace earnings)')
    expect(header).toEqual([
      'Day (marketplace earnings)',
      'Commission (RWF)',
      'VAT on commission (RWF)',
      'Plan fees (RWF)',
    ])
    expect(days).toEqual(money.daily.map((day) => [day.day, day.commission, day.vat, day.fees].map(String)))
    const [, ...previousDays] = daysAt('Day of the previous period (marketplace earnings)')
    expect(previousDays).toEqual(
      money.previousDaily.map((day) => [day.day, day.commission, day.vat, day.fees].map(String)),
    )
  })

  // The marketplace's earnings and what each shop owes are for admins only.
  it('refuses a vendor (403) while an admin reads the money (200)', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: NOW })
    try {
      expectError(await t.get('/api/admin/reports', { cookie: a.cookie }), {
        status: 403,
        code: 'FORBIDDEN',
        messageKey: 'errors.forbidden',
      })
      expectError(await t.get('/api/admin/reports/export', { cookie: d.cookie }), {
        status: 403,
        code: 'FORBIDDEN',
        messageKey: 'errors.forbidden',
      })
      const response = await t.get('/api/admin/reports', { cookie: admin.cookie })
      expect(response.status, response.text).toBe(200)
      expect((response.body as AdminReport).money.owedByShops).toBe(6_500)
    } finally {
      vi.useRealTimers()
    }
  })
})
