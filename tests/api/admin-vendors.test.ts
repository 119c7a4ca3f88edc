import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLogs, vendors } from '../../src/server/db/schema'
import { expectError } from '../fixtures/expect-error'
import { confirmedVendor, expectStatus, mailsTo } from '../fixtures/factories'
import { fetchFile, pdfDocument, pngImage, upload } from '../fixtures/files'
import { auditRowsFor, registeredVendor, theAdmin } from '../fixtures/money'
import { createTestApp } from '../fixtures/test-app'

let t: Awaited<ReturnType<typeof createTestApp>>

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})

const adminCookie = async () => (await theAdmin(t)).cookie
const vendorRow = async (id: string) => (await t.db.select().from(vendors).where(eq(vendors.id, id)))[0]!

let tagCounter = 0
/** A word no other test's shop carries, so a search for it sees only this test's vendors. */
const uniqueTag = () => `Tag${++tagCounter}x${Date.now().toString(36)}`

/** A registered vendor whose shop name, application date and other columns are then set as given. */
async function vendorWith(values: Partial<typeof vendors.$inferInsert> = {}) {
  const vendor = await registeredVendor(t)
  if (Object.keys(values).length > 0)
    await t.db.update(vendors).set(values).where(eq(vendors.id, vendor.vendorId))
  return vendor
}

const list = async (query: Record<string, string | number>, cookie?: string) =>
  t.get(`/api/admin/vendors?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`, {
    cookie: cookie ?? (await adminCookie()),
  })

describe('GET /api/admin/vendors', () => {
  // Admin §2/§7: the review queue reads newest application first, with what the admin needs to decide.
  it('lists applications newest first, each with its owner, contact, address, status, plan and reason', async () => {
    const tag = uniqueTag()
    const oldest = await vendorWith({
      shopName: `${tag} Oldest`,
      createdAt: new Date('2025-01-01T08:00:00Z'),
    })
    const middle = await vendorWith({
      shopName: `${tag} Middle`,
      createdAt: new Date('2025-02-01T08:00:00Z'),
      status: 'rejected',
      decisionReason: 'Documents unreadable',
    })
    const newest = await vendorWith({
      shopName: `${tag} Newest`,
      createdAt: new Date('2025-03-01T08:00:00Z'),
      requestedPlan: 'growth',
    })
    const response = await list({ q: tag })
    expect(response.status, response.text).toBe(200)
    expect(response.body).toMatchObject({ total: 3, page: 1, pageSize: 20 })
    expect(response.body.items.map((item: { id: string }) => item.id)).toEqual([
      newest.vendorId,
      middle.vendorId,
      oldest.vendorId,
    ])
    expect(response.body.items[0]).toEqual({
      id: newest.vendorId,
      shopName: `${tag} Newest`,
      fullName: newest.body.fullName,
      email: newest.email.toLowerCase(),
      phone: '+250788123456',
      businessAddress: 'KN 4 Ave, Kigali',
      status: 'pending',
      plan: 'starter',
      requestedPlan: 'growth',
      createdAt: '2025-03-01T08:00:00.000Z',
      decisionReason: null,
    })
    expect(response.body.items[1]).toMatchObject({
      status: 'rejected',
      decisionReason: 'Documents unreadable',
    })
  })

  it('filters by status and pages, the total counting every match', async () => {
    const tag = uniqueTag()
    const made = []
    for (const [index, status] of (
      ['pending', 'rejected', 'rejected', 'rejected', 'approved'] as const
    ).entries())
      made.push(
        await vendorWith({
          shopName: `${tag} ${index}`,
          status,
          createdAt: new Date(Date.UTC(2025, 0, 1 + index)),
        }),
      )
    const rejected = await list({ q: tag, status: 'rejected', pageSize: 2, page: 1 })
    expect(rejected.status, rejected.text).toBe(200)
    expect(rejected.body).toMatchObject({ total: 3, page: 1, pageSize: 2 })
    expect(rejected.body.items.map((item: { id: string }) => item.id)).toEqual([
      made[3]!.vendorId,
      made[2]!.vendorId,
    ])
    const second = await list({ q: tag, status: 'rejected', pageSize: 2, page: 2 })
    expect(second.body.items.map((item: { id: string }) => item.id)).toEqual([made[1]!.vendorId])
    const beyond = await list({ q: tag, status: 'rejected', pageSize: 2, page: 3 })
    expect(beyond.body).toMatchObject({ items: [], total: 3 })
    for (const status of ['pending', 'approved'] as const) {
      const one = await list({ q: tag, status })
      expect(one.body.items.map((item: { status: string }) => item.status)).toEqual([status])
    }
    expect((await list({ q: tag, status: 'all' })).body.total).toBe(5)
    expect((await list({ q: tag })).body.total).toBe(5)
  })

  it('finds a shop by its name or its owner’s e-mail, whatever the case', async () => {
    const tag = uniqueTag()
    const byName = await vendorWith({ shopName: `Inzozi ${tag} Crafts` })
    const byEmail = await vendorWith()
    const emailPart = byEmail.email.split('@')[0]!
    const name = await list({ q: `inzozi ${tag.toUpperCase()}` })
    expect(name.body.items.map((item: { id: string }) => item.id)).toEqual([byName.vendorId])
    const email = await list({ q: emailPart.toUpperCase() })
    expect(email.body.items.map((item: { id: string }) => item.id)).toEqual([byEmail.vendorId])
    // The search is trimmed: surrounding spaces typed in the box do not hide the shop.
    expect((await list({ q: `  ${emailPart}  ` })).body.total).toBe(1)
    expect((await list({ q: `${tag}-nothing-like-it` })).body).toMatchObject({ items: [], total: 0 })
  })

  // A search for "100%" or "a_b" means that text: LIKE's wildcards in it must not match everything.
  it('reads % and _ in the search as themselves', async () => {
    const tag = uniqueTag()
    const percent = await vendorWith({ shopName: `${tag} 100% Natural` })
    await vendorWith({ shopName: `${tag} 1000 Natural` })
    const underscore = await vendorWith({ shopName: `${tag} Umu_Cyo` })
    await vendorWith({ shopName: `${tag} UmuXCyo` })
    const percentHits = await list({ q: `${tag} 100%` })
    expect(percentHits.body.items.map((item: { id: string }) => item.id)).toEqual([percent.vendorId])
    const underscoreHits = await list({ q: `${tag} Umu_` })
    expect(underscoreHits.body.items.map((item: { id: string }) => item.id)).toEqual([underscore.vendorId])
    // Unescaped, "0% Natural" would also match "1000 Natural".
    expect((await list({ q: '0% Natural' })).body.items.map((item: { id: string }) => item.id)).toEqual([
      percent.vendorId,
    ])
    expect((await list({ q: '\\' })).status).toBe(200)
  })

  it('answers 422 for an unknown status, a page size above 100 or a NUL in the search, never a 500', async () => {
    expectError(await list({ status: 'suspended' }), {
      status: 422,
      code: 'VALIDATION',
      messageKey: 'errors.invalidValue',
    })
    expect((await list({ pageSize: 101 })).status).toBe(422)
    expect((await list({ page: 0 })).status).toBe(422)
    expect((await list({ q: 'a\u0000b' })).status).toBe(422)
    expect((await list({ q: 'x'.repeat(201) })).status).toBe(422)
  })

  // Applications carry owners' contact details: only admins may read them.
  it('refuses a vendor (403) and a signed-out visitor (401); an admin still reads it', async () => {
    const vendor = await vendorWith({ status: 'approved' })
    expectError(await list({}, vendor.cookie), {
      status: 403,
      code: 'FORBIDDEN',
      messageKey: 'errors.forbidden',
    })
    expectError(await t.get('/api/admin/vendors'), {
      status: 401,
      code: 'UNAUTHENTICATED',
      messageKey: 'errors.unauthenticated',
    })
    const asAdmin = await list({})
    expect(asAdmin.status, asAdmin.text).toBe(200)
    expect(asAdmin.body.total).toBeGreaterThan(0)
  })
})

/** A vendor who registered with an extra ID document and two business documents (a PDF and a picture). */
async function vendorWithDocuments() {
  const who = await confirmedVendor(t)
  const send = async (purpose: string, kind: 'pdf' | 'png', name: string) => {
    const file =
      kind === 'pdf'
        ? { bytes: pdfDocument(), name, type: 'application/pdf' }
        : { bytes: await pngImage(), name, type: 'image/png' }
    const response = expectStatus(await upload(t, { cookie: who.cookie, purpose, file }), 201, 'upload')
    return response.body as { id: string; url: string }
  }
  const logo = await send('logo', 'png', 'logo.png')
  const govId = await send('gov_id', 'pdf', 'national-id.pdf')
  const passport = await send('id_document', 'png', 'passport.png')
  const certificate = await send('business_document', 'pdf', 'rdb-certificate.pdf')
  const storefront = await send('business_document', 'png', 'storefront.png')
  const shopName = `Documents Shop ${uniqueTag()}`
  const registration = await t.post(
    '/api/vendor/registration',
    {
      fullName: 'Aline Uwase',
      phone: '0788 123 456',
      shopName,
      businessAddress: 'KG 7 Ave, Kacyiru, Kigali',
      shopLogo: logo.id,
      govId: govId.id,
      idDocuments: [passport.id],
      businessDocuments: [certificate.id, storefront.id],
      payoutMethod: 'bank',
      payoutDetails: { bankName: 'Bank of Kigali', accountNumber: '0001 2345 6789' },
    },
    { cookie: who.cookie },
  )
  expectStatus(registration, 201, 'registration')
  return {
    ...who,
    vendorId: registration.body.id as string,
    shopName,
    logo,
    govId,
    passport,
    certificate,
    storefront,
  }
}

describe('GET /api/admin/vendors/:id', () => {
  const detail = async (id: string, cookie?: string) =>
    t.get(`/api/admin/vendors/${id}`, { cookie: cookie ?? (await adminCookie()) })

  // Admin §2: the View dialog shows the whole application; identity documents stay private (served to admins).
  it('shows the whole application: documents as private links an admin can open, payout numbers masked', async () => {
    const vendor = await vendorWithDocuments()
    const response = await detail(vendor.vendorId)
    expect(response.status, response.text).toBe(200)
    const application = response.body
    expect(application).toMatchObject({
      id: vendor.vendorId,
      shopName: vendor.shopName,
      fullName: 'Aline Uwase',
      email: vendor.email.toLowerCase(),
      phone: '+250788123456',
      businessAddress: 'KG 7 Ave, Kacyiru, Kigali',
      status: 'pending',
      decisionReason: null,
      requestedPlan: null,
      subscription: { plan: 'starter', status: 'active' },
      govId: vendor.govId.url,
      shopLogo: vendor.logo.url,
      payoutMethod: 'bank',
      payoutDetails: { bankName: 'Bank of Kigali', accountNumber: '•••• 6789' },
      idDocuments: [
        { url: vendor.passport.url, name: expect.stringMatching(/^passport/), type: 'government_id' },
      ],
      businessDocuments: [
        { url: vendor.certificate.url, name: 'rdb-certificate.pdf', type: 'business' },
        { url: vendor.storefront.url, name: expect.stringMatching(/^storefront/), type: 'business' },
      ],
      completeness: { completed: 4, total: 4, missing: [] },
    })
    expect(Date.parse(application.createdAt)).not.toBeNaN()
    // The full account number never leaves the server.
    expect(response.text).not.toContain('0001 2345 6789')
    const admin = await adminCookie()
    for (const url of [
      application.govId,
      application.idDocuments[0].url,
      application.businessDocuments[0].url,
    ])
      expect((await fetchFile(t, url, admin)).status, url).toBe(200)
    // ...and stay private: another vendor is not shown them.
    const stranger = await registeredVendor(t)
    expect((await fetchFile(t, application.govId, stranger.cookie)).status).toBe(404)
  })

  it('names what an application is missing, and counts the rest', async () => {
    const vendor = await registeredVendor(t)
    const partial = await detail(vendor.vendorId)
    expect(partial.body.completeness).toEqual({ completed: 3, total: 4, missing: ['businessDocuments'] })
    await t.db
      .update(vendors)
      .set({ phone: null, payoutMethod: null, payoutDetails: null, govId: null })
      .where(eq(vendors.id, vendor.vendorId))
    const bare = await detail(vendor.vendorId)
    expect(bare.body.completeness).toEqual({
      completed: 0,
      total: 4,
      missing: ['phone', 'businessDocuments', 'idDocuments', 'payoutDetails'],
    })
    expect(bare.body).toMatchObject({ phone: null, govId: null, payoutMethod: null, payoutDetails: null })
  })

  // The owner reads their own record through /api/vendor/profile; the admin view is for admins only.
  it('refuses a vendor, even the owner (403), and a signed-out visitor (401); an admin still reads it', async () => {
    const vendor = await registeredVendor(t)
    expectError(await detail(vendor.vendorId, vendor.cookie), {
      status: 403,
      code: 'FORBIDDEN',
      messageKey: 'errors.forbidden',
    })
    expect((await t.get(`/api/admin/vendors/${vendor.vendorId}`)).status).toBe(401)
    expect((await detail(vendor.vendorId)).status).toBe(200)
  })

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope', "1' or '1'='1"])
      expectError(await detail(encodeURIComponent(id)), {
        status: 404,
        code: 'NOT_FOUND',
        messageKey: 'errors.notFound',
      })
  })
})

describe('PATCH /api/admin/vendors/:id/status with a reason', () => {
  const decide = async (id: string, body: Record<string, unknown>, cookie?: string) =>
    t.patch(`/api/admin/vendors/${id}/status`, body, { cookie: cookie ?? (await adminCookie()) })

  // Design §5: a rejection may say why, and the rejected vendor reads it.
  it('keeps the reason of a rejection, audits it, and shows it to the vendor', async () => {
    const admin = await theAdmin(t)
    const vendor = await registeredVendor(t)
    const response = await decide(vendor.vendorId, {
      status: 'rejected',
      reason: '  The business certificate is missing.  ',
    })
    expect(response.status, response.text).toBe(200)
    expect(response.body).toMatchObject({
      id: vendor.vendorId,
      status: 'rejected',
      decisionReason: 'The business certificate is missing.',
      completeness: { total: 4 },
    })
    expect(await vendorRow(vendor.vendorId)).toMatchObject({
      status: 'rejected',
      decisionReason: 'The business certificate is missing.',
    })
    expect(await auditRowsFor(t.db, vendor.vendorId)).toMatchObject([
      {
        adminId: admin.user.id,
        action: 'reject',
        targetTable: 'vendors',
        oldValues: { status: 'pending', decision_reason: null },
        newValues: { status: 'rejected', decision_reason: 'The business certificate is missing.' },
        details: {
          previous_status: 'pending',
          new_status: 'rejected',
          vendor_email: vendor.email.toLowerCase(),
          shop_name: vendor.shopName,
          reason: 'The business certificate is missing.',
        },
      },
    ])
    const dashboard = await t.get('/api/vendor/dashboard', { cookie: vendor.cookie })
    expect(dashboard.body.vendor).toMatchObject({
      status: 'rejected',
      decisionReason: 'The business certificate is missing.',
    })
    const profile = await t.get('/api/vendor/profile', { cookie: vendor.cookie })
    expect(profile.body.decisionReason).toBe('The business certificate is missing.')
    const listed = await list({ q: vendor.shopName })
    expect(listed.body.items[0]).toMatchObject({
      status: 'rejected',
      decisionReason: 'The business certificate is missing.',
    })
  })

  it('keeps no reason on an approval, even when one is sent', async () => {
    const vendor = await registeredVendor(t)
    const response = await decide(vendor.vendorId, { status: 'approved', reason: 'Looks good' })
    expect(response.status, response.text).toBe(200)
    expect(response.body).toMatchObject({ status: 'approved', decisionReason: null })
    expect((await vendorRow(vendor.vendorId)).decisionReason).toBeNull()
    const [audit] = await auditRowsFor(t.db, vendor.vendorId)
    expect(audit).toMatchObject({
      action: 'approve',
      newValues: { status: 'approved', decision_reason: null },
    })
    expect(audit?.details).toMatchObject({ reason: null })
  })

  // A refused shop must be told what to change: a rejection without a reason is refused, and nothing happens.
  it.each([
    ['no reason', {}],
    ['a blank reason', { reason: '  \n\t ' }],
  ])(
    'refuses a rejection with %s (422 errors.reasonRequired), changing, auditing and mailing nothing',
    async (_case, body) => {
      const vendor = await registeredVendor(t)
      const mailsBefore = (await mailsTo(t.db, vendor.email)).length

      const response = await decide(vendor.vendorId, { status: 'rejected', ...body })

      expectError(response, {
        status: 422,
        code: 'VALIDATION',
        messageKey: 'errors.reasonRequired',
        fields: { reason: 'errors.reasonRequired' },
      })
      expect(await vendorRow(vendor.vendorId)).toMatchObject({ status: 'pending', decisionReason: null })
      expect(await auditRowsFor(t.db, vendor.vendorId)).toEqual([])
      expect(await mailsTo(t.db, vendor.email)).toHaveLength(mailsBefore)
      // The same rejection with a reason goes through, and the vendor is mailed it.
      const withReason = await decide(vendor.vendorId, { status: 'rejected', reason: 'No RDB certificate.' })
      expect(withReason.status, withReason.text).toBe(200)
      expect(withReason.body).toMatchObject({ status: 'rejected', decisionReason: 'No RDB certificate.' })
      const mails = await mailsTo(t.db, vendor.email)
      expect(mails).toHaveLength(mailsBefore + 1)
      expect(mails[0]!.text).toContain('No RDB certificate.')
    },
  )

  it('approves without a reason', async () => {
    const vendor = await registeredVendor(t)
    const response = await decide(vendor.vendorId, { status: 'approved' })
    expect(response.status, response.text).toBe(200)
    expect(response.body).toMatchObject({ status: 'approved', decisionReason: null })
  })

  it('refuses a reason above 500 characters or with a NUL (422), changing nothing and auditing nothing', async () => {
    const vendor = await registeredVendor(t)
    expectError(await decide(vendor.vendorId, { status: 'rejected', reason: 'x'.repeat(501) }), {
      status: 422,
      code: 'VALIDATION',
      messageKey: 'errors.tooLong',
      fields: { reason: 'errors.tooLong' },
    })
    expectError(await decide(vendor.vendorId, { status: 'rejected', reason: 'bad\u0000text' }), {
      status: 422,
      code: 'VALIDATION',
      messageKey: 'errors.invalidCharacters',
      fields: { reason: 'errors.invalidCharacters' },
    })
    expect((await decide(vendor.vendorId, { status: 'rejected', reason: 42 })).status).toBe(422)
    expect(await vendorRow(vendor.vendorId)).toMatchObject({ status: 'pending', decisionReason: null })
    expect(await auditRowsFor(t.db, vendor.vendorId)).toEqual([])
    // 500 characters exactly is still a reason.
    const accepted = await decide(vendor.vendorId, { status: 'rejected', reason: 'y'.repeat(500) })
    expect(accepted.status, accepted.text).toBe(200)
  })

  // A decided application stays decided: a second reason cannot overwrite the first.
  it('leaves a decided application and its reason as they are (409 vendor.notPending)', async () => {
    const vendor = await registeredVendor(t)
    await decide(vendor.vendorId, { status: 'rejected', reason: 'First reason' })
    expectError(await decide(vendor.vendorId, { status: 'rejected', reason: 'Second reason' }), {
      status: 409,
      code: 'CONFLICT',
      messageKey: 'vendor.notPending',
    })
    expect((await vendorRow(vendor.vendorId)).decisionReason).toBe('First reason')
    expect(await t.db.select().from(auditLogs).where(eq(auditLogs.targetId, vendor.vendorId))).toHaveLength(1)
  })

  // One winner under concurrency: the stored reason is the winner's, never a mix of the two requests.
  it('two decisions at once: one wins, and the stored reason belongs to the winner', async () => {
    const vendor = await registeredVendor(t)
    const answers = await Promise.all([
      decide(vendor.vendorId, { status: 'approved', reason: 'Approved anyway' }),
      decide(vendor.vendorId, { status: 'rejected', reason: 'Rejected first' }),
    ])
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409])
    const row = await vendorRow(vendor.vendorId)
    expect(row.decisionReason).toBe(row.status === 'rejected' ? 'Rejected first' : null)
    expect(await auditRowsFor(t.db, vendor.vendorId)).toHaveLength(1)
  })

  it('refuses a vendor (403) and a signed-out visitor (401), keeping the reason out; an admin still can', async () => {
    const vendor = await registeredVendor(t)
    const body = { status: 'rejected', reason: 'Not allowed' }
    expectError(await decide(vendor.vendorId, body, vendor.cookie), {
      status: 403,
      code: 'FORBIDDEN',
      messageKey: 'errors.forbidden',
    })
    expect((await t.patch(`/api/admin/vendors/${vendor.vendorId}/status`, body)).status).toBe(401)
    expect(await vendorRow(vendor.vendorId)).toMatchObject({ status: 'pending', decisionReason: null })
    expect((await decide(vendor.vendorId, body)).status).toBe(200)
  })
})

describe('POST /api/admin/vendors/:id/plan (a requested plan, paid)', () => {
  const confirm = async (id: string, plan: string, cookie?: string) =>
    t.post(`/api/admin/vendors/${id}/plan`, { plan }, { cookie: cookie ?? (await adminCookie()) })
  const request = (vendor: { cookie: string }, plan: string) =>
    t.put('/api/vendor/subscription', { plan }, { cookie: vendor.cookie })

  it('makes the requested plan the vendor’s for 30 days from now, audited, and mails the vendor', async () => {
    const vendor = await registeredVendor(t)
    await request(vendor, 'scaling')
    const before = await vendorRow(vendor.vendorId)
    const response = await confirm(vendor.vendorId, 'scaling')
    expect(response.status, response.text).toBe(200)
    expect(response.body).toMatchObject({
      id: vendor.vendorId,
      requestedPlan: null,
      subscription: { plan: 'scaling', status: 'active' },
    })
    const { startsAt, expiresAt } = response.body.subscription
    expect(Date.parse(startsAt)).toBeGreaterThan(Date.now() - 60_000)
    expect(Math.round((Date.parse(expiresAt) - Date.parse(startsAt)) / 86_400_000)).toBe(30)

    const [audit, ...more] = await auditRowsFor(t.db, vendor.vendorId)
    expect(more).toEqual([])
    expect(audit).toMatchObject({
      action: 'update',
      targetTable: 'vendors',
      oldValues: { subscription_plan: before.subscriptionPlan, requested_plan: 'scaling' },
      newValues: { subscription_plan: 'scaling', subscription_status: 'active', requested_plan: null },
      details: { change: 'plan_payment_confirmed' },
    })
    const [mail] = await mailsTo(t.db, vendor.email)
    expect(mail).toMatchObject({ subject: 'Your Scaling plan is active', status: 'queued' })

    // The vendor's own profile now says so.
    const profile = await t.get('/api/vendor/profile', { cookie: vendor.cookie })
    expect(profile.body).toMatchObject({ requestedPlan: null, subscription: { plan: 'scaling' } })
  })

  it('refuses a plan other than the one requested, and a vendor with no request; nothing changes', async () => {
    const vendor = await registeredVendor(t)
    expectError(await confirm(vendor.vendorId, 'growth'), {
      status: 409,
      code: 'CONFLICT',
      messageKey: 'vendor.noPlanRequest',
    })
    await request(vendor, 'business')
    // The vendor changed the request after paying for another plan: the admin confirms what was paid.
    expectError(await confirm(vendor.vendorId, 'growth'), {
      status: 409,
      code: 'CONFLICT',
      messageKey: 'vendor.planRequestChanged',
    })
    expect(await vendorRow(vendor.vendorId)).toMatchObject({
      subscriptionPlan: 'starter',
      requestedPlan: 'business',
    })
    expect(await auditRowsFor(t.db, vendor.vendorId)).toEqual([])
    expectError(await confirm(vendor.vendorId, 'platinum'), {
      status: 422,
      code: 'VALIDATION',
      messageKey: 'vendor.subscription.planInvalid',
    })
  })

  it('refuses the vendor themselves (403) and a signed-out visitor (401); an admin still can', async () => {
    const vendor = await registeredVendor(t)
    await request(vendor, 'unlimited')
    expectError(await confirm(vendor.vendorId, 'unlimited', vendor.cookie), {
      status: 403,
      code: 'FORBIDDEN',
      messageKey: 'errors.forbidden',
    })
    expect((await t.post(`/api/admin/vendors/${vendor.vendorId}/plan`, { plan: 'unlimited' })).status).toBe(
      401,
    )
    expect(await vendorRow(vendor.vendorId)).toMatchObject({ subscriptionPlan: 'starter' })
    expect((await confirm(vendor.vendorId, 'unlimited')).status).toBe(200)
  })

  it('an unknown vendor is not found', async () => {
    expectError(await confirm('00000000-0000-4000-8000-000000000000', 'growth'), {
      status: 404,
      code: 'NOT_FOUND',
      messageKey: 'errors.notFound',
    })
  })

  it('two confirmations at once: one wins, one audit entry', async () => {
    const vendor = await registeredVendor(t)
    await request(vendor, 'growth')
    const answers = await Promise.all([
      confirm(vendor.vendorId, 'growth'),
      confirm(vendor.vendorId, 'growth'),
    ])
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409])
    expect(await auditRowsFor(t.db, vendor.vendorId)).toHaveLength(1)
  })
})
