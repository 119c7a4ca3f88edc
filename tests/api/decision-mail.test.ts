import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mailOutbox, users } from '../../src/server/db/schema'
import { createLogger } from '../../src/server/lib/logger'
import { createMailer, MAIL_MAX_ATTEMPTS } from '../../src/server/mail/mail.service'
import { languageHeader } from '../../src/shared/constants'
import { createProduct, simpleProduct } from '../fixtures/commerce'
import { mailsTo, signIn } from '../fixtures/factories'
import { insertOrders, insertPayout, registeredVendor, rowCount, theAdmin } from '../fixtures/money'
import { createTestApp } from '../fixtures/test-app'

let t: Awaited<ReturnType<typeof createTestApp>>

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})

const languageOf = async (userId: string) =>
  (await t.db.select({ language: users.language }).from(users).where(eq(users.id, userId)))[0]!.language

/** The mail queued to `email` after the sign-up confirmation (newest first). */
const decisionMails = async (email: string) =>
  (await mailsTo(t.db, email)).filter((mail) => !mail.subject.startsWith('Confirm your Isoko account'))

/** A vendor whose screens last showed `language` (one call carrying the header records it). */
async function vendorUsing(language: 'en' | 'rw') {
  const vendor = await registeredVendor(t)
  const response = await t.get('/api/vendor/profile', {
    cookie: vendor.cookie,
    headers: { [languageHeader]: language },
  })
  expect(response.status, response.text).toBe(200)
  return vendor
}

describe('the language mail is written in', () => {
  it('follows the language the screens send, at sign-in and on any later call', async () => {
    const vendor = await registeredVendor(t)
    expect(await languageOf(vendor.user.id)).toBeNull()

    const login = await t.post(
      '/api/account/login',
      { email: vendor.email, password: vendor.password },
      { headers: { [languageHeader]: 'rw' } },
    )
    expect(login.status, login.text).toBe(200)
    expect(await languageOf(vendor.user.id)).toBe('rw')

    await t.get('/api/vendor/profile', { cookie: vendor.cookie, headers: { [languageHeader]: 'en' } })
    expect(await languageOf(vendor.user.id)).toBe('en')
  })

  it('is left as it is by a call without the header, or with a language Isoko does not have', async () => {
    const vendor = await vendorUsing('rw')
    await t.get('/api/vendor/profile', { cookie: vendor.cookie })
    await t.get('/api/vendor/profile', { cookie: vendor.cookie, headers: { [languageHeader]: 'fr' } })
    await signIn(t, vendor.email, vendor.password)
    expect(await languageOf(vendor.user.id)).toBe('rw')
  })
})

describe('mail to a vendor when the team decides', () => {
  it('an approved application: the shop, in English, with a link to the dashboard, queued with the change', async () => {
    const admin = await theAdmin(t)
    const vendor = await vendorUsing('en')
    const response = await t.patch(
      `/api/admin/vendors/${vendor.vendorId}/status`,
      { status: 'approved' },
      { cookie: admin.cookie },
    )
    expect(response.status, response.text).toBe(200)
    const [mail, ...others] = await decisionMails(vendor.email)
    expect(others).toEqual([])
    expect(mail).toMatchObject({ status: 'queued', link: `${t.config.publicUrl}/vendor` })
    expect(mail!.subject).toBe(`Your shop ${vendor.shopName} is approved`)
    expect(mail!.text).toContain(`Hello ${vendor.input.fullName},`)
    expect(mail!.html).toContain(`href="${t.config.publicUrl}/vendor"`)
  })

  it('a rejected application: in Kinyarwanda, with the reason', async () => {
    const admin = await theAdmin(t)
    const vendor = await vendorUsing('rw')
    const reason = 'Indangamuntu ntisomeka <b>neza</b>'
    await t.patch(
      `/api/admin/vendors/${vendor.vendorId}/status`,
      { status: 'rejected', reason },
      { cookie: admin.cookie },
    )
    const [mail] = await decisionMails(vendor.email)
    expect(mail!.subject).toBe(`Ubusabe bw'iduka ${vendor.shopName} ntibwemewe`)
    expect(mail!.text).toContain(`Muraho ${vendor.input.fullName},`)
    expect(mail!.text).toContain(`Impamvu: ${reason}`)
    // The reason is the admin's text: shown as text in the HTML part, never as markup.
    expect(mail!.html).toContain('Impamvu: Indangamuntu ntisomeka &lt;b&gt;neza&lt;/b&gt;')
  })

  it('a refused decision (already decided) queues nothing', async () => {
    const admin = await theAdmin(t)
    const vendor = await vendorUsing('en')
    const url = `/api/admin/vendors/${vendor.vendorId}/status`
    await t.patch(url, { status: 'approved' }, { cookie: admin.cookie })
    const before = await rowCount(t.db, mailOutbox)
    const again = await t.patch(url, { status: 'rejected', reason: 'late' }, { cookie: admin.cookie })
    expect(again.status).toBe(409)
    expect(await rowCount(t.db, mailOutbox)).toBe(before)
  })

  it('rejected products: one mail per vendor naming each product, none for an approval', async () => {
    const admin = await theAdmin(t)
    const vendor = await vendorUsing('en')
    const other = await vendorUsing('rw')
    const [a, b, c] = [
      await createProduct(t, vendor.cookie, simpleProduct({ name: 'Agaseke red' })),
      await createProduct(t, vendor.cookie, simpleProduct({ name: 'Agaseke blue' })),
      await createProduct(t, other.cookie, simpleProduct({ name: 'Imigongo panel' })),
    ].map((product) => product.id)

    await t.patch(`/api/admin/products/${a}/status`, { status: 'approved' }, { cookie: admin.cookie })
    expect(await decisionMails(vendor.email)).toEqual([])

    const bulk = await t.post(
      '/api/admin/products/decisions',
      { ids: [a, b, c], status: 'rejected', reason: 'Photos are blurred' },
      { cookie: admin.cookie },
    )
    expect(bulk.status, bulk.text).toBe(200)
    const [mine, ...more] = await decisionMails(vendor.email)
    expect(more).toEqual([])
    expect(mine!.subject).toBe('2 of your products were not approved')
    expect(mine!.text).toMatch(/Agaseke (red|blue), Agaseke (red|blue)\./)
    expect(mine!.text).toContain('Reason: Photos are blurred')
    expect(mine!.link).toBe(`${t.config.publicUrl}/vendor/products`)
    const [theirs] = await decisionMails(other.email)
    expect(theirs!.subject).toBe('Igicuruzwa cyawe Imigongo panel nticyemewe')
    expect(theirs!.text).toContain('Impamvu: Photos are blurred')
  })

  it('a payout approved with its payment reference, and one rejected with its reason', async () => {
    const admin = await theAdmin(t)
    const vendor = await vendorUsing('en')
    await insertOrders(t.db, vendor.vendorId, [50_000])
    const first = await insertPayout(t.db, vendor.vendorId, { amount: 20_000 })
    const second = await insertPayout(t.db, vendor.vendorId, { amount: 5_000 })

    await t.patch(
      `/api/admin/payouts/${first.id}`,
      { status: 'approved', paymentReference: 'MTN-55120' },
      { cookie: admin.cookie },
    )
    const [approved] = await decisionMails(vendor.email)
    expect(approved!.subject).toMatch(/^Your payout of .*20,000.* is approved$/)
    expect(approved!.text).toContain('Payment reference: MTN-55120')
    expect(approved!.link).toBe(`${t.config.publicUrl}/vendor/payouts`)

    await t.patch(
      `/api/admin/payouts/${second.id}`,
      { status: 'rejected', reason: 'Wrong number' },
      { cookie: admin.cookie },
    )
    const [rejected] = await decisionMails(vendor.email)
    expect(rejected!.subject).toMatch(/^Your payout request of .*5,000.* was rejected$/)
    expect(rejected!.text).toContain('Reason: Wrong number')
  })
})

describe('delivering queued mail', () => {
  it('without an SMTP server, keeps each queued mail in the outbox, once', async () => {
    const admin = await theAdmin(t)
    const vendor = await vendorUsing('en')
    await t.patch(
      `/api/admin/vendors/${vendor.vendorId}/status`,
      { status: 'approved' },
      { cookie: admin.cookie },
    )
    expect(await t.deps.mailer.deliverQueued()).toBeGreaterThanOrEqual(1)
    const [mail] = await decisionMails(vendor.email)
    expect(mail).toMatchObject({ status: 'outbox', attempts: 1 })
    expect(await t.deps.mailer.deliverQueued()).toBe(0)
  })

  it('when the SMTP server refuses, keeps the mail queued for a later attempt, then gives up as failed', async () => {
    const vendor = await registeredVendor(t)
    await t.db
      .insert(mailOutbox)
      .values({ to: vendor.email, subject: 'Retry me', text: 'x', status: 'queued' })
    // Nothing listens on port 9 of this machine: every attempt fails at once.
    const mailer = createMailer({
      db: t.db,
      logger: createLogger('silent', false),
      smtpUrl: 'smtp://127.0.0.1:9',
      from: 'Isoko <no-reply@example.rw>',
    })
    const retry = async () => {
      await mailer.deliverQueued()
      const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.subject, 'Retry me'))
      // The next attempt waits; bring it forward to try again now.
      await t.db
        .update(mailOutbox)
        .set({ nextAttemptAt: new Date(0) })
        .where(eq(mailOutbox.id, row!.id))
      return row!
    }
    const first = await retry()
    expect(first).toMatchObject({ status: 'queued', attempts: 1 })
    expect(first.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now())
    expect(first.error).toBeTruthy()
    let last = first
    for (let attempt = 2; attempt <= MAIL_MAX_ATTEMPTS; attempt++) last = await retry()
    expect(last).toMatchObject({ status: 'failed', attempts: MAIL_MAX_ATTEMPTS })
  })

  it('a mail claimed by one delivery is not taken by another running at the same time', async () => {
    const vendor = await registeredVendor(t)
    await t.db
      .insert(mailOutbox)
      .values({ to: vendor.email, subject: 'Only once', text: 'x', status: 'queued' })
    const delivered = await Promise.all([t.deps.mailer.deliverQueued(), t.deps.mailer.deliverQueued()])
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.subject, 'Only once'))
    expect(row).toMatchObject({ status: 'outbox', attempts: 1 })
    expect(delivered.reduce((sum, n) => sum + n, 0)).toBeGreaterThanOrEqual(1)
  })
})
