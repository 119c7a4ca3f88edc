import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orders, payouts, products, users, vendors } from '../../src/server/db/schema'
import { expectError } from '../fixtures/expect-error'
import { confirmedVendor, createAdmin } from '../fixtures/factories'
import { fetchFile, pdfDocument, pngImage, upload } from '../fixtures/files'
import { createTestApp } from '../fixtures/test-app'

let t: Awaited<ReturnType<typeof createTestApp>>

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})

let admin: Awaited<ReturnType<typeof createAdmin>> | undefined
/** The one admin of this file's database (the first-admin setup works once). */
const adminCookie = async () => (admin ??= await createAdmin(t)).cookie

async function uploaded(cookie: string, purpose: string, kind: 'png' | 'pdf' = 'png') {
  const file =
    kind === 'pdf'
      ? { bytes: pdfDocument(), name: 'id.pdf', type: 'application/pdf' }
      : { bytes: await pngImage(), name: 'logo.png', type: 'image/png' }
  const response = await upload(t, { cookie, purpose, file })
  expect(response.status, response.text).toBe(201)
  return response.body as { id: string; url: string }
}

let shopCounter = 0
async function registrationBody(cookie: string, overrides: Record<string, unknown> = {}) {
  shopCounter += 1
  const logo = await uploaded(cookie, 'logo')
  const govId = await uploaded(cookie, 'gov_id', 'pdf')
  return {
    fullName: 'Aline Uwase',
    phone: '0788 123 456',
    shopName: `Aline Crafts ${shopCounter}`,
    businessAddress: 'KN 4 Ave, Kigali',
    shopLogo: logo.id,
    govId: govId.id,
    idDocuments: [],
    businessDocuments: [],
    payoutMethod: 'mobile_money',
    payoutDetails: { provider: 'mtn', mobileNumber: '0788123456' },
    ...overrides,
  }
}

async function registeredVendor(overrides: Record<string, unknown> = {}) {
  const who = await confirmedVendor(t)
  const body = await registrationBody(who.cookie, overrides)
  const response = await t.post('/api/vendor/registration', body, { cookie: who.cookie })
  expect(response.status, response.text).toBe(201)
  return { ...who, body, profile: response.body }
}

const vendorCount = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(vendors))[0]!.n

describe('POST /api/vendor/registration', () => {
  it('creates a pending vendor on the starter plan with its 90-day trial, and records the full name', async () => {
    const who = await confirmedVendor(t)
    const body = await registrationBody(who.cookie, { fullName: 'Aline M. Uwase' })
    const response = await t.post('/api/vendor/registration', body, { cookie: who.cookie })
    expect(response.status, response.text).toBe(201)
    expect(response.body).toMatchObject({
      shopName: body.shopName,
      phone: '+250788123456',
      status: 'pending',
      fullName: 'Aline M. Uwase',
      payoutMethod: 'mobile_money',
      payoutDetails: { provider: 'mtn', mobileNumber: '•••• 3456' },
      subscription: { plan: 'starter', status: 'active' },
    })
    const days =
      (Date.parse(response.body.subscription.expiresAt) - Date.parse(response.body.subscription.startsAt)) /
      86_400_000
    expect(days).toBe(90)
    const [row] = await t.db.select().from(vendors).where(eq(vendors.userId, who.user.id))
    expect(row?.govId).toMatch(/^\/api\/files\/[0-9a-f-]{36}$/)
    // The full number stays on the server for payouts; only the screen sees it masked.
    expect(row?.payoutDetails).toEqual({ provider: 'mtn', mobileNumber: '+250788123456' })
    const [user] = await t.db.select().from(users).where(eq(users.id, who.user.id))
    expect(user).toMatchObject({ fullName: 'Aline M. Uwase', role: 'vendor' })
    const me = await t.get('/api/account/me', { cookie: who.cookie })
    expect(me.body.vendor).toMatchObject({ shopName: body.shopName, status: 'pending' })
  })

  // The screen's step rules are the server's too: a request that skips the screen gets the same answers.
  it.each([
    ['fullName', { fullName: '' }, 'errors.required'],
    ['phone', { phone: '' }, 'errors.required'],
    ['phone', { phone: '0712345678' }, 'vendor.phoneInvalid'],
    ['shopName', { shopName: '   ' }, 'errors.required'],
    ['businessAddress', { businessAddress: '' }, 'errors.required'],
    ['govId', { govId: undefined }, 'vendor.register.govIdRequired'],
    [
      'payoutDetails.bankName',
      { payoutMethod: 'bank', payoutDetails: { accountNumber: '123' } },
      'errors.required',
    ],
    [
      'payoutDetails.paypalEmail',
      { payoutMethod: 'paypal', payoutDetails: { paypalEmail: 'nope' } },
      'errors.emailInvalid',
    ],
    [
      'payoutDetails.provider',
      { payoutDetails: { mobileNumber: '0788123456' } },
      'vendor.payout.providerRequired',
    ],
    [
      'payoutDetails.mobileNumber',
      { payoutDetails: { provider: 'mtn', mobileNumber: '' } },
      'errors.required',
    ],
    ['payoutMethod', { payoutMethod: 'cash' }, 'vendor.payout.methodRequired'],
  ])(
    'refuses a missing or invalid %s with the step rule, writing nothing',
    async (field, overrides, messageKey) => {
      const who = await confirmedVendor(t)
      const before = await vendorCount()
      const response = await t.post(
        '/api/vendor/registration',
        await registrationBody(who.cookie, overrides),
        {
          cookie: who.cookie,
        },
      )
      expectError(response, { status: 422, code: 'VALIDATION', messageKey })
      expect(response.body.error.fields[field]).toBe(messageKey)
      expect(await vendorCount()).toBe(before)
    },
  )

  // CSV import finds vendors by shop name, so two shops may not differ only by case.
  it('refuses a shop name already taken, in any case, with a clear message', async () => {
    const first = await registeredVendor()
    const who = await confirmedVendor(t)
    const body = await registrationBody(who.cookie, { shopName: first.body.shopName.toUpperCase() })
    const before = await vendorCount()
    const response = await t.post('/api/vendor/registration', body, { cookie: who.cookie })
    expectError(response, {
      status: 409,
      code: 'CONFLICT',
      messageKey: 'vendor.register.shopNameTaken',
      fields: { shopName: 'vendor.register.shopNameTaken' },
    })
    expect(await vendorCount()).toBe(before)
    const [user] = await t.db.select().from(users).where(eq(users.id, who.user.id))
    expect(user?.fullName).not.toBe('Aline Uwase')
  })

  it('refuses a second registration of the same user', async () => {
    const vendor = await registeredVendor()
    const response = await t.post('/api/vendor/registration', await registrationBody(vendor.cookie), {
      cookie: vendor.cookie,
    })
    expectError(response, { status: 409, code: 'CONFLICT', messageKey: 'vendor.register.alreadyRegistered' })
  })

  // A vendor must not attach someone else's identity document to their shop.
  it("refuses another user's uploaded file as the government ID", async () => {
    const other = await confirmedVendor(t)
    const othersId = await uploaded(other.cookie, 'gov_id', 'pdf')
    const who = await confirmedVendor(t)
    const response = await t.post(
      '/api/vendor/registration',
      await registrationBody(who.cookie, { govId: othersId.id }),
      {
        cookie: who.cookie,
      },
    )
    expectError(response, { status: 422, code: 'VALIDATION', messageKey: 'uploads.notFound' })
    expect(await t.db.select().from(vendors).where(eq(vendors.userId, who.user.id))).toHaveLength(0)
  })

  it('refuses a logo uploaded for another purpose, and more than 3 ID documents', async () => {
    const who = await confirmedVendor(t)
    const pdf = await uploaded(who.cookie, 'business_document', 'pdf')
    const wrongPurpose = await t.post(
      '/api/vendor/registration',
      await registrationBody(who.cookie, { shopLogo: pdf.id }),
      {
        cookie: who.cookie,
      },
    )
    expectError(wrongPurpose, { status: 422, code: 'VALIDATION', messageKey: 'uploads.notFound' })
    const ids = [] as string[]
    for (let i = 0; i < 4; i += 1) ids.push((await uploaded(who.cookie, 'id_document')).id)
    const tooMany = await t.post(
      '/api/vendor/registration',
      await registrationBody(who.cookie, { idDocuments: ids }),
      {
        cookie: who.cookie,
      },
    )
    expectError(tooMany, { status: 422, code: 'VALIDATION', messageKey: 'uploads.tooMany' })
  })

  it('is for signed-in vendors only', async () => {
    expectError(await t.post('/api/vendor/registration', {}), {
      status: 401,
      code: 'UNAUTHENTICATED',
      messageKey: 'errors.userNotAuthenticated',
    })
  })
})

describe('GET /api/vendor/profile and /dashboard', () => {
  it('tells a user without a vendor record to register first', async () => {
    const who = await confirmedVendor(t)
    expectError(await t.get('/api/vendor/profile', { cookie: who.cookie }), {
      status: 404,
      code: 'NOT_FOUND',
      messageKey: 'vendor.notRegistered',
    })
    expectError(await t.get('/api/vendor/dashboard', { cookie: who.cookie }), {
      status: 404,
      code: 'NOT_FOUND',
      messageKey: 'vendor.notRegistered',
    })
  })

  it('computes the four figures in the database: products, orders, completed revenue, pending payouts', async () => {
    const vendor = await registeredVendor()
    const other = await registeredVendor()
    const vendorId = vendor.profile.id as string
    const [product] = await t.db
      .insert(products)
      .values({ vendorId, name: 'Basket', category: 'Home Decor' })
      .returning()
    await t.db.insert(products).values({ vendorId: other.profile.id, name: 'Basket', category: 'Home Decor' })
    const order = (status: 'pending' | 'completed' | 'refunded', total: number) => ({
      vendorId,
      productId: product!.id,
      productName: 'Basket',
      sku: 'basket-default',
      unitPrice: total,
      quantity: 1,
      totalAmount: total,
      customerName: 'Client',
      customerEmail: 'client@example.rw',
      status,
    })
    await t.db
      .insert(orders)
      .values([
        order('completed', 12_000),
        order('completed', 3_500),
        order('pending', 9_000),
        order('refunded', 4_000),
      ])
    await t.db.insert(payouts).values([
      { vendorId, amount: 2_000, status: 'pending' },
      { vendorId, amount: 1_000, status: 'pending' },
      { vendorId, amount: 5_000, status: 'approved' },
      { vendorId: other.profile.id, amount: 7_000, status: 'pending' },
    ])
    const response = await t.get('/api/vendor/dashboard', { cookie: vendor.cookie })
    expect(response.status, response.text).toBe(200)
    expect(response.body.stats).toEqual({
      products: 1,
      orders: 4,
      revenue: 15_500,
      pendingPayouts: 3_000,
      lowStockProducts: 0,
    })
    expect(response.body.vendor.shopName).toBe(vendor.body.shopName)
  })

  // Admins have no shop: the vendor area's data is the vendor's alone.
  it('refuses admins (role vendor only)', async () => {
    expectError(await t.get('/api/vendor/dashboard', { cookie: await adminCookie() }), {
      status: 403,
      code: 'FORBIDDEN',
      messageKey: 'errors.forbidden',
    })
  })
})

describe('PATCH /api/vendor/profile', () => {
  it('updates shop name, address and phone, and keeps the phone when it is sent empty', async () => {
    const vendor = await registeredVendor()
    const first = await t.patch(
      '/api/vendor/profile',
      { shopName: 'Renamed Shop', businessAddress: 'Huye', phone: '+250722000111' },
      { cookie: vendor.cookie },
    )
    expect(first.status, first.text).toBe(200)
    expect(first.body).toMatchObject({
      shopName: 'Renamed Shop',
      businessAddress: 'Huye',
      phone: '+250722000111',
    })
    const second = await t.patch('/api/vendor/profile', { phone: '' }, { cookie: vendor.cookie })
    expect(second.status).toBe(200)
    expect(second.body.phone).toBe('+250722000111')
  })

  it('refuses an invalid phone and a taken shop name, changing nothing', async () => {
    const a = await registeredVendor()
    const b = await registeredVendor()
    expectError(await t.patch('/api/vendor/profile', { phone: '12345' }, { cookie: b.cookie }), {
      status: 422,
      code: 'VALIDATION',
      messageKey: 'vendor.phoneInvalid',
    })
    expectError(await t.patch('/api/vendor/profile', { shopName: a.body.shopName }, { cookie: b.cookie }), {
      status: 409,
      code: 'CONFLICT',
      messageKey: 'vendor.register.shopNameTaken',
    })
    const profile = await t.get('/api/vendor/profile', { cookie: b.cookie })
    expect(profile.body.shopName).toBe(b.body.shopName)
    expect(profile.body.phone).toBe('+250788123456')
  })

  // Vendor B edits only B's shop: the scope comes from the session, never from the request.
  it("vendor B cannot change vendor A's shop, even by naming its id; vendor A still can", async () => {
    const a = await registeredVendor()
    const b = await registeredVendor()
    await t.patch(
      '/api/vendor/profile',
      { id: a.profile.id, shopName: `B edit ${Date.now()}` },
      { cookie: b.cookie },
    )
    const [rowA] = await t.db.select().from(vendors).where(eq(vendors.id, a.profile.id))
    expect(rowA?.shopName).toBe(a.body.shopName)
    const own = await t.patch(
      '/api/vendor/profile',
      { shopName: `A edit ${Date.now()}` },
      { cookie: a.cookie },
    )
    expect(own.status).toBe(200)
  })
})

describe('PUT /api/vendor/profile/logo and /business-documents', () => {
  it('sets and removes the logo from an uploaded file', async () => {
    const vendor = await registeredVendor()
    const logo = await uploaded(vendor.cookie, 'logo')
    const set = await t.put('/api/vendor/profile/logo', { fileId: logo.id }, { cookie: vendor.cookie })
    expect(set.status, set.text).toBe(200)
    expect(set.body.shopLogo).toBe(logo.url)
    const removed = await t.put('/api/vendor/profile/logo', { fileId: null }, { cookie: vendor.cookie })
    expect(removed.body.shopLogo).toBeNull()
  })

  it('keeps up to 5 business documents and refuses a sixth', async () => {
    const vendor = await registeredVendor()
    const ids: string[] = []
    for (let i = 0; i < 6; i += 1) ids.push((await uploaded(vendor.cookie, 'business_document', 'pdf')).id)
    const five = await t.put(
      '/api/vendor/profile/business-documents',
      { fileIds: ids.slice(0, 5) },
      { cookie: vendor.cookie },
    )
    expect(five.status, five.text).toBe(200)
    expect(five.body.businessDocuments).toHaveLength(5)
    expect(five.body.businessDocuments[0]).toMatchObject({ type: 'business', name: 'id.pdf' })
    const six = await t.put(
      '/api/vendor/profile/business-documents',
      { fileIds: ids },
      { cookie: vendor.cookie },
    )
    expectError(six, { status: 422, code: 'VALIDATION', messageKey: 'uploads.tooMany' })
    const [row] = await t.db.select().from(vendors).where(eq(vendors.id, vendor.profile.id))
    expect(row?.businessDocuments).toHaveLength(5)
  })

  // Identity documents are private: only their vendor and admins may read them.
  it("another vendor and a signed-out visitor cannot fetch a vendor's government ID; the vendor and an admin can", async () => {
    const vendor = await registeredVendor()
    const other = await registeredVendor()
    const [row] = await t.db.select().from(vendors).where(eq(vendors.id, vendor.profile.id))
    const url = row!.govId!
    expect((await fetchFile(t, url, other.cookie)).status).toBe(404)
    expect((await fetchFile(t, url)).status).toBe(404)
    const own = await fetchFile(t, url, vendor.cookie)
    expect(own.status).toBe(200)
    expect(own.bytes.subarray(0, 5).toString()).toBe('%PDF-')
    expect((await fetchFile(t, url, await adminCookie())).status).toBe(200)
  })
})

describe('PUT /api/vendor/subscription', () => {
  // A paid plan is paid outside Isoko: choosing one only asks for it; the team confirms it once paid.
  it('records a paid plan as a request: the current plan, its dates and its limit hold', async () => {
    const vendor = await registeredVendor()
    const before = (await t.get('/api/vendor/profile', { cookie: vendor.cookie })).body.subscription
    const response = await t.put('/api/vendor/subscription', { plan: 'business' }, { cookie: vendor.cookie })
    expect(response.status, response.text).toBe(200)
    expect(response.body.requestedPlan).toBe('business')
    expect(response.body.subscription).toEqual(before)
    const [row] = await t.db.select().from(vendors).where(eq(vendors.id, vendor.profile.id))
    expect({ plan: row!.subscriptionPlan, requested: row!.requestedPlan }).toEqual({
      plan: 'starter',
      requested: 'business',
    })
  })

  it('a later choice replaces the request; the starter trial takes effect at once and clears it', async () => {
    const vendor = await registeredVendor()
    await t.put('/api/vendor/subscription', { plan: 'business' }, { cookie: vendor.cookie })
    const again = await t.put('/api/vendor/subscription', { plan: 'growth' }, { cookie: vendor.cookie })
    expect(again.body.requestedPlan).toBe('growth')
    const starter = await t.put('/api/vendor/subscription', { plan: 'starter' }, { cookie: vendor.cookie })
    expect(starter.status, starter.text).toBe(200)
    expect(starter.body.requestedPlan).toBeNull()
    expect(starter.body.subscription.plan).toBe('starter')
  })

  // Choosing starter again must not restart the free 90 days: after them, starter is paid like any plan.
  it('keeps the starter trial anchored at registration: after it, starter waits for payment too', async () => {
    const vendor = await registeredVendor()
    await t.db
      .update(vendors)
      .set({ createdAt: new Date(Date.now() - 100 * 86_400_000) })
      .where(eq(vendors.id, vendor.profile.id))
    const before = (await t.get('/api/vendor/profile', { cookie: vendor.cookie })).body.subscription
    const response = await t.put('/api/vendor/subscription', { plan: 'starter' }, { cookie: vendor.cookie })
    expect(response.status).toBe(200)
    expect(response.body.requestedPlan).toBe('starter')
    expect(response.body.subscription).toEqual(before)
  })

  it('DELETE …/request withdraws the request, and changes nothing when there is none', async () => {
    const vendor = await registeredVendor()
    await t.put('/api/vendor/subscription', { plan: 'unlimited' }, { cookie: vendor.cookie })
    const withdrawn = await t.delete('/api/vendor/subscription/request', { cookie: vendor.cookie })
    expect(withdrawn.status, withdrawn.text).toBe(200)
    expect(withdrawn.body.requestedPlan).toBeNull()
    expect(withdrawn.body.subscription.plan).toBe('starter')
    const again = await t.delete('/api/vendor/subscription/request', { cookie: vendor.cookie })
    expect(again.status).toBe(200)
    expectError(await t.delete('/api/vendor/subscription/request'), {
      status: 401,
      code: 'UNAUTHENTICATED',
      messageKey: 'errors.unauthenticated',
    })
  })

  it('refuses an unknown plan', async () => {
    const vendor = await registeredVendor()
    expectError(await t.put('/api/vendor/subscription', { plan: 'platinum' }, { cookie: vendor.cookie }), {
      status: 422,
      code: 'VALIDATION',
      messageKey: 'vendor.subscription.planInvalid',
    })
  })
})
