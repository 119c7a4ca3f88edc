import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { randomUUID } from 'node:crypto'
import { eq, inArray, or, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../src/server/app'
import { loadConfig } from '../../src/server/config'
import {
  commissionRules,
  files,
  ledgerAdjustments,
  messages,
  moneyTransfers,
  orders,
  payouts,
  products,
  users,
  variants,
  vendors,
} from '../../src/server/db/schema'
import { createLogger } from '../../src/server/lib/logger'
import type { ProductDto } from '../../src/shared/schemas/product'
import {
  createProduct,
  placeOrder,
  productName,
  simpleProduct,
  uploadFile,
  variantProduct,
} from '../fixtures/commerce'
import { openTestDatabase, type TestDatabase } from '../fixtures/database'
import { confirmedVendor, expectStatus, signIn, vendorInput } from '../fixtures/factories'
import { pngImage, upload } from '../fixtures/files'
import { insertOrders, insertPayout, registeredVendor, theAdmin } from '../fixtures/money'
import { httpClient, TEST_PUBLIC_URL, type ApiResponse, type TestApp } from '../fixtures/test-app'

/**
 * Who may call what, for every route the server serves. The route list comes from the server itself (its
 * OpenAPI document and Hono's route table), so a new route without a row here fails the suite, and so does a
 * row whose route is gone. Each route is called by seven actors with vendor A's ids; every refused call must
 * leave the database as it was.
 */

// ── Actors ──

const actorNames = ['signedOut', 'vendorA', 'vendorB', 'pending', 'rejected', 'noVendor', 'admin'] as const
type ActorName = (typeof actorNames)[number]
type Actor = { name: ActorName; cookie?: string; email?: string; password?: string }

// ── What an actor gets: the status, and for an error its message key ──

const OK = '200'
const CREATED = '201'
/** Signed out. */
const OUT = '401 errors.unauthenticated'
/** Signed out, where the specification words it: an admin acting, a profile update, the registration. */
const ADMIN_OUT = '401 errors.mustBeLoggedIn'
const PROFILE_OUT = '401 errors.noUserLoggedIn'
const REGISTRATION_OUT = '401 errors.userNotAuthenticated'
/** Signed in with the other role. */
const ROLE = '403 errors.forbidden'
/** A rejected vendor asking to change something: they may read, never change. */
const REJECTED = '403 vendor.accountRejected'
/** A vendor account before its shop is registered. */
const NO_SHOP = '404 vendor.notRegistered'
/** Outside the caller's scope, or absent: the same answer, so ids do not leak. */
const GONE = '404 errors.notFound'
/** A file id in a body that is not the caller's own upload. */
const NOT_YOURS = '422 uploads.notFound'
/** A mailed link's token that is not (or no longer) valid. */
const CONFIRM_INVALID = '404 auth.confirm.invalid'
const RESET_INVALID = '404 auth.reset.linkInvalid'
/** The first admin exists already. */
const TAKEN = '409 setup.adminExists'
/** An admin invitation's link that is not (or no longer) valid. */
const INVITATION_INVALID = '422 errors.teamLinkInvalid'
/** A provider's statement (MTN's layout) of one payout Isoko does not know: a difference to report. */
const mtnStatement = [
  'Id,External Transaction Id,Date,Status,Type,Amount,Currency',
  '987654321,,2026-11-01 10:00:00,Successful,Transfer,-5000,RWF',
].join('\n')
/** A provider's callback on a marketplace with no provider configured: not genuine, nothing changes. */
const CALLBACK = '401 (no error body)'
/** No configured provider reaches the shop's number. */
const NO_PROVIDER = '409 payments.errors.noProviderForNumber'
/** A selection of orders holding one that is not the caller's pending order: nothing is completed. */
const NOT_COMPLETABLE = '409 orders.bulkComplete.refused'

type Row = readonly [
  signedOut: string,
  vendorA: string,
  vendorB: string,
  pending: string,
  rejected: string,
  noVendor: string,
  admin: string,
]

type Answer = { status: number; messageKey?: string; text: string }

type Case = {
  /** One cell per actor, in the order of `actorNames`. */
  expect: Row
  /** The URL called (vendor A's ids filled in, a query when the route needs one); the route's path otherwise. */
  url?: () => string
  /** The JSON body, when the route takes one. */
  body?: (actor: Actor) => unknown | Promise<unknown>
  /** For requests that are not plain JSON (uploads, the CSV import, the event stream). */
  send?: (actor: Actor, url: string) => Promise<Answer>
  /** Puts vendor A's objects in the state the successful call needs; runs before any actor calls. */
  prepare?: () => Promise<void>
}

// ── The app, the actors and vendor A's objects (made once, in beforeAll) ──

let testDatabase: TestDatabase
let dataDir: string
let built: ReturnType<typeof createApp>
let t: TestApp

type Vendor = Awaited<ReturnType<typeof registeredVendor>>
type Fixtures = {
  actors: Record<ActorName, Actor>
  a: Vendor
  b: Vendor
  /** A vendor account with a confirmed e-mail and no shop, whose registration the matrix completes. */
  spare: Awaited<ReturnType<typeof confirmedVendor>> & { govId: string }
  /** A pending application, for the admin's decision (vendor A is already decided). */
  applicant: Vendor
  product: ProductDto
  productToDelete: ProductDto
  productToModerate: ProductDto
  bProduct: ProductDto
  imageId: string
  logoId: string
  govId: string
  businessDocId: string
  pendingOrderId: string
  orderForAdminId: string
  orderToDeleteId: string
  approvedPayoutId: string
  pendingPayoutId: string
  /** Adjustments of vendor A above the threshold, asked for by another admin: the matrix's admin may decide them. */
  adjustmentToApproveId: string
  adjustmentToRejectId: string
  /** Vendor A's plan fee on its way by mobile money (a request to pay, queued). */
  planPaymentId: string
  messageFromA: string
  replyToA: string
}
let fx: Fixtures
/** Sessions the login row opened, for the logout row to end. */
const secondSessions: Partial<Record<ActorName, string>> = {}

const variantOf = (product: ProductDto) => product.variants[0]!

async function request(actor: Actor, method: string, url: string, body?: unknown): Promise<Answer> {
  const response = await t.request(method, url, {
    ...(body === undefined ? {} : { body }),
    ...(actor.cookie ? { cookie: actor.cookie } : {}),
  })
  return answerOf(response)
}

const answerOf = (response: Pick<ApiResponse, 'status' | 'body' | 'text'>): Answer => ({
  status: response.status,
  messageKey: response.body?.error?.messageKey,
  text: response.text.slice(0, 300),
})

/** `200`, or `404 errors.notFound` for an error: what a cell of the table says. */
const cellOf = (answer: Answer) =>
  answer.status >= 400 ? `${answer.status} ${answer.messageKey ?? '(no error body)'}` : String(answer.status)

/** GET /api/events as a browser opens it: the status and type, then the stream is closed. */
async function openEventStream(actor: Actor, url: string): Promise<Answer> {
  const headers = new Headers()
  if (actor.cookie) headers.set('cookie', actor.cookie)
  const response = await t.app.request(url, { headers })
  const type = response.headers.get('content-type') ?? ''
  if (type.includes('application/json')) {
    const text = await response.text()
    return answerOf({ status: response.status, body: JSON.parse(text), text })
  }
  await response.body?.cancel()
  expect(type, 'a stream answers as text/event-stream').toMatch(/^text\/event-stream/)
  return { status: response.status, text: type }
}

const importCsv = () =>
  [
    'Customer Name,Customer Email,Vendor Shop Name,Product Name,Variant SKU,Quantity',
    `Jean Mugisha,jean.mugisha@example.rw,${fx.a.shopName},${fx.product.name},${variantOf(fx.product).sku},1`,
  ].join('\n')

/** The version of a product as its owner's edit form reads it (a save without it is refused as stale). */
async function versionOf(productId: string, owner: Actor) {
  const read = await t.get(`/api/vendor/products/${productId}`, { cookie: owner.cookie! })
  return expectStatus(read, 200, 'read the product').body.version as string
}

/** The edit form's body for vendor A's product, as vendor A reads it (another stock for each variant). */
const productEdit = async () => ({
  name: fx.product.name,
  description: fx.product.description,
  category: fx.product.category,
  price: fx.product.variants[0]!.price,
  images: [fx.imageId],
  hasVariants: true,
  colors: ['red', 'blue'],
  sizes: ['m'],
  variants: fx.product.variants.map((variant) => ({
    ...variant.attributes,
    price: variant.price,
    stock: 40,
  })),
  version: await versionOf(fx.product.id, fx.actors.vendorA),
})

/** The invitation the admin withdraws (made by its row's `prepare`). */
let invitationToWithdrawId: string = randomUUID()

/** A rule of vendor A's in `category`, for the rows that change or delete one (made by their `prepare`). */
let commissionRuleId: string = randomUUID()
async function shopCategoryRule(category: 'Toys' | 'Books') {
  const [rule] = await t.db
    .insert(commissionRules)
    .values({ vendorId: fx.a.vendorId, category, rateBp: 100 })
    .returning({ id: commissionRules.id })
  return rule!.id
}

// ── The table: every route the server serves, and what each actor gets ──
//
// Columns: signed out, vendor A (approved, owns the ids), vendor B (approved, another shop), pending vendor,
// rejected vendor, a vendor account without a shop, admin. Ids in URLs and bodies are vendor A's.

const table: Record<string, Case> = {
  // Account and setup: public, the same answer for everyone (a signed-in user may sign in again or out).
  'POST /api/account/register': {
    expect: [CREATED, CREATED, CREATED, CREATED, CREATED, CREATED, CREATED],
    body: () => vendorInput(),
  },
  'POST /api/account/login': {
    expect: [OK, OK, OK, OK, OK, OK, OK],
    // Each actor signs in as themself (the signed-out visitor as the account without a shop); the session
    // opened here is the one the logout row ends.
    send: async (actor, url) => {
      const as = actor.email ? actor : fx.actors.noVendor
      const response = await t.post(
        url,
        { email: as.email, password: as.password },
        actor.cookie ? { cookie: actor.cookie } : {},
      )
      if (actor.email && response.cookie) secondSessions[actor.name] = response.cookie
      return answerOf(response)
    },
  },
  'POST /api/account/logout': {
    expect: [OK, OK, OK, OK, OK, OK, OK],
    // A second session of the actor's own, so signing out does not end the one the rest of the table uses.
    send: async (actor, url) => {
      const cookie =
        actor.email && (secondSessions[actor.name] ?? (await signIn(t, actor.email, actor.password!)))
      return request(cookie ? { ...actor, cookie } : actor, 'POST', url)
    },
  },
  'GET /api/account/me': { expect: [OUT, OK, OK, OK, OK, OK, OK] },
  'GET /api/account/session': { expect: [OK, OK, OK, OK, OK, OK, OK] },
  'POST /api/account/resend-confirmation': {
    expect: [OK, OK, OK, OK, OK, OK, OK],
    body: () => ({ email: `nobody-${randomUUID()}@example.rw` }),
  },
  'POST /api/account/confirm-email': {
    expect: [
      CONFIRM_INVALID,
      CONFIRM_INVALID,
      CONFIRM_INVALID,
      CONFIRM_INVALID,
      CONFIRM_INVALID,
      CONFIRM_INVALID,
      CONFIRM_INVALID,
    ],
    body: () => ({ token: 'x'.repeat(43) }),
  },
  'POST /api/account/forgot-password': {
    expect: [OK, OK, OK, OK, OK, OK, OK],
    body: () => ({ email: `nobody-${randomUUID()}@example.rw` }),
  },
  'POST /api/account/reset-password': {
    expect: [
      RESET_INVALID,
      RESET_INVALID,
      RESET_INVALID,
      RESET_INVALID,
      RESET_INVALID,
      RESET_INVALID,
      RESET_INVALID,
    ],
    body: () => ({ token: 'x'.repeat(43), password: 'secret-456', confirmPassword: 'secret-456' }),
  },
  'GET /api/account/providers': { expect: [OK, OK, OK, OK, OK, OK, OK] },
  'GET /api/setup/status': { expect: [OK, OK, OK, OK, OK, OK, OK] },
  // The first admin comes from the one-time link printed at start; once there is one, nobody makes another.
  'POST /api/setup/admin': {
    expect: [TAKEN, TAKEN, TAKEN, TAKEN, TAKEN, TAKEN, TAKEN],
    body: () => ({
      token: 'x'.repeat(43),
      fullName: 'Would-be Admin',
      email: `would-be-admin-${randomUUID()}@example.rw`,
      password: 'secret-123',
      confirmPassword: 'secret-123',
    }),
  },
  // Joining the admin team takes the link an admin's invitation mailed; without one, nobody joins.
  'POST /api/setup/invitation': {
    expect: [
      INVITATION_INVALID,
      INVITATION_INVALID,
      INVITATION_INVALID,
      INVITATION_INVALID,
      INVITATION_INVALID,
      INVITATION_INVALID,
      INVITATION_INVALID,
    ],
    body: () => ({ token: 'x'.repeat(43), password: 'secret-123', confirmPassword: 'secret-123' }),
  },

  // Files. Any signed-in account uploads (a shop's documents come before the shop). Identity and business
  // documents are served to their owner and admins only.
  'POST /api/uploads': {
    // A rejected vendor can still upload: nothing they may call attaches the file, and an unattached file is
    // removed after a day (upload quota and rate limit still apply).
    expect: [OUT, CREATED, CREATED, CREATED, CREATED, CREATED, CREATED],
    send: async (actor) =>
      answerOf(
        await upload(t, {
          ...(actor.cookie ? { cookie: actor.cookie } : {}),
          purpose: 'product_image',
          file: { bytes: await pngImage({ width: 8, height: 8 }), name: 'p.png', type: 'image/png' },
        }),
      ),
  },
  'GET /api/files/{id}': {
    expect: [GONE, OK, GONE, GONE, GONE, GONE, OK],
    url: () => `/api/files/${fx.govId}`,
  },

  // The vendor's own shop.
  'POST /api/vendor/registration': {
    expect: [
      REGISTRATION_OUT,
      '409 vendor.register.alreadyRegistered',
      '409 vendor.register.alreadyRegistered',
      '409 vendor.register.alreadyRegistered',
      REJECTED,
      CREATED,
      ROLE,
    ],
    // The no-shop column registers the spare account, so the no-shop actor stays without a shop.
    send: (actor, url) =>
      request(
        actor.name === 'noVendor' ? { name: 'noVendor', cookie: fx.spare.cookie } : actor,
        'POST',
        url,
        {
          fullName: fx.spare.input.fullName,
          phone: '0788 123 456',
          shopName: `Inzu y'Ubukorikori ${randomUUID().slice(0, 8)}`,
          businessAddress: 'KN 4 Ave, Kigali',
          govId: fx.spare.govId,
          idDocuments: [],
          businessDocuments: [],
          payoutMethod: 'mobile_money',
          payoutDetails: { provider: 'mtn', mobileNumber: '0788123456' },
        },
      ),
  },
  'GET /api/vendor/dashboard': { expect: [OUT, OK, OK, OK, OK, NO_SHOP, ROLE] },
  'GET /api/vendor/profile': { expect: [OUT, OK, OK, OK, OK, NO_SHOP, ROLE] },
  'PATCH /api/vendor/profile': {
    expect: [PROFILE_OUT, OK, OK, OK, REJECTED, NO_SHOP, ROLE],
    body: () => ({ businessAddress: 'KG 11 Ave, Kigali' }),
  },
  'PUT /api/vendor/profile/logo': {
    expect: [PROFILE_OUT, OK, NOT_YOURS, NOT_YOURS, REJECTED, NO_SHOP, ROLE],
    body: () => ({ fileId: fx.logoId }),
  },
  'PUT /api/vendor/profile/business-documents': {
    expect: [PROFILE_OUT, OK, NOT_YOURS, NOT_YOURS, REJECTED, NO_SHOP, ROLE],
    body: () => ({ fileIds: [fx.businessDocId] }),
  },
  'PUT /api/vendor/subscription': {
    expect: [OUT, OK, OK, OK, REJECTED, NO_SHOP, ROLE],
    body: () => ({ plan: 'growth' }),
  },
  'DELETE /api/vendor/subscription/request': { expect: [OUT, OK, OK, OK, REJECTED, NO_SHOP, ROLE] },

  // Vendors, for admins.
  'GET /api/admin/vendors': { expect: [OUT, ROLE, ROLE, ROLE, ROLE, ROLE, OK] },
  'GET /api/admin/vendors/{id}': {
    expect: [OUT, ROLE, ROLE, ROLE, ROLE, ROLE, OK],
    url: () => `/api/admin/vendors/${fx.a.vendorId}`,
  },
  'POST /api/admin/vendors/{id}/payout-details': {
    expect: [ADMIN_OUT, ROLE, ROLE, ROLE, ROLE, ROLE, OK],
    url: () => `/api/admin/vendors/${fx.a.vendorId}/payout-details`,
  },
  'PATCH /api/admin/vendors/{id}/status': {
    expect: [ADMIN_OUT, ROLE, ROLE, ROLE, ROLE, ROLE, OK],
    url: () => `/api/admin/vendors/${fx.applicant.vendorId}/status`,
    body: () => ({ status: 'approved' }),
  },
  'POST /api/admin/vendors/{id}/plan': {
    expect: [ADMIN_OUT, ROLE, ROLE, ROLE, ROLE, ROLE, OK],
    prepare: async () => {
      expectStatus(
        await t.put('/api/vendor/subscription', { plan: 'growth' }, { cookie: fx.a.cookie }),
        200,
        'vendor A asks for the growth plan',
      )
    },
    url: () => `/api/admin/vendors/${fx.a.vendorId}/plan`,
    body: () => ({ plan: 'growth' }),
  },

  // Payouts.
  'GET /api/vendor/payouts': { expect: [OUT, OK, OK, OK, OK, NO_SHOP, ROLE] },
  'POST /api/vendor/payouts': {
    expect: [OUT, CREATED, CREATED, CREATED, REJECTED, NO_SHOP, ROLE],
    body: () => ({ amount: 1 }),
  },
  'POST /api/vendor/payouts/{id}/confirm-receipt': {
    expect: [OUT, OK, GONE, GONE, REJECTED, NO_SHOP, ROLE],
    url: () => `/api/vendor/payouts/${fx.approvedPayoutId}/confirm-receipt`,
  },
  // A shop's statement: its own vendor alone (the shop comes from the session), and any shop for the admins.
  'GET /api/vendor/statement': { expect: [OUT, OK, OK, OK, OK, NO_SHOP, ROLE] },
  'GET /api/vendor/statement.csv': { expect: [OUT, OK, OK, OK, OK, NO_SHOP, ROLE] },
  'GET /api/vendor/statement.pdf': { expect: [OUT, OK, OK, OK, OK, NO_SHOP, ROLE] },
  'GET /api/admin/vendors/{id}/statement': {
    expect: [OUT, ROLE, ROLE, ROLE, ROLE, ROLE, OK],
    url: () => `/api/admin/vendors/${fx.a.vendorId}/statement`,
  },
  'GET /api/admin/vendors/{id}/statement.csv': {
    expect: [OUT, ROLE, ROLE, ROLE, ROLE, ROLE, OK],
    url: () => `/api/admin/vendors/${fx.a.vendorId}/statement.csv`,
  },
  'GET /api/admin/vendors/{id}/statement.pdf': {
    expect: [OUT, ROLE, ROLE, ROLE, ROLE, ROLE, OK],
    url: () => `/api/admin/vendors/${fx.a.vendorId}/statement.pdf`,
  },
  'GET /api/admin/payouts': { expect: [OUT, ROLE, ROLE, ROLE, ROLE, ROLE, OK] },
  'GET /api/admin/payouts/export': { expect: [OUT, ROLE, ROLE, ROLE, ROLE, ROLE, OK] },
  'GET /api/admin/payouts/{id}': {
    expect: [OUT, ROLE, ROLE, ROLE, ROLE, ROLE, OK],
    url: () => `/api/admin/payouts/${fx.pendingPayoutId}`,
  },
  // The full payout details: admins only, a vendor's own payout included (the vendor reads them masked).
  'POST /api/admin/payouts/{id}/payout-details': {
    expect: [ADMIN_OUT, ROLE, ROLE, ROLE, ROLE, ROLE, OK],
    url: () => `/api/admin/payouts/${fx.pendingPayoutId}/payout-details`,
  },
  'PATCH /api/admin/payouts/{id}': {
    expect: [ADMIN_OUT, ROLE, ROLE, ROLE, ROLE, ROLE, OK],
    url: () => `/api/admin/payouts/${fx.pendingPayoutId}`,
    body: () => ({ status: 'approved', paymentReference: 'MTN-4471' }),
  },

  // Manual adjustments of a shop's balance: admins only (a second admin decides those above the threshold).
  'POST /api/admin/vendors/{id}/adjustments': {
    expect: [ADMIN_OUT, ROLE, ROLE, ROLE, ROLE, ROLE, CREATED],
    url: () => `/api/admin/vendors/${fx.a.vendorId}/adjustments`,
    body: () => ({ amount: 1_000, reason: 'Delivery fee refunded' }),
  },
  'GET /api/admin/adjustments': { expect: [OUT, ROLE, ROLE, ROLE, ROLE, ROLE, OK] },
  'POST /api/admin/adjustments/{id}/approve': {
    expect: [ADMIN_OUT, ROLE, ROLE, ROLE, ROLE, ROLE, OK],
    url: () => `/api/admin/adjustments/${fx.adjustmentToApproveId}/approve`,
  },
  'POST /api/admin/adjustments/{id}/reject': {
    expect: [ADMIN_OUT, ROLE, ROLE, ROLE, ROLE, ROLE, OK],
    url: () => `/api/admin/adjustments/${fx.adjustmentToRejectId}/reject`,
  },

  // Mobile money (docs/payments.md). A provider's callback needs no session, but this marketplace has no provider
  // configured, so none is genuine: refused for everyone, nothing changes.
  'POST /api/payments/callbacks/{provider}': {
    expect: [CALLBACK, CALLBACK, CALLBACK, CALLBACK, CALLBACK, CALLBACK, CALLBACK],
    url: () => '/api/payments/callbacks/mtn',
    body: () => ({ externalId: fx.planPaymentId, status: 'SUCCESSFUL', financialTransactionId: '999' }),
  },
  'PUT /api/payments/callbacks/{provider}': {
    expect: [CALLBACK, CALLBACK, CALLBACK, CALLBACK, CALLBACK, CALLBACK, CALLBACK],
    url: () => '/api/payments/callbacks/mtn',
    body: () => ({ externalId: fx.planPaymentId, status: 'SUCCESSFUL', financialTransactionId: '999' }),
  },
  // Money leaves only by an admin's batch: a vendor cannot send money anywhere.
  'GET /api/admin/payments': { expect: [OUT, ROLE, ROLE, ROLE, ROLE, ROLE, OK] },
  'POST /api/admin/payout-batches': {
    expect: [ADMIN_OUT, ROLE, ROLE, ROLE, ROLE, ROLE, '409 payments.errors.nothingToSend'],
    body: () => ({ count: 1, total: 1_000 }),
  },
  'GET /api/admin/payout-batches/{id}': {
    expect: [OUT, ROLE, ROLE, ROLE, ROLE, ROLE, GONE],
    url: () => `/api/admin/payout-batches/${randomUUID()}`,
  },
  'POST /api/admin/payout-batches/{id}/decision': {
    expect: [ADMIN_OUT, ROLE, ROLE, ROLE, ROLE, ROLE, GONE],
    url: () => `/api/admin/payout-batches/${randomUUID()}/decision`,
    body: () => ({ decision: 'approve' }),
  },
  'GET /api/admin/transfers': { expect: [OUT, ROLE, ROLE, ROLE, ROLE, ROLE, OK] },
  // A provider's statement set against Isoko's transfers: admins only.
  'POST /api/admin/reconciliations': {
    expect: [ADMIN_OUT, ROLE, ROLE, ROLE, ROLE, ROLE, CREATED],
    body: () => ({
      provider: 'mtn',
      fromDay: '2026-11-01',
      toDay: '2026-11-02',
      fileName: 'statement.csv',
      csv: mtnStatement,
    }),
  },
  'GET /api/admin/reconciliations': { expect: [OUT, ROLE, ROLE, ROLE, ROLE, ROLE, OK] },
  'GET /api/admin/reconciliations/{id}': {
    expect: [OUT, ROLE, ROLE, ROLE, ROLE, ROLE, GONE],
    url: () => `/api/admin/reconciliations/${randomUUID()}`,
  },
  'GET /api/admin/payouts/{id}/account-holder': {
    expect: [OUT, ROLE, ROLE, ROLE, ROLE, ROLE, NO_PROVIDER],
    url: () => `/api/admin/payouts/${fx.pendingPayoutId}/account-holder`,
  },
  'POST /api/admin/transfers/{id}/resolve': {
    expect: [ADMIN_OUT, ROLE, ROLE, ROLE, ROLE, ROLE, '409 payments.errors.notUnknown'],
    url: () => `/api/admin/transfers/${fx.planPaymentId}/resolve`,
    body: () => ({ action: 'paid', providerTransactionId: 'MP-1' }),
  },
  // A plan paid by mobile money: vendor A's payment on its way is answered again (never a second charge); vendor B
  // and the pending shop have no provider for their numbers here; vendor B cannot read vendor A's.
  'POST /api/vendor/subscription/mobile-money': {
    expect: [OUT, CREATED, NO_PROVIDER, NO_PROVIDER, REJECTED, NO_SHOP, ROLE],
    body: () => ({ plan: 'growth' }),
  },
  'GET /api/vendor/subscription/mobile-money/{id}': {
    expect: [OUT, OK, GONE, GONE, GONE, NO_SHOP, ROLE],
    url: () => `/api/vendor/subscription/mobile-money/${fx.planPaymentId}`,
  },

  // The admin team: only an admin invites another, or withdraws an invitation not yet accepted.
  'GET /api/admin/team': { expect: [OUT, ROLE, ROLE, ROLE, ROLE, ROLE, OK] },
  'POST /api/admin/team/invitations': {
    expect: [ADMIN_OUT, ROLE, ROLE, ROLE, ROLE, ROLE, CREATED],
    body: () => ({ fullName: 'Aline Uwase', email: `invited-${randomUUID()}@example.rw` }),
  },
  'DELETE /api/admin/team/invitations/{id}': {
    expect: [ADMIN_OUT, ROLE, ROLE, ROLE, ROLE, ROLE, OK],
    url: () => `/api/admin/team/invitations/${invitationToWithdrawId}`,
    prepare: async () => {
      const invited = await t.post(
        '/api/admin/team/invitations',
        { fullName: 'Eric Mugisha', email: `withdrawn-${randomUUID()}@example.rw` },
        { cookie: fx.actors.admin.cookie! },
      )
      invitationToWithdrawId = expectStatus(invited, 201, 'the admin invites a colleague').body.id as string
    },
  },

  // Messages: a vendor talks to the admin team (a rejected vendor too: that is how they learn why, and a
  // vendor account may ask before its shop exists); each sees only their own conversation.
  'GET /api/messages': { expect: [OUT, OK, OK, OK, OK, OK, OK] },
  'POST /api/messages': {
    expect: [OUT, CREATED, CREATED, CREATED, CREATED, CREATED, ROLE],
    body: () => ({ content: 'Muraho, mfite ikibazo ku bicuruzwa byanjye.' }),
  },
  'POST /api/messages/{id}/read': {
    expect: [OUT, OK, GONE, GONE, GONE, GONE, OK],
    url: () => `/api/messages/${fx.replyToA}/read`,
  },
  'GET /api/messages/{id}/thread': {
    expect: [OUT, OK, GONE, GONE, GONE, GONE, OK],
    url: () => `/api/messages/${fx.replyToA}/thread`,
  },
  // A vendor replies in their own conversation only (a rejected one too); admins answer through their own route.
  'POST /api/messages/{id}/reply': {
    expect: [OUT, CREATED, GONE, GONE, GONE, GONE, ROLE],
    url: () => `/api/messages/${fx.replyToA}/reply`,
    body: () => ({ content: 'Murakoze cyane.' }),
  },
  'POST /api/admin/messages/{id}/reply': {
    expect: [ADMIN_OUT, ROLE, ROLE, ROLE, ROLE, ROLE, CREATED],
    url: () => `/api/admin/messages/${fx.messageFromA}/reply`,
    body: () => ({ content: 'Murakoze, turabikurikirana.' }),
  },
  'GET /api/events': {
    expect: [OUT, OK, OK, OK, OK, OK, OK],
    send: openEventStream,
  },

  // Products.
  'GET /api/vendor/products': { expect: [OUT, OK, OK, OK, OK, NO_SHOP, ROLE] },
  'POST /api/vendor/products': {
    expect: [OUT, CREATED, CREATED, CREATED, REJECTED, NO_SHOP, ROLE],
    body: () => simpleProduct({ name: productName('Agaseke') }),
  },
  'GET /api/vendor/products/{id}': {
    expect: [OUT, OK, GONE, GONE, GONE, NO_SHOP, ROLE],
    url: () => `/api/vendor/products/${fx.product.id}`,
  },
  'PUT /api/vendor/products/{id}': {
    expect: [OUT, OK, GONE, GONE, REJECTED, NO_SHOP, ROLE],
    url: () => `/api/vendor/products/${fx.product.id}`,
    body: productEdit,
  },
  'DELETE /api/vendor/products/{id}': {
    expect: [OUT, OK, GONE, GONE, REJECTED, NO_SHOP, ROLE],
    url: () => `/api/vendor/products/${fx.productToDelete.id}`,
  },
  'GET /api/admin/products': { expect: [OUT, ROLE, ROLE, ROLE, ROLE, ROLE, OK] },
  'GET /api/admin/products/export': { expect: [OUT, ROLE, ROLE, ROLE, ROLE, ROLE, OK] },
  'POST /api/admin/products/export': {
    expect: [ADMIN_OUT, ROLE, ROLE, ROLE, ROLE, ROLE, OK],
    body: () => ({ ids: [fx.product.id] }),
  },
  'GET /api/admin/products/images': {
    expect: [OUT, ROLE, ROLE, ROLE, ROLE, ROLE, OK],
    url: () => `/api/admin/products/images?ids=${fx.product.id}`,
  },
  'GET /api/admin/products/{id}': {
    expect: [OUT, ROLE, ROLE, ROLE, ROLE, ROLE, OK],
    url: () => `/api/admin/products/${fx.product.id}`,
  },
  'PATCH /api/admin/products/{id}/status': {
    expect: [ADMIN_OUT, ROLE, ROLE, ROLE, ROLE, ROLE, OK],
    prepare: async () => {
      await t.db.update(products).set({ status: 'approved' }).where(eq(products.id, fx.productToModerate.id))
    },
    url: () => `/api/admin/products/${fx.productToModerate.id}/status`,
    body: () => ({ status: 'rejected', reason: 'The photo shows another product.' }),
  },
  'POST /api/admin/products/decisions': {
    expect: [ADMIN_OUT, ROLE, ROLE, ROLE, ROLE, ROLE, OK],
    body: () => ({ ids: [fx.productToModerate.id], status: 'approved' }),
  },

  // Orders.
  'GET /api/vendor/orders': { expect: [OUT, OK, OK, OK, OK, NO_SHOP, ROLE] },
  'PATCH /api/vendor/orders/{id}/status': {
    expect: [OUT, OK, GONE, GONE, REJECTED, NO_SHOP, ROLE],
    url: () => `/api/vendor/orders/${fx.pendingOrderId}/status`,
    body: () => ({ status: 'completed' }),
  },
  'POST /api/vendor/orders/complete': {
    expect: [OUT, OK, NOT_COMPLETABLE, NOT_COMPLETABLE, REJECTED, NO_SHOP, ROLE],
    prepare: async () => {
      await t.db.update(orders).set({ status: 'pending' }).where(eq(orders.id, fx.pendingOrderId))
    },
    body: () => ({ ids: [fx.pendingOrderId] }),
  },
  'POST /api/admin/orders': {
    expect: [ADMIN_OUT, ROLE, ROLE, ROLE, ROLE, ROLE, CREATED],
    body: () => ({
      vendorId: fx.a.vendorId,
      productId: fx.product.id,
      variantId: variantOf(fx.product).id,
      customerName: 'Jean Mugisha',
      customerEmail: 'jean.mugisha@example.rw',
      quantity: 1,
    }),
  },
  'GET /api/admin/orders': { expect: [OUT, ROLE, ROLE, ROLE, ROLE, ROLE, OK] },
  'GET /api/admin/orders/export': { expect: [OUT, ROLE, ROLE, ROLE, ROLE, ROLE, OK] },
  'GET /api/admin/orders/shops': { expect: [OUT, ROLE, ROLE, ROLE, ROLE, ROLE, OK] },
  'GET /api/admin/orders/products': {
    expect: [OUT, ROLE, ROLE, ROLE, ROLE, ROLE, OK],
    url: () => `/api/admin/orders/products?vendorId=${fx.a.vendorId}`,
  },
  'GET /api/admin/orders/import/template': { expect: [OUT, ROLE, ROLE, ROLE, ROLE, ROLE, OK] },
  'POST /api/admin/orders/import': {
    expect: [ADMIN_OUT, ROLE, ROLE, ROLE, ROLE, ROLE, OK],
    // The preview: the admin's call checks the row and writes nothing.
    url: () => '/api/admin/orders/import?dryRun=true',
    send: async (actor, url) => {
      const form = new FormData()
      form.append('file', new File([importCsv()], 'orders.csv', { type: 'text/csv' }))
      return answerOf(
        await t.request('POST', url, { form, ...(actor.cookie ? { cookie: actor.cookie } : {}) }),
      )
    },
  },
  'GET /api/admin/orders/{id}': {
    expect: [OUT, ROLE, ROLE, ROLE, ROLE, ROLE, OK],
    url: () => `/api/admin/orders/${fx.orderForAdminId}`,
  },
  'PATCH /api/admin/orders/{id}/status': {
    expect: [ADMIN_OUT, ROLE, ROLE, ROLE, ROLE, ROLE, OK],
    url: () => `/api/admin/orders/${fx.orderForAdminId}/status`,
    body: () => ({ status: 'completed' }),
  },
  'DELETE /api/admin/orders/{id}': {
    expect: [ADMIN_OUT, ROLE, ROLE, ROLE, ROLE, ROLE, OK],
    url: () => `/api/admin/orders/${fx.orderToDeleteId}`,
  },

  // Commission rules and the money settings (beyond the specification): the admin's alone, a shop's own rule
  // included (its terms are the marketplace's to set).
  'GET /api/admin/money-settings': { expect: [OUT, ROLE, ROLE, ROLE, ROLE, ROLE, OK] },
  'PUT /api/admin/money-settings': {
    expect: [ADMIN_OUT, ROLE, ROLE, ROLE, ROLE, ROLE, OK],
    body: () => ({
      vatRateBp: 1500,
      holdDays: 0,
      debtLimit: null,
      adjustmentApprovalAbove: 100_000,
      marketplaceName: 'Isoko',
      marketplaceTin: null,
    }),
  },
  'GET /api/admin/commission-rules': { expect: [OUT, ROLE, ROLE, ROLE, ROLE, ROLE, OK] },
  'POST /api/admin/commission-rules': {
    expect: [ADMIN_OUT, ROLE, ROLE, ROLE, ROLE, ROLE, CREATED],
    body: () => ({ scope: 'shop', vendorId: fx.a.vendorId, rateBp: 500 }),
  },
  'GET /api/admin/commission-rules/preview': {
    expect: [OUT, ROLE, ROLE, ROLE, ROLE, ROLE, OK],
    url: () => `/api/admin/commission-rules/preview?vendorId=${fx.a.vendorId}&amount=10000`,
  },
  'PATCH /api/admin/commission-rules/{id}': {
    expect: [ADMIN_OUT, ROLE, ROLE, ROLE, ROLE, ROLE, OK],
    prepare: async () => {
      commissionRuleId = await shopCategoryRule('Toys')
    },
    url: () => `/api/admin/commission-rules/${commissionRuleId}`,
    body: () => ({ rateBp: 600 }),
  },
  'DELETE /api/admin/commission-rules/{id}': {
    expect: [ADMIN_OUT, ROLE, ROLE, ROLE, ROLE, ROLE, OK],
    prepare: async () => {
      commissionRuleId = await shopCategoryRule('Books')
    },
    url: () => `/api/admin/commission-rules/${commissionRuleId}`,
  },

  // The admin's dashboard, audit trail and reports.
  'GET /api/admin/dashboard': { expect: [OUT, ROLE, ROLE, ROLE, ROLE, ROLE, OK] },
  // The menu's counts: each signed-in user their own (the scope comes from the session, never the request).
  'GET /api/menu-counts': { expect: [OUT, OK, OK, OK, OK, OK, OK] },
  'GET /api/admin/audit-logs': { expect: [OUT, ROLE, ROLE, ROLE, ROLE, ROLE, OK] },
  'GET /api/admin/audit-logs/export': { expect: [OUT, ROLE, ROLE, ROLE, ROLE, ROLE, OK] },
  'GET /api/admin/reports': { expect: [OUT, ROLE, ROLE, ROLE, ROLE, ROLE, OK] },
  'GET /api/admin/reports/export': { expect: [OUT, ROLE, ROLE, ROLE, ROLE, ROLE, OK] },

  // System: public by design (the /debug screen is the specification's connection test; it shows no secret).
  'GET /api/health': { expect: [OK, OK, OK, OK, OK, OK, OK] },
  'GET /api/debug': { expect: [OK, OK, OK, OK, OK, OK, OK] },
  'GET /api/openapi.json': { expect: [OK, OK, OK, OK, OK, OK, OK] },
  'GET /api/docs': { expect: [OK, OK, OK, OK, OK, OK, OK] },
  'GET /api/docs/try-it.js': { expect: [OK, OK, OK, OK, OK, OK, OK] },

  // The auth library's own endpoints: only the Google redirect flow passes (see 'the auth library' below);
  // the rest answer 404 to everyone, so nothing skips Isoko's registration, rate limits or role rules.
  'GET /api/auth/*': {
    expect: [GONE, GONE, GONE, GONE, GONE, GONE, GONE],
    url: () => '/api/auth/get-session',
  },
  'POST /api/auth/*': {
    expect: [GONE, GONE, GONE, GONE, GONE, GONE, GONE],
    url: () => '/api/auth/sign-up/email',
    body: () => ({
      name: 'Intruder',
      email: `x-${randomUUID()}@example.rw`,
      password: 'secret-123',
      role: 'admin',
    }),
  },
}

// ── The routes the server serves ──

/** `METHOD /api/path/{id}` for every route under /api/: the OpenAPI document's, and the handlers Hono holds. */
async function servedRoutes(): Promise<string[]> {
  const response = await t.get('/api/openapi.json')
  expect(response.status).toBe(200)
  const document = response.body as { paths: Record<string, Record<string, unknown>> }
  const documented = Object.entries(document.paths).flatMap(([routePath, operations]) =>
    Object.keys(operations).map((method) => `${method.toUpperCase()} ${routePath}`),
  )
  // Middleware is registered for ALL methods; the catch-all 404 too. Every other entry is a handler.
  const handled = built.app.routes
    .filter((entry) => entry.method !== 'ALL' && entry.path.startsWith('/api/'))
    .map((entry) => `${entry.method} ${entry.path.replace(/:([A-Za-z]+)/g, '{$1}')}`)
  return [...new Set([...documented, ...handled])].sort()
}

const methodOf = (key: string) => key.split(' ')[0]!
const pathOf = (key: string) => key.split(' ')[1]!

async function send(key: string, entry: Case, actor: Actor): Promise<Answer> {
  const url = entry.url?.() ?? pathOf(key)
  if (url.includes('{')) throw new Error(`${key}: the table gives no URL with vendor A's ids`)
  if (entry.send) return entry.send(actor, url)
  return request(actor, methodOf(key), url, await entry.body?.(actor))
}

// ── What is stored ──

let tableNames: string[] = []

type ResultRows<T> = { rows: T[] }

/**
 * Every table's row count and a digest of all its rows: a refused request must change neither. (Rate-limit
 * counters are left out: a refused attempt is counted on purpose.)
 */
async function snapshot(): Promise<Record<string, string>> {
  const parts = tableNames.map(
    (name) =>
      `select '${name}' as name, count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from "${name}" t`,
  )
  const result = (await t.db.execute(sql.raw(parts.join(' union all ')))) as unknown as ResultRows<{
    name: string
    n: number
    digest: string
  }>
  return Object.fromEntries(result.rows.map((row) => [row.name, `${row.n} rows, ${row.digest}`]))
}

/** Vendor A's rows, field by field: what a cross-tenant request would have changed. */
async function rowsOfA() {
  const a = fx.a
  const productIds = (
    await t.db.select({ id: products.id }).from(products).where(eq(products.vendorId, a.vendorId))
  ).map((row) => row.id)
  return {
    vendor: await t.db.select().from(vendors).where(eq(vendors.id, a.vendorId)),
    products: await t.db
      .select()
      .from(products)
      .where(eq(products.vendorId, a.vendorId))
      .orderBy(products.id),
    variants: await t.db
      .select()
      .from(variants)
      .where(inArray(variants.productId, productIds))
      .orderBy(variants.id),
    orders: await t.db.select().from(orders).where(eq(orders.vendorId, a.vendorId)).orderBy(orders.id),
    payouts: await t.db.select().from(payouts).where(eq(payouts.vendorId, a.vendorId)).orderBy(payouts.id),
    messages: await t.db
      .select()
      .from(messages)
      .where(or(eq(messages.senderId, a.user.id), eq(messages.receiverId, a.user.id)))
      .orderBy(messages.id),
    files: await t.db.select().from(files).where(eq(files.ownerUserId, a.user.id)).orderBy(files.id),
  }
}

// ── Setup ──

beforeAll(async () => {
  // Built here rather than with createTestApp, so the event streams' hub is closed with the app.
  testDatabase = await openTestDatabase()
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'isoko-test-'))
  const config = loadConfig(
    { NODE_ENV: 'test', DATA_DIR: dataDir, PUBLIC_URL: TEST_PUBLIC_URL, LOG_LEVEL: 'silent' },
    { readDotenv: false },
  )
  const { database } = testDatabase
  built = createApp({
    config,
    database,
    logger: createLogger('silent', false),
    webRoot: path.join(dataDir, 'no-web'),
  })
  t = {
    ...built,
    config,
    database,
    db: database.db,
    ...httpClient(built.app, config.publicUrl),
  } as unknown as TestApp

  const tables = (await t.db.execute(
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'rate_limits'
        order by table_name`,
  )) as unknown as ResultRows<{ name: string }>
  tableNames = tables.rows.map((row) => row.name)

  const admin = await theAdmin(t)
  const [a, b, pending, rejected, applicant] = await Promise.all([
    registeredVendor(t),
    registeredVendor(t),
    registeredVendor(t),
    registeredVendor(t),
    registeredVendor(t),
  ])
  const [noVendor, spareAccount] = await Promise.all([confirmedVendor(t), confirmedVendor(t)])
  const setStatus = (vendor: Vendor, status: 'approved' | 'rejected') =>
    t.db.update(vendors).set({ status }).where(eq(vendors.id, vendor.vendorId))
  await Promise.all([setStatus(a, 'approved'), setStatus(b, 'approved'), setStatus(rejected, 'rejected')])

  const spareGovId = (await uploadFile(t, spareAccount.cookie, 'gov_id', 'pdf')).id
  const imageId = (await uploadFile(t, a.cookie)).id
  const businessDocId = (await uploadFile(t, a.cookie, 'business_document', 'pdf')).id
  expectStatus(
    await t.put('/api/vendor/profile/business-documents', { fileIds: [businessDocId] }, { cookie: a.cookie }),
    200,
    'vendor A files a business document',
  )
  const product = await createProduct(
    t,
    a.cookie,
    variantProduct(['red', 'blue'], ['m'], { images: [imageId], stock: 50 }),
  )
  const productToDelete = await createProduct(t, a.cookie)
  const productToModerate = await createProduct(t, a.cookie)
  const bProduct = await createProduct(t, b.cookie)
  const order = () =>
    placeOrder(t, admin.cookie, {
      vendorId: a.vendorId,
      productId: product.id,
      variantId: variantOf(product).id,
    })
  const pendingOrder = await order()
  const orderForAdmin = await order()
  const orderToDelete = await order()
  // Sales to pay out from: vendor A, B and the pending vendor can each request a payout.
  for (const vendor of [a, b, pending]) await insertOrders(t.db, vendor.vendorId, [100_000])
  const approvedPayout = await insertPayout(t.db, a.vendorId, { status: 'approved', processedAt: new Date() })
  const pendingPayout = await insertPayout(t.db, a.vendorId)
  // Another admin asked for two adjustments of vendor A above the threshold: the matrix's admin decides them.
  const colleague = await confirmedVendor(t)
  await t.db.update(users).set({ role: 'admin' }).where(eq(users.id, colleague.user.id))
  const [adjustmentToApprove, adjustmentToReject] = await t.db
    .insert(ledgerAdjustments)
    .values(
      [150_000, -150_000].map((amount) => ({
        vendorId: a.vendorId,
        amount,
        reason: 'Courier refund',
        status: 'pending' as const,
        requestedBy: colleague.user.id,
      })),
    )
    .returning()
  const [planPayment] = await t.db
    .insert(moneyTransfers)
    .values({
      direction: 'collection',
      provider: 'mtn',
      vendorId: a.vendorId,
      plan: 'growth',
      amount: 10_000,
      msisdn: '250788123456',
    })
    .returning()
  const sent = expectStatus(
    await t.post(
      '/api/messages',
      { content: 'Ndashaka kumenya igihe amafaranga azagerera.' },
      { cookie: a.cookie },
    ),
    201,
    'vendor A writes to the team',
  )
  const reply = expectStatus(
    await t.post(
      `/api/admin/messages/${sent.body.id}/reply`,
      { content: 'Mu minsi ibiri.' },
      { cookie: admin.cookie },
    ),
    201,
    'the team replies',
  )

  const actor = (name: ActorName, who?: { cookie: string; email: string; password: string }): Actor => ({
    name,
    ...(who ? { cookie: who.cookie, email: who.email, password: who.password } : {}),
  })
  fx = {
    actors: {
      signedOut: actor('signedOut'),
      vendorA: actor('vendorA', a),
      vendorB: actor('vendorB', b),
      pending: actor('pending', pending),
      rejected: actor('rejected', rejected),
      noVendor: actor('noVendor', noVendor),
      admin: actor('admin', admin),
    },
    a,
    b,
    spare: { ...spareAccount, govId: spareGovId },
    applicant,
    product,
    productToDelete,
    productToModerate,
    bProduct,
    imageId,
    logoId: a.body.shopLogo,
    govId: a.body.govId,
    businessDocId,
    pendingOrderId: pendingOrder.id,
    orderForAdminId: orderForAdmin.id,
    orderToDeleteId: orderToDelete.id,
    approvedPayoutId: approvedPayout.id,
    pendingPayoutId: pendingPayout.id,
    adjustmentToApproveId: adjustmentToApprove!.id,
    adjustmentToRejectId: adjustmentToReject!.id,
    planPaymentId: planPayment!.id,
    messageFromA: sent.body.id,
    replyToA: reply.body.id,
  }
})

afterAll(async () => {
  await built?.close()
  await testDatabase?.close()
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

// ── The suite ──

describe('the route table', () => {
  // A route nobody decided the permissions of is a route nobody checked: it fails here until it has a row.
  it('has a row for every route the server serves, and no row for a route it does not serve', async () => {
    const served = await servedRoutes()
    const listed = Object.keys(table)
    const missing = served.filter((key) => !listed.includes(key))
    const stale = listed.filter((key) => !served.includes(key))
    expect(missing, `routes served but missing from the table: ${missing.join(', ')}`).toEqual([])
    expect(stale, `table rows without a route: ${stale.join(', ')}`).toEqual([])
  })
})

/**
 * Every `{id}` route, called by vendor B with vendor A's id. (No route takes a variant's id: variants are
 * reached through their product, and `rowsOfA` compares them field by field.)
 */
const idRoutes = Object.keys(table).filter((key) => key.includes('{id}'))

describe("vendor B and vendor A's objects", () => {
  // Scope lives in the query: another shop's row is simply not found, so ids neither leak nor change.
  it.each(idRoutes)(
    "%s: B gets what an unknown id gets (404, or 403 on admin routes) and A's rows stay",
    async (key) => {
      const entry = table[key]!
      const b = fx.actors.vendorB
      const url = entry.url!()
      const before = { all: await snapshot(), a: await rowsOfA() }
      const withAsId = await send(key, entry, b)
      const unknownId = randomUUID()
      const withUnknownId = await send(
        key,
        { ...entry, url: () => url.replace(/[0-9a-f-]{36}/, unknownId) },
        b,
      )
      expect(cellOf(withAsId), withAsId.text).toBe(key.includes('/api/admin/') ? ROLE : GONE)
      expect(withAsId).toEqual(withUnknownId)
      expect(await rowsOfA()).toEqual(before.a)
      expect(await snapshot()).toEqual(before.all)
    },
  )

  const bodyReferences: Array<[string, () => Promise<Answer>]> = [
    [
      'sets her logo to A’s logo',
      () => request(fx.actors.vendorB, 'PUT', '/api/vendor/profile/logo', { fileId: fx.logoId }),
    ],
    [
      'files A’s business document as her own',
      () =>
        request(fx.actors.vendorB, 'PUT', '/api/vendor/profile/business-documents', {
          fileIds: [fx.businessDocId],
        }),
    ],
    [
      'adds a product with A’s picture',
      () =>
        request(fx.actors.vendorB, 'POST', '/api/vendor/products', simpleProduct({ images: [fx.imageId] })),
    ],
    [
      'puts A’s picture on her own product',
      async () =>
        request(fx.actors.vendorB, 'PUT', `/api/vendor/products/${fx.bProduct.id}`, {
          ...simpleProduct({ name: fx.bProduct.name, images: [fx.imageId] }),
          version: await versionOf(fx.bProduct.id, fx.actors.vendorB),
        }),
    ],
  ]
  // A file id in a body is checked against the caller's own uploads: another shop's file is not found.
  it.each(bodyReferences)('B %s: 422 uploads.notFound, nothing changes', async (_name, call) => {
    const before = { all: await snapshot(), a: await rowsOfA() }
    const answer = await call()
    expect(cellOf(answer), answer.text).toBe(NOT_YOURS)
    expect(await rowsOfA()).toEqual(before.a)
    expect(await snapshot()).toEqual(before.all)
  })

  // The shop comes from the session, never the request: a vendor id in the query is ignored.
  it.each(['/api/vendor/products', '/api/vendor/orders'])(
    "B's list at %s?vendorId=<A> holds none of A's rows",
    async (listUrl) => {
      const response = await t.get(`${listUrl}?vendorId=${fx.a.vendorId}`, {
        cookie: fx.actors.vendorB.cookie,
      })
      expect(response.status, response.text).toBe(200)
      const own = (await t.get(listUrl, { cookie: fx.actors.vendorB.cookie })).body
      expect(response.body).toEqual(own)
      const aIds = new Set(
        [
          ...(await t.db
            .select({ id: products.id })
            .from(products)
            .where(eq(products.vendorId, fx.a.vendorId))),
          ...(await t.db.select({ id: orders.id }).from(orders).where(eq(orders.vendorId, fx.a.vendorId))),
        ].map((row) => row.id),
      )
      expect((response.body.items as Array<{ id: string }>).filter((item) => aIds.has(item.id))).toEqual([])
    },
  )

  // The pair: the same objects are vendor A's to read (the matrix below has A change them too).
  it('A reads her own product and private documents, which B cannot', async () => {
    const urls = [
      `/api/vendor/products/${fx.product.id}`,
      `/api/files/${fx.govId}`,
      `/api/files/${fx.businessDocId}`,
    ]
    for (const url of urls) {
      expect(cellOf(await request(fx.actors.vendorA, 'GET', url)), url).toBe(OK)
      expect(cellOf(await request(fx.actors.vendorB, 'GET', url)), url).toBe(GONE)
    }
  })
})

describe('the authorization matrix', () => {
  it.each(Object.keys(table))('%s', async (key) => {
    const entry = table[key]!
    await entry.prepare?.()
    const expected = Object.fromEntries(actorNames.map((name, at) => [name, entry.expect[at]!]))
    // Refused calls first, then the ones that succeed (which may change vendor A's objects).
    const isRefused = (name: ActorName) => Number.parseInt(expected[name]!, 10) >= 400
    const refused = actorNames.filter(isRefused)
    const allowed = actorNames.filter((name) => !isRefused(name))
    const actual: Record<string, string> = {}
    const texts: string[] = []
    const call = async (name: ActorName) => {
      const answer = await send(key, entry, fx.actors[name])
      actual[name] = cellOf(answer)
      if (actual[name] !== expected[name]) texts.push(`${name}: ${answer.text}`)
    }
    const before = await snapshot()
    for (const name of refused) await call(name)
    const afterRefusals = await snapshot()
    for (const name of allowed) await call(name)
    expect(actual, texts.join('\n')).toEqual(expected)
    expect(afterRefusals, 'a refused request changed the database').toEqual(before)
  })
})

describe('the auth library', () => {
  // Isoko wraps sign-up, sign-in and sessions with its own rules (role never from the client, rate limits);
  // the library's own endpoints for them must not be reachable around those rules.
  const closed = [
    ['POST', '/api/auth/sign-up/email'],
    ['POST', '/api/auth/sign-in/email'],
    ['GET', '/api/auth/get-session'],
    ['POST', '/api/auth/update-user'],
    ['POST', '/api/auth/change-email'],
    ['POST', '/api/auth/change-password'],
    ['POST', '/api/auth/delete-user'],
    ['GET', '/api/auth/list-sessions'],
    ['POST', '/api/auth/revoke-sessions'],
    ['POST', '/api/auth/request-password-reset'],
    ['POST', '/api/auth/reset-password'],
    ['POST', '/api/auth/send-verification-email'],
    ['GET', '/api/auth/verify-email?token=x'],
    ['GET', '/api/auth/list-accounts'],
    ['POST', '/api/auth/link-social'],
    ['POST', '/api/auth/unlink-account'],
  ] as const
  it.each(closed)('%s %s answers 404 to every actor', async (method, url) => {
    const body =
      method === 'POST' ? { email: 'x@example.rw', password: 'secret-123', role: 'admin' } : undefined
    const cells = []
    for (const name of actorNames) cells.push(cellOf(await request(fx.actors[name], method, url, body)))
    expect(cells).toEqual(actorNames.map(() => GONE))
  })

  // The Google redirect flow is the one passthrough: it reaches the library (its own answer, not Isoko's 404).
  it.each([
    ['POST', '/api/auth/sign-in/social'],
    ['GET', '/api/auth/callback/google'],
    ['GET', '/api/auth/error'],
  ] as const)('%s %s reaches the auth library', async (method, url) => {
    const answer = await request(
      fx.actors.signedOut,
      method,
      url,
      method === 'POST' ? { provider: 'google' } : undefined,
    )
    expect(cellOf(answer), answer.text).not.toBe(GONE)
  })
})
