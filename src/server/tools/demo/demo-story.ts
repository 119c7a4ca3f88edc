/**
 * What every step of the demo story shares (demo-marketplace.ts plays them): the server's dependencies, the
 * seeded chance, the story's clock and timeline, the noted moments, and `act`, which runs one service call as
 * one request at a moment of the story. Each step adds to it what the next ones need (the team, the shops,
 * their files), so a step's function takes one `Story` and reads what it uses from it.
 */
import type { AdminScope, Actor, RequestContext, VendorScope } from '../../lib/scope'
import { createAuth } from '../../auth/auth'
import { sendConfirmation } from '../../account/account.service'
import type { Config } from '../../config'
import type { Database, Db } from '../../db/client'
import type { Deps } from '../../deps'
import type { Logger } from '../../lib/logger'
import { createMailer } from '../../mail/mail.service'
import type { FileStorage } from '../../storage/storage'
import type { UploadContext } from '../../uploads/uploads.service'
import { DAY_MS } from '../../../shared/subscription'
import type { VendorStatus } from '../../../shared/constants'
import {
  CLOSING_HOUR,
  HOUR_MS,
  OPENING_HOUR,
  randomFrom,
  storyClock,
  Timeline,
  type Random,
} from './demo-clock'
import type { DemoProduct, DemoShop } from './demo-data'
import { createStamps, type Stamps } from './demo-stamps'

export const DEMO_SEED = 20_250_611
/** How far back orders go. */
export const DEMO_ORDER_DAYS = 90
/** What the audit log shows as the browser of every demo action. */
export const DEMO_USER_AGENT = 'Isoko demo (npm run demo)'
export const DEMO_ADDRESS = '127.0.0.1'

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

// ── What the story keeps track of while it plays ──

export type VariantState = { id: string; stock: number }
export type ProductState = {
  id: string
  data: DemoProduct
  status: 'approved' | 'rejected'
  createdAt: number
  popularity: number
  variants: VariantState[]
}
export type ShopState = {
  data: DemoShop
  userId: string
  email: string
  vendorId: string | null
  status: VendorStatus
  products: ProductState[]
}

/** A shop's wizard files and each product's pictures, uploading while the story plays (demo-files.ts). */
export type DemoFiles = {
  wizard: Map<ShopState, Promise<{ logo: string; govId: string; businessDocuments: string[] }>>
  pictures: Map<DemoProduct, Promise<string[]>>
  all: () => Promise<unknown>
}

/** The stage the story plays on: what every step shares, before the team and the shops join it. */
export type Stage = ReturnType<typeof createStage>

/** The whole story: the stage, the team (demo-accounts.ts), the shops and their files. */
export type Story = Stage & {
  admin: (request: RequestContext) => AdminScope
  adminViewer: { userId: string; role: 'admin' }
  shops: Map<string, ShopState>
  files: DemoFiles
}

export function createStage(options: DemoOptions) {
  const { database, config, storage, logger } = options
  const db: Db = database.db
  const random: Random = randomFrom(options.seed ?? DEMO_SEED)
  const clock = storyClock(options.now ?? new Date(), config.timeZone)
  const timeline = new Timeline(clock.end)
  const real = clock.real
  const stamps: Stamps = createStamps()

  // Mail never leaves: the outbox keeps it, even where SMTP_URL is set (the addresses are made up anyway).
  const mailer = createMailer({ db, logger, from: config.mailFrom })
  const deps = { config, database, logger, mailer } as Deps
  deps.auth = createAuth({ config, db, logger, onSignUp: (user) => sendConfirmation(deps, user) })
  const uploads: UploadContext = { db, storage, logger, quotaBytes: config.uploadQuotaBytes }

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
    const started = new Date()
    const result = await action(request)
    stamps.ledger(started, new Date(), when)
    stamps.audit(request.requestId, when)
    note?.(result, when)
    return result
  }

  return {
    db,
    config,
    deps,
    mailer,
    uploads,
    log: options.log ?? (() => {}),
    random,
    timeline,
    real,
    stamps,
    onDay,
    later,
    nextRequest,
    act,
  }
}

/** The shop acting as its owner, as the route guards would let it (auth/guards.ts). */
export function vendorScope(shop: ShopState, request: RequestContext): VendorScope {
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

/** The shop's owner as the upload service sees a signed-in vendor. */
export function actorOf(shop: ShopState): Actor {
  return {
    userId: shop.userId,
    role: 'vendor',
    email: shop.email,
    fullName: shop.data.owner.fullName,
    emailVerified: true,
    language: shop.data.owner.language,
  }
}

export const addDays = (date: Date, days: number) => new Date(date.getTime() + days * DAY_MS)
