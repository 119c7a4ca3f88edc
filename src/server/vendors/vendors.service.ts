import { and, eq, sql, type SQLWrapper } from 'drizzle-orm'
import { QueryBuilder } from 'drizzle-orm/pg-core'
import type { z } from 'zod'
import type { Plan } from '../../shared/constants'
import {
  applicationChecklist,
  type adminVendorListQuery,
  type AdminVendorApplication,
  type AdminVendorList,
  type ApplicationChecklistItem,
  type businessDocumentsInput,
  type logoInput,
  type profileUpdateInput,
  type VendorDashboard,
  type vendorDecisionInput,
  type VendorProfile,
  type vendorRegistrationInput,
} from '../../shared/schemas/vendor'
import type { PayoutDestination } from '../../shared/schemas/payout'
import { DAY_MS, SUBSCRIPTION_PERIOD_DAYS } from '../../shared/subscription'
import { limits, planDetails } from '../../shared/constants'
import type { Db, Tx } from '../db/client'
import { users, variants, vendorTotals, vendors } from '../db/schema'
import { emptyVendorTotals } from '../db/totals'
import { ownerOfShop } from '../db/joins'
import { preparedPerDatabase } from '../db/prepared'
import { AppError, isUniqueViolation, vendorNotRegistered } from '../lib/errors'
import { recordAudit, recordDisclosure } from '../audit/record-audit'
import { assertOwnedFiles, fileRefs } from '../lib/files'
import { postLedgerEntry } from '../ledger/ledger'
import { countCapFor } from '../lib/paginate'
import { maskPayoutDetails } from '../lib/payout-details'
import type { AdminScope, Scope, VendorScope } from '../lib/scope'
import { isLowVariant } from '../lib/stock'
import { notify } from '../realtime/events'
import { mailDecision } from '../mail/decision-mail'
import { findVendor, vendorFilter, vendorInScope, vendorRows } from './vendors.queries'

type VendorRow = typeof vendors.$inferSelect
/** Before registration there is no vendor record yet: only the signed-in user. */
type Registrant = { userId: string }

const SHOP_NAME_TAKEN = () =>
  new AppError('CONFLICT', 'vendor.register.shopNameTaken', undefined, {
    shopName: 'vendor.register.shopNameTaken',
  })

function toProfile(row: VendorRow, user: { email: string; fullName: string }): VendorProfile {
  return {
    id: row.id,
    email: user.email,
    fullName: user.fullName,
    shopName: row.shopName,
    businessAddress: row.businessAddress,
    phone: row.phone,
    shopLogo: row.shopLogo,
    govId: row.govId,
    businessDocuments: row.businessDocuments,
    idDocuments: row.idDocuments,
    payoutMethod: row.payoutMethod,
    payoutDetails: maskPayoutDetails(row.payoutDetails),
    status: row.status,
    decisionReason: row.decisionReason,
    subscription: {
      plan: row.subscriptionPlan,
      status: row.subscriptionStatus,
      startsAt: row.subscriptionStartsAt.toISOString(),
      expiresAt: row.subscriptionExpiresAt?.toISOString() ?? null,
    },
    requestedPlan: row.requestedPlan,
    lowStockThreshold: row.lowStockThreshold,
    tin: row.tin,
    smsOptOut: row.smsOptOut,
    vatRegistered: row.vatRegistered,
    createdAt: row.createdAt.toISOString(),
  }
}

/** What an application is missing, item by item (admin §2: 'n of 4 required items completed'). */
function completeness(row: VendorRow): AdminVendorApplication['completeness'] {
  const isPresent: Record<ApplicationChecklistItem, boolean> = {
    phone: Boolean(row.phone?.trim()),
    businessDocuments: row.businessDocuments.length > 0,
    // The government ID is an identity document too: registration asks for it, the extra ones are optional.
    idDocuments: Boolean(row.govId) || row.idDocuments.length > 0,
    payoutDetails:
      row.payoutMethod !== null &&
      Object.values(row.payoutDetails ?? {}).some((value) => String(value ?? '').trim()),
  }
  const missing = applicationChecklist.filter((item) => !isPresent[item])
  return {
    completed: applicationChecklist.length - missing.length,
    total: applicationChecklist.length,
    missing,
  }
}

function toApplication(row: VendorRow, user: { email: string; fullName: string }): AdminVendorApplication {
  return { ...toProfile(row, user), completeness: completeness(row) }
}

/** Writes `changes` to one shop's record (found in the caller's scope and locked) and returns it as it now is. */
async function updateVendor(tx: Tx, vendorId: string, changes: Partial<typeof vendors.$inferInsert>) {
  const [vendor] = await tx.update(vendors).set(changes).where(eq(vendors.id, vendorId)).returning()
  return vendor
}

/** The scope's own vendor record with its owner's e-mail and name (the id comes from the session). */
async function requireOwnVendor(tx: Tx, scope: VendorScope, options: { lock?: boolean } = {}) {
  const row = await findVendor(tx, scope, scope.vendorId, options)
  if (!row) throw vendorNotRegistered()
  return row
}

export async function getVendorProfile(db: Db, scope: VendorScope): Promise<VendorProfile> {
  const row = await requireOwnVendor(db, scope)
  return toProfile(row.vendor, row)
}

/**
 * The five-step wizard, in one transaction: the vendor row (pending, starter plan on its 90-day free
 * trial) and the user's full name and role. A refused step writes nothing.
 */
export async function registerVendor(
  db: Db,
  scope: Registrant,
  input: z.output<typeof vendorRegistrationInput>,
): Promise<VendorProfile> {
  try {
    return await db.transaction(async (tx) => {
      const [existing] = await tx
        .select({ id: vendors.id })
        .from(vendors)
        .where(eq(vendors.userId, scope.userId))
      if (existing) throw new AppError('CONFLICT', 'vendor.register.alreadyRegistered')
      const owner = { ownerUserId: scope.userId }
      if (input.shopLogo)
        await assertOwnedFiles(tx, {
          ...owner,
          ids: [input.shopLogo],
          purpose: 'logo',
          max: limits.files.logo,
        })
      await assertOwnedFiles(tx, { ...owner, ids: [input.govId], purpose: 'gov_id', max: 1 })
      await assertOwnedFiles(tx, {
        ...owner,
        ids: input.idDocuments,
        purpose: 'id_document',
        max: limits.files.idDocuments,
      })
      await assertOwnedFiles(tx, {
        ...owner,
        ids: input.businessDocuments,
        purpose: 'business_document',
        max: limits.files.businessDocuments,
      })
      const [logoRef] = input.shopLogo ? await fileRefs(tx, [input.shopLogo]) : []
      const [govIdRef] = await fileRefs(tx, [input.govId])
      const now = new Date()
      const [vendor] = await tx
        .insert(vendors)
        .values({
          userId: scope.userId,
          shopName: input.shopName,
          businessAddress: input.businessAddress,
          phone: input.phone,
          shopLogo: logoRef?.url ?? null,
          govId: govIdRef!.url,
          idDocuments: await fileRefs(tx, input.idDocuments),
          businessDocuments: await fileRefs(tx, input.businessDocuments),
          payoutMethod: input.payoutMethod,
          payoutDetails: { ...input.payoutDetails },
          tin: input.tin ?? null,
          vatRegistered: input.vatRegistered,
          status: 'pending',
          subscriptionPlan: 'starter',
          subscriptionStatus: 'active',
          subscriptionStartsAt: now,
          subscriptionExpiresAt: new Date(now.getTime() + limits.starterTrialDays * DAY_MS),
        })
        .returning()
      const [user] = await tx
        .update(users)
        .set({ fullName: input.fullName, role: 'vendor' })
        .where(eq(users.id, scope.userId))
        .returning({ email: users.email, fullName: users.fullName })
      return toProfile(vendor!, user!)
    })
  } catch (error) {
    if (isUniqueViolation(error, 'vendors_shop_name_lower_unique')) throw SHOP_NAME_TAKEN()
    if (isUniqueViolation(error, 'vendors_user_unique'))
      throw new AppError('CONFLICT', 'vendor.register.alreadyRegistered')
    throw error
  }
}

/** The profile's fields a vendor edits, with the names their audit entries give them. */
const profileFields = {
  shopName: 'shop_name',
  businessAddress: 'business_address',
  phone: 'phone',
  lowStockThreshold: 'low_stock_threshold',
  tin: 'tin',
  vatRegistered: 'vat_registered',
  smsOptOut: 'sms_opt_out',
} as const satisfies Partial<Record<keyof VendorRow, string>>

/**
 * The vendor edits their shop's profile: name, business address, phone (kept when sent empty), low-stock
 * threshold and tax identity (TIN, cleared when sent blank or null; VAT-registered). What changed is audited with the change (old and new values), so the team can tell who renamed a
 * shop or moved its stock alert, and when.
 */
export async function updateVendorProfile(
  db: Db,
  scope: VendorScope,
  input: z.output<typeof profileUpdateInput>,
) {
  try {
    return await db.transaction(async (tx) => {
      const current = await requireOwnVendor(tx, scope, { lock: true })
      const changed = (Object.keys(profileFields) as (keyof typeof profileFields)[]).filter(
        (field) => input[field] !== undefined && input[field] !== current.vendor[field],
      )
      if (changed.length === 0) return toProfile(current.vendor, current)
      const changes = Object.fromEntries(changed.map((field) => [field, input[field]]))
      const vendor = await updateVendor(tx, current.vendor.id, changes)
      await recordAudit(tx, {
        by: scope,
        action: 'update',
        targetTable: 'vendors',
        targetId: current.vendor.id,
        oldValues: Object.fromEntries(changed.map((field) => [profileFields[field], current.vendor[field]])),
        newValues: Object.fromEntries(changed.map((field) => [profileFields[field], vendor![field]])),
      })
      // The shop's products lists show what is low by this threshold.
      if (changed.includes('lowStockThreshold')) {
        await notify(tx, { topic: 'products', vendorId: current.vendor.id })
      }
      return toProfile(vendor!, current)
    })
  } catch (error) {
    if (isUniqueViolation(error, 'vendors_shop_name_lower_unique')) throw SHOP_NAME_TAKEN()
    throw error
  }
}

export async function setVendorLogo(db: Db, scope: VendorScope, input: z.output<typeof logoInput>) {
  return db.transaction(async (tx) => {
    const current = await requireOwnVendor(tx, scope, { lock: true })
    let url: string | null = null
    if (input.fileId) {
      await assertOwnedFiles(tx, {
        ownerUserId: scope.userId,
        ids: [input.fileId],
        purpose: 'logo',
        max: limits.files.logo,
      })
      url = (await fileRefs(tx, [input.fileId]))[0]!.url
    }
    const vendor = await updateVendor(tx, current.vendor.id, { shopLogo: url })
    return toProfile(vendor!, current)
  })
}

/** Replaces the list with the given files (kept ones and new ones), at most 5. */
export async function setBusinessDocuments(
  db: Db,
  scope: VendorScope,
  input: z.output<typeof businessDocumentsInput>,
) {
  return db.transaction(async (tx) => {
    const current = await requireOwnVendor(tx, scope, { lock: true })
    await assertOwnedFiles(tx, {
      ownerUserId: scope.userId,
      ids: input.fileIds,
      purpose: 'business_document',
      max: limits.files.businessDocuments,
    })
    const vendor = await updateVendor(tx, current.vendor.id, {
      businessDocuments: await fileRefs(tx, input.fileIds),
    })
    return toProfile(vendor!, current)
  })
}

/** A plan's next 30 days from now, active (a paid plan once its payment is confirmed). */
const paidPeriod = (plan: Plan, now: number) => ({
  subscriptionPlan: plan,
  subscriptionStatus: 'active' as const,
  subscriptionStartsAt: new Date(now),
  subscriptionExpiresAt: new Date(now + SUBSCRIPTION_PERIOD_DAYS * DAY_MS),
  requestedPlan: null,
})

/**
 * The vendor chooses a plan. Only the starter plan during its free trial takes effect at once (the trial
 * is anchored at registration, so choosing starter again cannot restart the free 90 days). Any plan that
 * costs money becomes a request awaiting the team's confirmation of its payment, made outside Isoko;
 * until then the current plan and its product limit hold. A later choice replaces an earlier request.
 */
export async function chooseSubscription(db: Db, scope: VendorScope, plan: Plan) {
  return db.transaction(async (tx) => {
    const current = await requireOwnVendor(tx, scope, { lock: true })
    const trialEnd = current.vendor.createdAt.getTime() + limits.starterTrialDays * DAY_MS
    const isFreeTrial = plan === 'starter' && Date.now() < trialEnd
    const vendor = await updateVendor(
      tx,
      current.vendor.id,
      isFreeTrial
        ? {
            subscriptionPlan: plan,
            subscriptionStatus: 'active',
            subscriptionStartsAt: current.vendor.createdAt,
            subscriptionExpiresAt: new Date(trialEnd),
            requestedPlan: null,
          }
        : { requestedPlan: plan },
    )
    // Admin screens list requests awaiting payment: tell them.
    await notify(tx, { topic: 'vendors', vendorId: current.vendor.id, id: current.vendor.id })
    return toProfile(vendor!, current)
  })
}

/** The vendor withdraws a plan request the team has not confirmed yet (nothing to withdraw is fine). */
export async function withdrawPlanRequest(db: Db, scope: VendorScope) {
  return db.transaction(async (tx) => {
    const current = await requireOwnVendor(tx, scope, { lock: true })
    const vendor = await updateVendor(tx, current.vendor.id, { requestedPlan: null })
    if (current.vendor.requestedPlan) {
      await notify(tx, { topic: 'vendors', vendorId: current.vendor.id, id: current.vendor.id })
    }
    return toProfile(vendor!, current)
  })
}

/**
 * The plan's fee in the ledger, in the transaction that confirms its payment: the money reached the marketplace
 * outside Isoko, so it is the marketplace's cash and its subscription income, and the shop's balance does not
 * move. A plan without a price posts nothing.
 */
async function postSubscriptionFee(tx: Tx, vendorId: string, plan: Plan) {
  const price = planDetails[plan].priceRwf
  if (price <= 0) return null
  const entryId = await postLedgerEntry(tx, {
    kind: 'subscription_fee',
    vendorId,
    memo: { plan, price },
    lines: [
      { account: 'marketplace_cash', kind: 'fee', amount: -price, vendorId },
      { account: 'subscription_income', kind: 'fee', amount: price, vendorId },
    ],
  })
  return { price, entryId }
}

/**
 * An admin confirms that a requested plan was paid for: it becomes the vendor's plan for 30 days from now, its
 * fee is posted to the ledger, it is audited with the old and new plan, and the vendor is mailed. The admin names the plan they confirm, so a
 * request the vendor changed meanwhile is refused (vendor.planRequestChanged) rather than confirmed unpaid.
 */
export async function confirmPlanRequest(
  db: Db,
  admin: AdminScope,
  vendorId: string,
  plan: Plan,
  publicUrl: string,
): Promise<AdminVendorApplication> {
  return db.transaction(async (tx) => {
    const current = await vendorInScope(tx, admin, vendorId, { lock: true })
    const requested = current.vendor.requestedPlan
    if (!requested) throw new AppError('CONFLICT', 'vendor.noPlanRequest')
    if (requested !== plan) throw new AppError('CONFLICT', 'vendor.planRequestChanged', { plan: requested })
    const before = current.vendor
    const vendor = await updateVendor(tx, before.id, paidPeriod(plan, Date.now()))
    const fee = await postSubscriptionFee(tx, before.id, plan)
    await recordAudit(tx, {
      by: admin,
      action: 'update',
      targetTable: 'vendors',
      targetId: before.id,
      oldValues: {
        subscription_plan: before.subscriptionPlan,
        subscription_status: before.subscriptionStatus,
        subscription_expires_at: before.subscriptionExpiresAt?.toISOString() ?? null,
        requested_plan: requested,
      },
      newValues: {
        subscription_plan: plan,
        subscription_status: 'active',
        subscription_expires_at: vendor!.subscriptionExpiresAt?.toISOString() ?? null,
        requested_plan: null,
      },
      details: {
        change: 'plan_payment_confirmed',
        shop_name: before.shopName,
        vendor_email: current.email,
        ...(fee ? { fee: fee.price, ledger_entry_id: fee.entryId } : {}),
      },
    })
    await notify(tx, { topic: 'vendors', vendorId: before.id, userId: before.userId, id: before.id })
    await mailDecision(tx, {
      userId: before.userId,
      publicUrl,
      decision: { kind: 'planConfirmed', plan },
    })
    return toApplication(vendor!, current)
  })
}

/**
 * The four dashboard figures, read from the shop's running totals (one row, kept by the database in the
 * transaction of every order, payout and product change: docs/decisions/007), however many orders it has, with
 * the shop's record and its low-stock count: one statement, one round trip (it is the vendor's first screen).
 */
const vendorDashboardQuery = preparedPerDatabase(
  (db, name) =>
    db
      .select({
        vendor: vendors,
        email: users.email,
        fullName: users.fullName,
        totals: vendorTotals,
        lowStockProducts: lowStockCount(vendors.id),
      })
      .from(vendors)
      .innerJoin(users, ownerOfShop)
      // A shop has its totals row from its first change on; before it, every figure is 0.
      .leftJoin(vendorTotals, eq(vendorTotals.vendorId, vendors.id))
      // The shop of the signed-in vendor's scope, and no other (vendorDashboard passes scope.vendorId).
      .where(eq(vendors.id, sql.placeholder('vendorId')))
      .prepare(name),
  'isoko_vendor_dashboard',
)

export async function vendorDashboard(db: Db, scope: VendorScope): Promise<VendorDashboard> {
  const [row] = await vendorDashboardQuery(db).execute({ vendorId: scope.vendorId })
  if (!row) throw vendorNotRegistered()
  const figures = row.totals ?? emptyVendorTotals
  return {
    vendor: toProfile(row.vendor, row),
    stats: {
      products: figures.productsPending + figures.productsApproved + figures.productsRejected,
      orders: figures.ordersPending + figures.ordersCompleted + figures.ordersRefunded,
      // Specification §9: the vendor's revenue is the total of their completed orders.
      revenue: figures.amountCompleted,
      pendingPayouts: figures.payoutsPendingAmount,
      lowStockProducts: row.lowStockProducts,
    },
  }
}

/**
 * How many of the shop's products are low on stock (the dashboard's card, linking to the list's "Low stock"
 * filter, which keeps the same products: lib/stock.ts), for a select of the shop's record (`vendors`: its
 * threshold). Not a running total: one pass over this shop's live variants through the index that starts with the
 * shop, a few thousand rows for the largest catalogue, however many shops and orders the marketplace has.
 */
const lowStockCount = (vendorId: SQLWrapper) =>
  sql<number>`(${new QueryBuilder()
    .select({ count: sql`count(distinct ${variants.productId})` })
    .from(variants)
    .where(and(eq(variants.vendorId, vendorId), isLowVariant()))})`.mapWith(Number)

/**
 * The admin's list of applications (admin §2, §7 "Vendors list"): newest application first, filtered by status
 * and by a search on the shop name or the owner's e-mail, one page at a time with the total.
 */
export async function listVendorApplications(
  db: Db,
  scope: Scope,
  query: z.output<typeof adminVendorListQuery>,
): Promise<AdminVendorList> {
  return vendorRows.page(db, query, vendorFilter(scope, query), {
    countCap: countCapFor(query.q),
    toItem: ({ vendor, email, fullName }) => ({
      id: vendor.id,
      shopName: vendor.shopName,
      fullName,
      email,
      phone: vendor.phone,
      businessAddress: vendor.businessAddress,
      status: vendor.status,
      plan: vendor.subscriptionPlan,
      requestedPlan: vendor.requestedPlan,
      createdAt: vendor.createdAt.toISOString(),
      decisionReason: vendor.decisionReason,
    }),
  })
}

/** One application as the admin's View dialog shows it (payout numbers masked, documents as private links). */
export async function getVendorApplication(
  db: Db,
  scope: Scope,
  vendorId: string,
): Promise<AdminVendorApplication> {
  const row = await vendorInScope(db, scope, vendorId)
  return toApplication(row.vendor, row)
}

/**
 * An admin's deliberate reveal of where a shop's payouts go, in full (the application shows them masked), from
 * the vendor review. It is recorded in the audit log (who, when, which application) before the details are
 * answered; an application outside the admin's scope is not found.
 */
export async function revealVendorPayoutDetails(
  db: Db,
  admin: AdminScope,
  vendorId: string,
): Promise<PayoutDestination> {
  const row = await vendorInScope(db, admin, vendorId)
  return recordDisclosure(
    db,
    admin,
    {
      vendorId,
      shopName: row.vendor.shopName,
      ownerName: row.fullName,
      payoutMethod: row.vendor.payoutMethod,
      payoutDetails: row.vendor.payoutDetails,
    },
    { targetId: vendorId },
  )
}

/**
 * An admin approves or rejects a pending application (admin §3): the status, its audit entry and the
 * announcement commit together. The row is locked, so two decisions at once cannot both pass the check; a
 * decided application stays as it is. A rejection keeps the admin's reason for the vendor to read; an
 * approval keeps none.
 */
export async function decideVendorApplication(
  db: Db,
  admin: AdminScope,
  vendorId: string,
  input: z.output<typeof vendorDecisionInput>,
  publicUrl: string,
): Promise<AdminVendorApplication> {
  const { status } = input
  const reason = status === 'rejected' ? input.reason : null
  return db.transaction(async (tx) => {
    const current = await vendorInScope(tx, admin, vendorId, { lock: true })
    if (current.vendor.status !== 'pending') throw new AppError('CONFLICT', 'vendor.notPending')
    const vendor = await updateVendor(tx, current.vendor.id, { status, decisionReason: reason })
    await recordAudit(tx, {
      by: admin,
      action: status === 'approved' ? 'approve' : 'reject',
      targetTable: 'vendors',
      targetId: current.vendor.id,
      oldValues: { status: current.vendor.status, decision_reason: current.vendor.decisionReason },
      newValues: { status, decision_reason: reason },
      details: {
        previous_status: current.vendor.status,
        new_status: status,
        vendor_email: current.email,
        shop_name: current.vendor.shopName,
        reason,
      },
    })
    await notify(tx, {
      topic: 'vendors',
      vendorId: current.vendor.id,
      userId: current.vendor.userId,
      id: current.vendor.id,
    })
    const { shopName } = current.vendor
    await mailDecision(tx, {
      userId: current.vendor.userId,
      publicUrl,
      decision:
        status === 'approved'
          ? { kind: 'vendorApproved', shopName }
          : { kind: 'vendorRejected', shopName, reason },
    })
    return toApplication(vendor!, current)
  })
}
