import { and, eq, like, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { commissionRules, mailOutbox, orders, statementMailings, users } from '../../src/server/db/schema'
import { rebuildTotals } from '../../src/server/db/totals'
import { mailMonthlyStatements } from '../../src/server/ledger/statement-mail'
import { registeredVendor, twoShopsAndAdmin, type RegisteredVendor } from '../fixtures/commerce'
import { expectStatus } from '../fixtures/factories'
import { insertOrders } from '../fixtures/money'

let t: Awaited<ReturnType<typeof twoShopsAndAdmin>>['t']
let a: RegisteredVendor
let b: RegisteredVendor
let idle: RegisteredVendor
let recent: RegisteredVendor
let adminCookie: string
let unrefunded: string

/** Runs the monthly mailing as the hourly job would at `now` (so for the month before it, in Kigali). */
const mailAt = (now: string) =>
  mailMonthlyStatements(t.db, {
    publicUrl: t.config.publicUrl,
    timeZone: 'Africa/Kigali',
    now: new Date(now),
  })

/** The statement mails queued to a shop's owner, oldest first. */
const statementMails = (shop: RegisteredVendor) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, shop.email), like(mailOutbox.link, '%/vendor/payouts?month=%')))
    .orderBy(mailOutbox.createdAt, mailOutbox.id)

/**
 * The shop's lines from `fromSeq` on are moved to `start` (one minute apart, in their order): lines are append-only
 * and stamped with the database's clock, so the append-only triggers are off for this transaction only.
 */
async function moveLines(shop: RegisteredVendor, fromSeq: number, start: string) {
  await t.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`)
    await tx.execute(sql`update ledger_lines
      set created_at = ${start}::timestamptz + (seq - ${fromSeq}) * interval '1 minute'
      where account = 'vendor_payable' and vendor_id = ${shop.vendorId} and seq >= ${fromSeq}`)
  })
}

const lineCount = async (shop: RegisteredVendor) => {
  const result = await t.db.execute(
    sql`select count(*)::int as n from ledger_lines where account = 'vendor_payable' and vendor_id = ${shop.vendorId}`,
  )
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]!.n)
}

beforeAll(async () => {
  ;({ t, a, b, adminCookie } = await twoShopsAndAdmin())
  idle = await registeredVendor(t, { status: 'approved' })
  recent = await registeredVendor(t, { status: 'approved' })
  // 10% commission on every order (and the 18% VAT on it), so a sale posts three lines.
  await t.db.insert(commissionRules).values({ rateBp: 1_000 })

  // Shop A in March 2025 (Kigali): sold 10,000 and 20,000, refunded the 10,000 one, was paid out 5,000.
  const [small, large] = await insertOrders(t.db, a.vendorId, [10_000, 20_000])
  unrefunded = large!.id
  await t.db.update(orders).set({ status: 'refunded' }).where(eq(orders.id, small!.id))
  const payout = expectStatus(
    await t.post('/api/vendor/payouts', { amount: 5_000 }, { cookie: a.cookie }),
    201,
    'payout',
  )
  expectStatus(
    await t.patch(
      `/api/admin/payouts/${payout.body.id}`,
      { status: 'approved', paymentReference: 'MP-2025-03' },
      { cookie: adminCookie },
    ),
    200,
    'approve',
  )
  const aMarch = await lineCount(a)
  await moveLines(a, 1, '2025-03-10T08:00:00Z')
  // Then, in April, the other order is refunded after the payout: the shop ends April owing.
  await t.db.update(orders).set({ status: 'refunded' }).where(eq(orders.id, unrefunded))
  await moveLines(a, aMarch + 1, '2025-04-20T08:00:00Z')

  // Shop B in March 2025 too: one sale of 4,000. Its owner reads Kinyarwanda.
  await insertOrders(t.db, b.vendorId, [4_000])
  await moveLines(b, 1, '2025-03-31T21:30:00Z') // 31 March, 23:30 in Kigali
  await t.db.update(users).set({ language: 'rw' }).where(eq(users.id, b.user.id))

  // A shop whose lines all came later (today), and one with no line at all.
  await insertOrders(t.db, recent.vendorId, [7_000])
  await rebuildTotals(t.db)
})
afterAll(async () => {
  await t?.close()
})

describe("mailing each shop last month's statement", () => {
  // The month's figures are the statement's: what the mail says must be what the PDF behind its link says.
  it("mails shop A its March figures, in English (no language yet), with a link to March's statement", async () => {
    // Two processes' hourly runs at once: one of them mails both shops.
    const counts = await Promise.all([mailAt('2025-04-15T10:00:00Z'), mailAt('2025-04-15T10:00:00Z')])
    expect(counts.sort()).toEqual([0, 2])
    const [mail, ...others] = await statementMails(a)
    expect(others).toEqual([])
    expect(mail).toMatchObject({
      status: 'queued',
      subject: 'Your Isoko statement for March 2025',
      link: `${t.config.publicUrl}/vendor/payouts?month=2025-03`,
    })
    const lines = mail!.text.split('\n')
    expect(lines).toContain(`Hello ${a.input.fullName},`)
    expect(mail!.text).toContain(`Here is the statement of your shop ${a.shopName} for March 2025.`)
    expect(lines).toEqual(
      expect.arrayContaining([
        'Opening balance: RWF 0',
        'Sales: RWF 30,000',
        'Commission: RWF -3,000',
        'VAT on commission: RWF -540',
        'Refunds: RWF -10,000',
        'Commission refunded: RWF 1,000',
        'VAT on commission refunded: RWF 180',
        'Payouts: RWF -5,000',
        'Closing balance: RWF 12,640',
        '10 lines this month.',
      ]),
    )
    // Kinds the month does not have are left out; a positive balance owes nothing.
    expect(mail!.text).not.toMatch(/Adjustments|Subscription fees|Payouts returned|you owe/)
    expect(mail!.text).toContain(`${t.config.publicUrl}/vendor/payouts?month=2025-03`)
    expect(mail!.html).toContain(`href="${t.config.publicUrl}/vendor/payouts?month=2025-03"`)
    expect(
      await t.db.select().from(statementMailings).where(eq(statementMailings.vendorId, a.vendorId)),
    ).toEqual([expect.objectContaining({ month: '2025-03-01' })])
  })

  // Kigali's calendar: 23:30 on 31 March in Kigali is March, though UTC has it at 21:30 the same day.
  it("mails shop B its own March figures only, in Kinyarwanda, its owner's language", async () => {
    const [mail, ...others] = await statementMails(b)
    expect(others).toEqual([])
    expect(mail!.subject).toBe("Inyandiko ya konti yawe ya Isoko y'ukwezi kwa Werurwe 2025")
    expect(mail!.link).toBe(`${t.config.publicUrl}/vendor/payouts?month=2025-03`)
    const lines = mail!.text.split('\n')
    expect(lines).toContain(`Muraho ${b.input.fullName},`)
    expect(lines).toEqual(
      expect.arrayContaining([
        'Amafaranga yo gutangira ukwezi: RWF 0',
        'Igurisha: RWF 4,000',
        'Komisiyo: RWF -400',
        'TVA kuri komisiyo: RWF -72',
        'Amafaranga yo gusoza ukwezi: RWF 3,528',
        'Imirongo 3 muri uku kwezi.',
      ]),
    )
    expect(mail!.text).toContain(b.shopName)
    // Nothing of shop A's in B's mail, nor of B's in A's.
    for (const figure of ['30,000', '12,640', '5,000', '10,000', a.shopName])
      expect(mail!.text).not.toContain(figure)
    const [aMail] = await statementMails(a)
    for (const figure of ['4,000', '3,528', b.shopName]) expect(aMail!.text).not.toContain(figure)
  })

  it('mails no shop without a line before the month ended (none at all, or only later ones)', async () => {
    expect(await statementMails(idle)).toEqual([])
    expect(await statementMails(recent)).toEqual([])
  })

  // Several processes run the job each hour, and one may restart mid-run: a shop's month is mailed once.
  it('mails a month once, however often it runs, one run after another or at the same time', async () => {
    expect(await mailAt('2025-04-15T11:00:00Z')).toBe(0)
    expect(await Promise.all([mailAt('2025-04-20T10:00:00Z'), mailAt('2025-04-30T21:00:00Z')])).toEqual([
      0, 0,
    ])
    expect(await statementMails(a)).toHaveLength(1)
    expect(await statementMails(b)).toHaveLength(1)
  })

  it('the next month, mails the next month: A owes what April refunded after its payout, B had no line', async () => {
    const counts = await Promise.all([mailAt('2025-05-01T10:00:00Z'), mailAt('2025-05-01T10:00:01Z')])
    expect(counts.sort()).toEqual([0, 2])
    const aMails = await statementMails(a)
    expect(aMails).toHaveLength(2)
    const april = aMails[1]!
    expect(april).toMatchObject({
      subject: 'Your Isoko statement for April 2025',
      link: `${t.config.publicUrl}/vendor/payouts?month=2025-04`,
    })
    expect(april.text.split('\n')).toEqual(
      expect.arrayContaining([
        'Opening balance: RWF 12,640',
        'Refunds: RWF -20,000',
        'Commission refunded: RWF 2,000',
        'VAT on commission refunded: RWF 360',
        'Closing balance: RWF -5,000',
        '3 lines this month.',
        'At the end of the month you owe RWF 5,000; it is taken from your next sales.',
      ]),
    )
    expect(april.text).not.toMatch(/Sales:|Payouts:/)
    const bMails = await statementMails(b)
    expect(bMails).toHaveLength(2)
    expect(bMails[1]!.subject).toBe("Inyandiko ya konti yawe ya Isoko y'ukwezi kwa Mata 2025")
    expect(bMails[1]!.text).toContain('Nta murongo muri uku kwezi.')
    expect(bMails[1]!.text).toContain('Amafaranga yo gusoza ukwezi: RWF 3,528')
    expect(await statementMails(idle)).toEqual([])
    expect(await statementMails(recent)).toEqual([])
  })
})
