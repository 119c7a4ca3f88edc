/**
 * The demo marketplace (`npm run demo`): the shops of demo-data.ts played forward over the last few months,
 * through the server's own services, as their owners and the team would have done it. Accounts are made by
 * the auth library, files by the upload service, and every registration, decision, product, order, payout,
 * message and receipt by the service the matching screen calls, so each rule, audit entry, mail and running
 * total is exactly what the app itself writes.
 *
 * What no service can do is act in the past. Each action runs through its service now, in the order the
 * story gives (so every rule sees the marketplace as it stood then: stock, balances, plan limits), and the
 * moment the story gives it is noted. At the end, in one transaction, every row is moved to its moment: an
 * order to the day it was placed, a payout to when it was asked for and decided, each audit entry (found by
 * the request id its action ran under) to when it was written. The running-totals triggers follow the move
 * (they watch orders.created_at), and a drift check proves it. The audit trail is append-only (migration
 * 0001), so its entries are moved with that trigger off for the transaction (session_replication_role, which
 * needs a superuser: without one they keep the time of the run). One move at the end rather than one per
 * action halves the statements, which is what the embedded database spends its time on.
 *
 * The story is fixed by a seeded random generator and laid out on a clock of its own, with "now" at the end
 * of today: the same seed always gives the same shops, products, orders, payouts and messages, whatever the
 * time of day it runs. Past days keep their hours (Kigali business hours); today's events are fitted between
 * midnight and the moment the command runs.
 */
import { desc, eq, sql } from 'drizzle-orm'
import { limits, type OrderStatus, type VendorStatus } from '../../../shared/constants'
import { adminSetupInput } from '../../../shared/schemas/auth'
import { sendMessageInput } from '../../../shared/schemas/message'
import { adminOrderInput } from '../../../shared/schemas/order'
import { payoutDecisionInput } from '../../../shared/schemas/payout'
import { productDecisionInput, productInput } from '../../../shared/schemas/product'
import type { UploadPurpose } from '../../../shared/schemas/upload'
import { vendorDecisionInput, vendorRegistrationInput } from '../../../shared/schemas/vendor'
import { DAY_MS, SUBSCRIPTION_PERIOD_DAYS } from '../../../shared/subscription'
import {
  confirmEmail,
  registerVendor as registerAccount,
  sendConfirmation,
} from '../../account/account.service'
import { createAuth } from '../../auth/auth'
import type { Config } from '../../config'
import type { Database, Db } from '../../db/client'
import { mailOutbox, users } from '../../db/schema'
import { findTotalsDrift, rebuildTotals } from '../../db/totals'
import { AppError } from '../../lib/errors'
import { keepLanguage } from '../../auth/language'
import type { Actor, AdminScope, RequestContext, VendorScope } from '../../lib/scope'
import type { Deps } from '../../deps'
import type { Logger } from '../../lib/logger'
import { createMailer } from '../../mail/mail.service'
import { markMessageRead, replyToMessage, sendMessage } from '../../messages/messages.service'
import { deleteAdminOrder, setAdminOrderStatus } from '../../orders/admin-orders.service'
import { createAdminOrder, setVendorOrderStatus } from '../../orders/orders.service'
import {
  confirmPayoutReceipt,
  decidePayout,
  getPayoutOverview,
  requestPayout,
} from '../../payouts/payouts.service'
import { createProduct, decideProduct } from '../../products/products.service'
import { createFirstAdmin, createSetupLink } from '../../setup/setup.service'
import type { FileStorage } from '../../storage/storage'
import { createUpload, type UploadContext } from '../../uploads/uploads.service'
import {
  chooseSubscription,
  confirmPlanRequest,
  decideVendorApplication,
  registerVendor,
} from '../../vendors/vendors.service'
import {
  demoAdmin,
  demoConversations,
  demoCustomers,
  DEMO_PASSWORD,
  demoShops,
  paymentReferencePrefix,
  payoutRejectionReasons,
  type DemoConversation,
  type DemoProduct,
  type DemoShop,
} from './demo-data'
import { documentPdf, productPicture, shopLogo } from './demo-pictures'

export const DEMO_SEED = 20_250_611
/** How far back orders go. */
export const DEMO_ORDER_DAYS = 90
/** What the audit log shows as the browser of every demo action. */
export const DEMO_USER_AGENT = 'Isoko demo (npm run demo)'
const DEMO_ADDRESS = '127.0.0.1'

const HOUR_MS = 60 * 60 * 1000
const OPENING_HOUR = 7
const CLOSING_HOUR = 21

// ── Chance, from a fixed seed ──

/** mulberry32: small, fast and good enough to pick names and hours; the same seed gives the same story. */
function randomFrom(seed: number) {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
  const between = (low: number, high: number) => low + (high - low) * next()
  return {
    next,
    between,
    int: (low: number, high: number) => Math.floor(between(low, high + 1)),
    chance: (probability: number) => next() < probability,
    pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!,
    weighted: <T>(list: readonly T[], weightOf: (item: T) => number) => {
      const total = list.reduce((sum, item) => sum + weightOf(item), 0)
      let left = next() * total
      for (const item of list) {
        left -= weightOf(item)
        if (left < 0) return item
      }
      return list[list.length - 1]!
    },
  }
}

// ── The story's clock ──

/**
 * Story time is milliseconds from the start of today (negative: earlier days), in the marketplace's time
 * zone; the story's "now" is the end of today. Past days map to real time one to one (so their hours are
 * real Kigali hours); today is squeezed between midnight and the moment the command runs, its opening hours
 * kept as they are once the command runs past them (a message "this morning" is still in the morning).
 */
function storyClock(now: Date, timeZone: string) {
  const offset = zoneOffsetMs(now, timeZone)
  const realNow = now.getTime()
  const midnight = Math.floor((realNow + offset) / DAY_MS) * DAY_MS - offset
  const today = Math.max(realNow - 60_000 - midnight, 60_000)
  const opening = OPENING_HOUR * HOUR_MS
  const squeezed = (story: number) =>
    today <= opening + HOUR_MS
      ? (story * today) / DAY_MS
      : story < opening
        ? story
        : opening + ((story - opening) * (today - opening)) / (DAY_MS - opening)
  return {
    end: DAY_MS,
    real: (story: number) => new Date(midnight + (story < 0 ? story : squeezed(story))),
  }
}

/** How far `timeZone` is ahead of UTC at `date`, in milliseconds. */
function zoneOffsetMs(date: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(date)
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value)
  const local = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  )
  return local - Math.floor(date.getTime() / 1000) * 1000
}

/** Events in story order (time, then the order they were planned in). */
class Timeline {
  private events: { at: number; order: number; run: (at: number) => Promise<void> }[] = []
  private planned = 0
  constructor(private readonly end: number) {}

  /** Plans `run` at story time `at`; what would happen after the story's now is left out. */
  at(at: number, run: (at: number) => Promise<void>) {
    if (at >= this.end) return
    const event = { at, order: (this.planned += 1), run }
    let low = 0
    let high = this.events.length
    while (low < high) {
      const middle = (low + high) >> 1
      const other = this.events[middle]!
      if (other.at < at || (other.at === at && other.order < event.order)) low = middle + 1
      else high = middle
    }
    this.events.splice(low, 0, event)
  }

  async play() {
    for (let event = this.events.shift(); event; event = this.events.shift()) await event.run(event.at)
  }
}

// ── What the story keeps track of while it plays ──

type VariantState = { id: string; stock: number }
type ProductState = {
  id: string
  data: DemoProduct
  status: 'approved' | 'rejected'
  createdAt: number
  popularity: number
  variants: VariantState[]
}
type ShopState = {
  data: DemoShop
  userId: string
  email: string
  vendorId: string | null
  status: VendorStatus
  products: ProductState[]
}

export type DemoAccount = { email: string; password: string; name: string; shop?: string }

export type DemoResult = {
  admin: DemoAccount
  /** Two approved shops with the most to show. */
  vendors: DemoAccount[]
  counts: Record<
    | 'vendors'
    | 'products'
    | 'categories'
    | 'pictures'
    | 'orders'
    | 'payouts'
    | 'messages'
    | 'auditEntries'
    | 'mails',
    number
  >
  vendorsByStatus: Record<string, number>
  ordersByStatus: Record<string, number>
  payoutsByStatus: Record<string, number>
  /** false: the audit entries keep the time of the run (the database user is not a superuser). */
  isAuditBackdated: boolean
  /** Running totals had to be rebuilt at the end (never expected: the triggers keep them). */
  wereTotalsRebuilt: boolean
}

export type DemoOptions = {
  database: Database
  config: Config
  storage: FileStorage
  logger: Logger
  now?: Date
  seed?: number
  /** Progress lines. */
  log?: (line: string) => void
}

/** Builds the demo marketplace into an empty database. The caller checks that it is empty. */
export async function buildDemoMarketplace(options: DemoOptions): Promise<DemoResult> {
  const { database, config, storage, logger } = options
  const db = database.db
  const log = options.log ?? (() => {})
  const random = randomFrom(options.seed ?? DEMO_SEED)
  const clock = storyClock(options.now ?? new Date(), config.timeZone)
  const timeline = new Timeline(clock.end)
  const real = clock.real
  const stamps = createStamps()

  // Mail never leaves: the outbox keeps it, even where SMTP_URL is set (the addresses are made up anyway).
  const mailer = createMailer({ db, logger, from: config.mailFrom })
  const deps = { config, database, logger, mailer } as Deps
  deps.auth = createAuth({ config, db, logger, onSignUp: (user) => sendConfirmation(deps, user) })
  const uploads: UploadContext = { db, storage, logger, quotaBytes: config.uploadQuotaBytes }

  // ── Story time ──

  /** A time on `daysAgo` (0: today) within opening hours. */
  const onDay = (daysAgo: number, fromHour = OPENING_HOUR, toHour = CLOSING_HOUR) =>
    -daysAgo * DAY_MS + random.between(fromHour, toHour) * HOUR_MS

  /** Between `minHours` and `maxHours` after `from`, moved into opening hours if it falls outside them. */
  const later = (from: number, minHours: number, maxHours: number) => {
    const at = from + random.between(minHours, maxHours) * HOUR_MS
    const day = Math.floor(at / DAY_MS) * DAY_MS
    const hour = (at - day) / HOUR_MS
    if (hour < OPENING_HOUR) return day + (OPENING_HOUR + random.between(0, 1.5)) * HOUR_MS
    if (hour >= CLOSING_HOUR) return day + DAY_MS + (OPENING_HOUR + random.between(0, 1.5)) * HOUR_MS
    return at
  }

  // ── Acting ──

  let requestCount = 0
  /** Each action is one request of its own: its id finds the audit entries it wrote. */
  const nextRequest = (): RequestContext => ({
    requestId: `demo-${String((requestCount += 1)).padStart(5, '0')}`,
    ip: DEMO_ADDRESS,
    userAgent: DEMO_USER_AGENT,
  })

  /** Runs one service call as one request, and notes when the story has it happen (`note`: its rows). */
  async function act<T>(
    at: number,
    action: (request: RequestContext) => Promise<T>,
    note?: (result: T, when: Date) => void,
  ): Promise<T> {
    const when = real(at)
    const request = nextRequest()
    const result = await action(request)
    stamps.audit(request.requestId, when)
    note?.(result, when)
    return result
  }

  // ── The team ──

  const setupLink = await createSetupLink(db, config.publicUrl)
  if (!setupLink) throw new Error('an admin already exists: the demo needs an empty database')
  await createFirstAdmin(
    db,
    adminSetupInput.parse({
      token: new URL(setupLink).hash.replace(/^#token=/, ''),
      fullName: demoAdmin.fullName,
      email: demoAdmin.email,
      password: DEMO_PASSWORD,
      confirmPassword: DEMO_PASSWORD,
    }),
  )
  const [adminUser] = await db.select({ id: users.id }).from(users).where(eq(users.email, demoAdmin.email))
  const adminId = adminUser!.id
  const oldestShop = Math.max(...demoShops.map((shop) => shop.registeredDaysAgo))
  stamps.account(adminId, real(onDay(oldestShop + 12, 9, 10)))
  const admin = (request: RequestContext): AdminScope => ({ role: 'admin', userId: adminId, request })
  const adminViewer = { userId: adminId, role: 'admin' as const }

  // ── The owners' accounts, and their files (converted while the story plays) ──

  const shops = new Map<string, ShopState>()
  const vendorScope = (shop: ShopState, request: RequestContext): VendorScope => {
    // The route guards' rule (auth/guards.ts): a rejected shop changes nothing.
    if (shop.status === 'rejected') throw new Error(`${shop.data.shopName} is rejected and cannot act`)
    return {
      role: 'vendor',
      userId: shop.userId,
      vendorId: shop.vendorId!,
      vendorStatus: shop.status,
      request,
    }
  }

  log('Accounts of the team and of each shop’s owner (sign-up, then the mailed confirmation link)…')
  for (const data of demoShops) shops.set(data.shopName, await signUpOwner(data))

  async function signUpOwner(data: DemoShop): Promise<ShopState> {
    await registerAccount(
      deps,
      { fullName: data.owner.fullName, email: data.owner.email, password: DEMO_PASSWORD },
      new Headers({ 'user-agent': DEMO_USER_AGENT }),
      DEMO_ADDRESS,
    )
    const [mail] = await db
      .select({ text: mailOutbox.text })
      .from(mailOutbox)
      .where(eq(mailOutbox.to, data.owner.email))
      .orderBy(desc(mailOutbox.createdAt))
      .limit(1)
    const token = mail?.text.match(/access_token=([^&\s]+)/)?.[1]
    if (!token) throw new Error(`no confirmation link was mailed to ${data.owner.email}`)
    await confirmEmail(deps, token)
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, data.owner.email))
    // The language of the screens the owner uses: the team's mails to them are written in it.
    await keepLanguage(db, user!.id, null, data.owner.language)
    return {
      data,
      userId: user!.id,
      email: data.owner.email,
      vendorId: null,
      status: 'pending',
      products: [],
    }
  }

  log('Logos, documents and product pictures through the upload service (WebP, with thumbnails)…')
  const files = uploadFiles([...shops.values()])

  /**
   * Starts every upload, in the order the story needs them, a few at a time: sharp converts on its own
   * threads while the database plays the story. Each shop's and product's files are a promise to await.
   */
  function uploadFiles(list: ShopState[]) {
    const queue = createQueue(3)
    const wizard = new Map<ShopState, Promise<WizardFiles>>()
    const pictures = new Map<DemoProduct, Promise<string[]>>()
    const byRegistration = [...list].sort((a, b) => b.data.registeredDaysAgo - a.data.registeredDaysAgo)
    const uploadFor = (shop: ShopState) => async (purpose: UploadPurpose, bytes: Buffer, name: string) =>
      (await createUpload(uploads, actorOf(shop), { purpose, bytes, name })).id
    for (const shop of byRegistration) {
      const { data } = shop
      const upload = uploadFor(shop)
      wizard.set(
        shop,
        queue(async () => ({
          logo: await upload('logo', await shopLogo(data.shopName, data.color), 'logo.png'),
          govId: await upload(
            'gov_id',
            documentPdf(`National ID - ${data.owner.fullName}`),
            'national-id.pdf',
          ),
          businessDocuments: data.hasBusinessDocuments
            ? [
                await upload(
                  'business_document',
                  documentPdf(`RDB certificate - ${data.shopName}`),
                  'rdb.pdf',
                ),
              ]
            : [],
        })),
      )
    }
    for (const shop of byRegistration) {
      const upload = uploadFor(shop)
      for (const product of shop.data.products) {
        const views = product.hasSecondPicture ? [0, 1] : [0]
        pictures.set(
          product,
          queue(async () => {
            const ids: string[] = []
            for (const view of views) {
              const picture = await productPicture(product.name, product.category, view)
              ids.push(await upload('product_image', picture, `photo-${view + 1}.png`))
            }
            return ids
          }),
        )
      }
    }
    // Unhandled until awaited: a failure surfaces where the story needs the file, and at the end.
    for (const pending of [...wizard.values(), ...pictures.values()]) pending.catch(() => {})
    return { wizard, pictures, all: () => Promise.all([...wizard.values(), ...pictures.values()]) }
  }

  function actorOf(shop: ShopState): Actor {
    return {
      userId: shop.userId,
      role: 'vendor',
      email: shop.email,
      fullName: shop.data.owner.fullName,
      emailVerified: true,
      language: shop.data.owner.language,
    }
  }

  // ── Shops ──

  async function registerShop(shop: ShopState, at: number) {
    const { data } = shop
    const wizard = await files.wizard.get(shop)!
    // The five-step wizard, sent in one piece.
    const profile = await act(
      at,
      () =>
        registerVendor(
          db,
          { userId: shop.userId },
          vendorRegistrationInput.parse({
            fullName: data.owner.fullName,
            phone: data.phone,
            shopName: data.shopName,
            businessAddress: data.businessAddress,
            shopLogo: wizard.logo,
            govId: wizard.govId,
            idDocuments: [],
            businessDocuments: wizard.businessDocuments,
            ...data.payout,
          }),
        ),
      (created, when) => {
        // The account a little before, the files as they were picked in the wizard.
        stamps.account(shop.userId, new Date(when.getTime() - 20 * 60_000))
        for (const id of [wizard.logo, wizard.govId, ...wizard.businessDocuments])
          stamps.set('files', 'created_at', id, new Date(when.getTime() - 10 * 60_000))
        stamps.set('vendors', 'created_at', created.id, when)
        stamps.set('vendors', 'updated_at', created.id, when)
        // The free trial runs from registration (vendors.service.ts: registerVendor).
        stamps.set('vendors', 'subscription_starts_at', created.id, when)
        stamps.set('vendors', 'subscription_expires_at', created.id, addDays(when, limits.starterTrialDays))
      },
    )
    shop.vendorId = profile.id

    if (data.status !== 'pending') {
      // Rejections take the team a little longer: they write to the applicant first.
      const decidedAt = data.status === 'approved' ? later(at, 3, 40) : later(at, 50, 56)
      timeline.at(decidedAt, (when) => decideShop(shop, when))
    }
    planProducts(shop, at)
  }

  async function decideShop(shop: ShopState, at: number) {
    const { status, rejectedBecause } = shop.data
    await act(
      at,
      (request) =>
        decideVendorApplication(
          db,
          admin(request),
          shop.vendorId!,
          vendorDecisionInput.parse({ status, reason: rejectedBecause }),
          config.publicUrl,
        ),
      (_result, when) => stamps.set('vendors', 'updated_at', shop.vendorId!, when),
    )
    shop.status = status
    if (status !== 'approved') return
    if (shop.data.plan !== 'starter') {
      const plan = shop.data.plan
      timeline.at(later(at, 1, 4), (when) => renewPlan(shop, when, plan))
    }
    if (shop.data.requestsPlan) {
      const plan = shop.data.requestsPlan
      timeline.at(onDay(1, 8, 10), (when) => choosePlan(shop, when, plan))
    }
    planPayouts(shop, at)
  }

  /** The vendor chooses a plan: a paid one waits for the team to confirm its payment. */
  async function choosePlan(shop: ShopState, at: number, plan: DemoShop['plan']) {
    await act(
      at,
      (request) => chooseSubscription(db, vendorScope(shop, request), plan),
      (_result, when) => stamps.set('vendors', 'updated_at', shop.vendorId!, when),
    )
  }

  /** A paid plan, paid: chosen, confirmed by the team the next day, and renewed the same way each month. */
  async function renewPlan(shop: ShopState, at: number, plan: DemoShop['plan']) {
    // A renewal confirmed after the vendor asked for a bigger plan would find that request instead.
    const pendingRequestAt = shop.data.requestsPlan ? -3 * DAY_MS : Infinity
    if (at >= pendingRequestAt) return
    await choosePlan(shop, at, plan)
    timeline.at(later(at, 16, 28), async (confirmedAt) => {
      await act(
        confirmedAt,
        (request) => confirmPlanRequest(db, admin(request), shop.vendorId!, plan, config.publicUrl),
        (_result, when) => {
          // The paid period runs from the confirmation (vendors.service.ts: confirmPlanRequest).
          stamps.set('vendors', 'updated_at', shop.vendorId!, when)
          stamps.set('vendors', 'subscription_starts_at', shop.vendorId!, when)
          stamps.set(
            'vendors',
            'subscription_expires_at',
            shop.vendorId!,
            addDays(when, SUBSCRIPTION_PERIOD_DAYS),
          )
        },
      )
      const renewal = later(confirmedAt + (SUBSCRIPTION_PERIOD_DAYS - 2) * DAY_MS, 0, 20)
      timeline.at(renewal, (when) => renewPlan(shop, when, plan))
    })
  }

  // ── Products ──

  function planProducts(shop: ShopState, registeredAt: number) {
    const { products: list, status } = shop.data
    if (status === 'rejected') return
    // An approved shop lists after its (paid) plan is confirmed, most of its range within two weeks and the
    // rest as new arrivals; an applicant lists while waiting for the team.
    const start = status === 'approved' ? registeredAt + 4 * DAY_MS : registeredAt + 2 * HOUR_MS
    const firstWave = Math.ceil(list.length * 0.7)
    const stop = status === 'approved' ? -3 * DAY_MS : -1 * HOUR_MS
    list.forEach((data, index) => {
      const at =
        status !== 'approved'
          ? start + ((stop - start) * (index + random.next())) / list.length
          : index < firstWave
            ? later(start + index * random.between(0.3, 0.9) * DAY_MS, 0, 3)
            : later(start + random.between(0.25, 1) * (stop - start), 0, 2)
      timeline.at(Math.min(at, stop), (when) => listProduct(shop, data, index, when))
    })
  }

  async function listProduct(shop: ShopState, data: DemoProduct, index: number, at: number) {
    const images = await files.pictures.get(data)!
    const stock = data.stock ?? 40
    const hasVariants = Boolean(data.colors && data.sizes)
    const input = productInput.parse({
      name: data.name,
      description: `${data.note} From ${shop.data.shopName}, ${shop.data.city}.`,
      category: data.category,
      price: data.price,
      images,
      hasVariants,
      colors: data.colors ?? [],
      sizes: data.sizes ?? [],
      variants: hasVariants
        ? data.colors!.flatMap((color, colorIndex) =>
            data.sizes!.map((size, sizeIndex) => ({
              color,
              size,
              price: data.price + (['xxl', 'xxxl'].includes(size) ? 2_000 : 0),
              // Not every combination is as deep: some sell out sooner.
              stock: Math.max(0, stock - ((colorIndex + sizeIndex) % 3) * Math.ceil(stock / 3)),
            })),
          )
        : [{ price: data.price, stock }],
    })
    const product = await act(
      at,
      (request) => createProduct(db, vendorScope(shop, request), input),
      (created, when) => {
        stamps.set('products', 'created_at', created.id, when)
        stamps.set('products', 'updated_at', created.id, when)
        for (const variant of created.variants) {
          stamps.set('variants', 'created_at', variant.id, when)
          stamps.set('variants', 'updated_at', variant.id, when)
        }
        for (const id of images) stamps.set('files', 'created_at', id, new Date(when.getTime() - 5 * 60_000))
      },
    )
    const state: ProductState = {
      id: product.id,
      data,
      status: 'approved',
      createdAt: at,
      // The first products of a shop are its best known.
      popularity: 1 / (1 + index * 0.18),
      variants: product.variants.map((variant) => ({ id: variant.id, stock: variant.stock })),
    }
    shop.products.push(state)
    if (data.rejectedBecause) {
      const reason = data.rejectedBecause
      timeline.at(later(at, 20, 80), (rejectedAt) => rejectProduct(state, reason, rejectedAt))
    }
  }

  async function rejectProduct(product: ProductState, reason: string, at: number) {
    await act(
      at,
      (request) =>
        decideProduct(
          db,
          admin(request),
          product.id,
          productDecisionInput.parse({ status: 'rejected', reason }),
          config.publicUrl,
        ),
      (_result, when) => stamps.set('products', 'updated_at', product.id, when),
    )
    product.status = 'rejected'
  }

  // ── Orders ──

  const sellable = (product: ProductState, at: number) =>
    product.status === 'approved' && product.createdAt < at && product.variants.some((v) => v.stock > 0)

  let isDuplicatePlaced = false

  /** One order: placed by the team (the order form), then completed, refunded or left pending. */
  async function placeOrder(at: number) {
    const open = [...shops.values()].filter(
      (shop) => shop.status === 'approved' && shop.products.some((product) => sellable(product, at)),
    )
    if (open.length === 0) return
    const shop = random.weighted(open, (candidate) => candidate.data.popularity)
    const product = random.weighted(
      shop.products.filter((candidate) => sellable(candidate, at)),
      (candidate) => candidate.popularity,
    )
    const wanted =
      product.data.price >= 100_000 ? 1 : random.weighted([1, 2, 3, 4], (n) => [70, 20, 7, 3][n - 1]!)
    const variant = random.pick(product.variants.filter((candidate) => candidate.stock > 0))
    const quantity = Math.min(wanted, variant.stock)
    const customer = random.pick(demoCustomers)
    const input = adminOrderInput.parse({
      vendorId: shop.vendorId,
      productId: product.id,
      variantId: variant.id,
      customerName: customer.name,
      customerEmail: customer.email,
      quantity,
    })
    const place = async (when: number) => {
      const order = await act(
        when,
        (request) => createAdminOrder(db, admin(request), input),
        (placed, moment) => {
          stamps.set('orders', 'created_at', placed.id, moment)
          stamps.set('orders', 'updated_at', placed.id, moment)
        },
      )
      variant.stock -= quantity
      return order
    }
    const order = await place(at)

    // Once, the team types an order twice and deletes the copy (a delete on the audit trail).
    if (!isDuplicatePlaced && at > -40 * DAY_MS && variant.stock >= quantity) {
      isDuplicatePlaced = true
      timeline.at(at + random.between(2, 6) * 60_000, async (copiedAt) => {
        if (variant.stock < quantity) return
        const copy = await place(copiedAt)
        timeline.at(copiedAt + random.between(30, 90) * 60_000, async (deletedAt) => {
          await act(deletedAt, (request) => deleteAdminOrder(db, admin(request), copy.id))
          variant.stock += quantity
        })
      })
    }

    const fate = random.next()
    if (fate < 0.82) {
      timeline.at(later(at, 2, fate < 0.7 ? 30 : 140), async (completedAt) => {
        await setOrderStatus(shop, order.id, 'completed', completedAt)
        if (random.chance(0.08)) {
          timeline.at(later(completedAt, 20, 300), (refundedAt) =>
            setOrderStatus(shop, order.id, 'refunded', refundedAt),
          )
        }
      })
    } else if (fate < 0.88) {
      // Cancelled before it shipped: only the team can refund a pending order.
      timeline.at(later(at, 3, 60), (when) => setOrderStatus(shop, order.id, 'refunded', when, true))
    }
    // Otherwise it waits: recent orders, and a few awaiting collection.
  }

  /** Vendors move most of their orders themselves; the team steps in now and then. */
  async function setOrderStatus(
    shop: ShopState,
    orderId: string,
    status: Exclude<OrderStatus, 'pending'>,
    at: number,
    byTeam = random.chance(status === 'refunded' ? 0.3 : 0.15),
  ) {
    await act(
      at,
      (request) =>
        byTeam
          ? setAdminOrderStatus(db, admin(request), orderId, status)
          : setVendorOrderStatus(db, vendorScope(shop, request), orderId, status),
      (_result, when) => stamps.set('orders', 'updated_at', orderId, when),
    )
  }

  function planOrders() {
    for (let daysAgo = DEMO_ORDER_DAYS - 1; daysAgo >= 0; daysAgo -= 1) {
      // Busier lately, and at weekends.
      const weekday = real(-daysAgo * DAY_MS + 12 * HOUR_MS).getUTCDay()
      const expected =
        (2.4 + 2.8 * (1 - daysAgo / DEMO_ORDER_DAYS)) * (weekday === 0 || weekday === 6 ? 1.3 : 1)
      const count = Math.max(1, Math.round(expected + random.between(-1.5, 1.5)))
      for (let n = 0; n < count; n += 1) timeline.at(onDay(daysAgo), (at) => placeOrder(at))
    }
  }

  // ── Payouts ──

  function planPayouts(shop: ShopState, approvedAt: number) {
    const first = later(approvedAt + random.between(16, 24) * DAY_MS, 0, 4)
    timeline.at(first, (at) => askForPayout(shop, at, true))
  }

  /** The vendor asks for part of the balance; a regular one asks again every two or three weeks. */
  async function askForPayout(shop: ShopState, at: number, isRegular: boolean) {
    const askAgain = (days: [number, number]) => {
      if (!isRegular) return
      const next = later(at + random.between(...days) * DAY_MS, 0, 3)
      timeline.at(next, (when) => askForPayout(shop, when, true))
    }
    // What the Payouts screen shows the vendor before they type an amount.
    const { availableBalance } = await getPayoutOverview(db, vendorScope(shop, nextRequest()), {
      page: 1,
      pageSize: 1,
    })
    if (availableBalance < 20_000) {
      askAgain([4, 7])
      return
    }
    const amount = Math.floor((availableBalance * random.between(0.5, 0.9)) / 1000) * 1000
    const payout = await act(
      at,
      (request) => requestPayout(db, vendorScope(shop, request), amount),
      (requested, when) => stamps.set('payouts', 'requested_at', requested.id, when),
    )
    timeline.at(later(at, 5, 60), (when) => decideOnPayout(shop, payout.id, when))
    askAgain([12, 20])
  }

  async function decideOnPayout(shop: ShopState, payoutId: string, at: number) {
    const method = shop.data.payout.payoutMethod
    const reference = `${paymentReferencePrefix[method]}${random.int(1_000_000_000, 9_999_999_999)}`
    const decide = (decision: unknown) =>
      act(
        at,
        (request) =>
          decidePayout(db, admin(request), payoutId, payoutDecisionInput.parse(decision), config.publicUrl),
        (_result, when) => stamps.set('payouts', 'processed_at', payoutId, when),
      )
    if (!random.chance(0.85)) {
      await decide({ status: 'rejected', reason: random.pick(payoutRejectionReasons.slice(0, 2)) })
      return
    }
    try {
      await decide({ status: 'approved', paymentReference: reference })
    } catch (error) {
      // Refunds since the request left less than its amount: the service refuses, and the team says why.
      if (!(error instanceof AppError && error.messageKey === 'payouts.exceedsBalance')) throw error
      await decide({ status: 'rejected', reason: payoutRejectionReasons[2] })
      return
    }
    if (random.chance(0.85)) {
      timeline.at(later(at, 6, 70), async (confirmedAt) => {
        await act(confirmedAt, (request) =>
          confirmPayoutReceipt(db, vendorScope(shop, request), payoutId, {
            timeZone: config.timeZone,
            // The note says the day the vendor confirmed.
            now: real(confirmedAt),
          }),
        )
      })
    }
  }

  // ── Messages ──

  function planConversations() {
    for (const conversation of demoConversations) {
      const shop = shops.get(conversation.shop)
      if (!shop) throw new Error(`a conversation names an unknown shop: ${conversation.shop}`)
      const latestHour = conversation.daysAgo === 0 ? 11 : 18
      timeline.at(onDay(conversation.daysAgo, 8, latestHour), (at) => converse(shop, conversation, at))
    }
  }

  async function converse(shop: ShopState, conversation: DemoConversation, at: number) {
    const viewer = { userId: shop.userId, role: 'vendor' as const }
    const input = sendMessageInput.parse({
      type: conversation.type,
      subject: conversation.subject,
      content: conversation.content,
    })
    const sent = await act(
      at,
      (request) => {
        vendorScope(shop, request)
        return sendMessage(db, viewer, input)
      },
      (message, when) => stamps.set('messages', 'created_at', message.id, when),
    )
    if (conversation.isUnread) return
    const replyAt = at + (conversation.replyAfterHours ?? 5) * HOUR_MS
    timeline.at(at + random.between(0.2, 0.8) * (replyAt - at), (when) =>
      openMessage(adminViewer, sent.id, when),
    )
    const content = conversation.reply
    if (!content) return
    timeline.at(replyAt, async (repliedAt) => {
      const reply = await act(
        repliedAt,
        (request) => replyToMessage(db, admin(request), sent.id, content),
        (message, when) => stamps.set('messages', 'created_at', message.id, when),
      )
      if (!conversation.isReplyUnread && shop.status !== 'rejected')
        timeline.at(later(repliedAt, 1, 20), (when) => openMessage(viewer, reply.id, when))
    })
  }

  async function openMessage(viewer: { userId: string; role: 'admin' | 'vendor' }, id: string, at: number) {
    await act(
      at,
      () => markMessageRead(db, viewer, id),
      (message, when) => {
        if (message.readAt) stamps.set('messages', 'read_at', id, when)
      },
    )
  }

  // ── The story ──

  for (const shop of shops.values()) {
    timeline.at(onDay(shop.data.registeredDaysAgo, 8, 19), (at) => registerShop(shop, at))
  }
  planOrders()
  planConversations()
  // Three busy shops ask for their money this morning: the team has payouts waiting.
  for (const name of ['Inzozi Crafts', 'Kigali Coffee House', 'Kigali Tech Hub']) {
    const shop = shops.get(name)!
    timeline.at(onDay(0, 7, 10), (at) => askForPayout(shop, at, false))
  }

  log('The story: applications, decisions, products, orders, payouts and messages…')
  await timeline.play()
  await files.all()

  log('Moving every row to its moment in the story…')
  const isAuditBackdated = await stamps.apply(db)

  // Decision mails go where the server would put them without SMTP: the outbox, delivered, not waiting.
  await mailer.deliverQueued()

  // The triggers keep every running total in the transaction of each change: prove it rather than assume it.
  const drift = await findTotalsDrift(db, 10)
  if (drift.length > 0) await rebuildTotals(db)

  const counts = await countRows(db)
  const printed = ['Inzozi Crafts', 'Kigali Coffee House'].map((name) => shops.get(name)!)
  return {
    admin: { email: demoAdmin.email, password: DEMO_PASSWORD, name: demoAdmin.fullName },
    vendors: printed.map((shop) => ({
      email: shop.email,
      password: DEMO_PASSWORD,
      name: shop.data.owner.fullName,
      shop: shop.data.shopName,
    })),
    ...counts,
    isAuditBackdated,
    wereTotalsRebuilt: drift.length > 0,
  }
}

type WizardFiles = { logo: string; govId: string; businessDocuments: string[] }

const addDays = (date: Date, days: number) => new Date(date.getTime() + days * DAY_MS)

/** Runs the functions given to it at most `size` at a time, in the order given; each call returns its promise. */
function createQueue(size: number) {
  let running = 0
  const waiting: (() => void)[] = []
  return <T>(job: () => Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const start = () => {
        running += 1
        job()
          .then(resolve, reject)
          .finally(() => {
            running -= 1
            waiting.shift()?.()
          })
      }
      if (running < size) start()
      else waiting.push(start)
    })
}

/** The columns the story moves, by table (each row found by its id; accounts by their user). */
const stampedColumns = {
  users: ['created_at', 'updated_at'],
  accounts: ['created_at', 'updated_at'],
  files: ['created_at'],
  vendors: ['created_at', 'updated_at', 'subscription_starts_at', 'subscription_expires_at'],
  products: ['created_at', 'updated_at'],
  variants: ['created_at', 'updated_at'],
  orders: ['created_at', 'updated_at'],
  payouts: ['requested_at', 'processed_at'],
  messages: ['created_at', 'read_at'],
} as const
type StampedTable = keyof typeof stampedColumns

/**
 * The moments the story gives its rows, noted while it plays and written at the end, in one transaction,
 * with one statement per table and column (per 500 rows). A later note for the same row and column wins:
 * the story plays in time order, so that is the latest change.
 */
function createStamps() {
  const noted = new Map<string, Map<string, Date>>()
  const auditTimes = new Map<string, Date>()
  const set = <T extends StampedTable>(
    table: T,
    column: (typeof stampedColumns)[T][number],
    id: string,
    at: Date,
  ) => {
    const key = `${table}.${column}`
    if (!noted.has(key)) noted.set(key, new Map())
    noted.get(key)!.set(id, at)
  }
  /** `update <table> set <column> = v.at from (values …) v where <table>.<key> = v.id`, 500 rows at a time. */
  const moves = (table: string, column: string, key: string, keyType: string, values: Map<string, Date>) =>
    [...chunks([...values], 500)].map(
      (chunk) =>
        sql`update ${sql.raw(table)} as t set ${sql.raw(column)} = v.at
            from (values ${sql.join(
              chunk.map(([id, at]) => sql`(${id}::${sql.raw(keyType)}, ${at.toISOString()}::timestamptz)`),
              sql`, `,
            )}) as v(id, at)
            where t.${sql.raw(key)} = v.id`,
    )
  return {
    set,
    /** A person's account: the user row and its credential, as of when they signed up. */
    account(userId: string, at: Date) {
      for (const column of stampedColumns.users) {
        set('users', column, userId, at)
        set('accounts', column, userId, at)
      }
    },
    audit(requestId: string, at: Date) {
      auditTimes.set(requestId, at)
    },
    /**
     * Writes every noted moment. The audit trail refuses updates (migration 0001): its entries move with the
     * triggers off for this transaction only (session_replication_role), which takes a superuser; without
     * one they keep the time of the run. Says whether they moved.
     */
    async apply(db: Db): Promise<boolean> {
      const [role] = (
        (await db.execute(sql`select current_setting('is_superuser') = 'on' as ok`)) as unknown as {
          rows: { ok: boolean }[]
        }
      ).rows
      const canMoveAudit = Boolean(role?.ok)
      await db.transaction(async (tx) => {
        for (const [name, values] of noted) {
          const [table, column] = name.split('.') as [string, string]
          const key = table === 'accounts' ? 'user_id' : 'id'
          for (const statement of moves(table, column, key, 'uuid', values)) await tx.execute(statement)
        }
        if (!canMoveAudit) return
        await tx.execute(sql`set local session_replication_role = replica`)
        for (const statement of moves('audit_logs', 'created_at', 'request_id', 'text', auditTimes))
          await tx.execute(statement)
        await tx.execute(sql`set local session_replication_role = origin`)
      })
      return canMoveAudit
    },
  }
}

function* chunks<T>(list: T[], size: number) {
  for (let start = 0; start < list.length; start += size) yield list.slice(start, start + size)
}

async function countRows(db: Db) {
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: T[] }).rows
  const byStatus = async (table: 'vendors' | 'orders' | 'payouts') =>
    Object.fromEntries(
      (
        await rows<{ status: string; n: number }>(
          sql.raw(`select status, count(*)::int as n from ${table} group by status order by status`),
        )
      ).map((row) => [row.status, row.n]),
    )
  const [figures] = await rows<Record<string, number>>(sql`
    select (select count(*)::int from vendors) as vendors,
           (select count(*)::int from products) as products,
           (select count(*)::int from files where purpose = 'product_image') as pictures,
           (select count(distinct category)::int from products) as categories,
           (select count(*)::int from orders) as orders,
           (select count(*)::int from payouts) as payouts,
           (select count(*)::int from messages) as messages,
           (select count(*)::int from audit_logs) as "auditEntries",
           (select count(*)::int from mail_outbox) as mails`)
  return {
    counts: figures as DemoResult['counts'],
    vendorsByStatus: await byStatus('vendors'),
    ordersByStatus: await byStatus('orders'),
    payoutsByStatus: await byStatus('payouts'),
  }
}
