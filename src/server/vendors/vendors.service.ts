import { and, count, eq, sql, sum } from 'drizzle-orm'
import type { z } from 'zod'
import type { Plan } from '../../shared/constants'
import type {
  businessDocumentsInput,
  logoInput,
  profileUpdateInput,
  VendorDashboard,
  VendorProfile,
  vendorRegistrationInput,
} from '../../shared/schemas/vendor'
import { DAY_MS, SUBSCRIPTION_PERIOD_DAYS } from '../../shared/subscription'
import { limits } from '../../shared/constants'
import type { Db, Tx } from '../db/client'
import { orders, payouts, products, users, vendors } from '../db/schema'
import { AppError, isUniqueViolation, isUuid, notFound, vendorNotRegistered } from '../lib/errors'
import { recordAudit } from '../lib/audit'
import { assertOwnedFiles, fileRefs } from '../lib/files'
import { maskPayoutDetails } from '../lib/payout-details'
import type { AdminScope, VendorScope } from '../lib/scope'
import { notify } from '../realtime/events'

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
    subscription: {
      plan: row.subscriptionPlan,
      status: row.subscriptionStatus,
      startsAt: row.subscriptionStartsAt.toISOString(),
      expiresAt: row.subscriptionExpiresAt?.toISOString() ?? null,
    },
    createdAt: row.createdAt.toISOString(),
  }
}

/** The scope's own vendor record with its owner's e-mail and name (the id comes from the session). */
async function requireOwnVendor(tx: Tx, scope: VendorScope, { lock = false } = {}) {
  const query = tx
    .select({ vendor: vendors, email: users.email, fullName: users.fullName })
    .from(vendors)
    .innerJoin(users, eq(users.id, vendors.userId))
    .where(eq(vendors.id, scope.vendorId))
  const [row] = lock ? await query.for('update', { of: vendors }) : await query
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

export async function updateVendorProfile(
  db: Db,
  scope: VendorScope,
  input: z.output<typeof profileUpdateInput>,
) {
  try {
    return await db.transaction(async (tx) => {
      const current = await requireOwnVendor(tx, scope, { lock: true })
      const changes: Partial<typeof vendors.$inferInsert> = {}
      if (input.shopName !== undefined) changes.shopName = input.shopName
      if (input.businessAddress !== undefined) changes.businessAddress = input.businessAddress
      if (input.phone !== undefined) changes.phone = input.phone
      if (Object.keys(changes).length === 0) return toProfile(current.vendor, current)
      const [vendor] = await tx
        .update(vendors)
        .set(changes)
        .where(eq(vendors.id, current.vendor.id))
        .returning()
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
    const [vendor] = await tx
      .update(vendors)
      .set({ shopLogo: url })
      .where(eq(vendors.id, current.vendor.id))
      .returning()
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
    const [vendor] = await tx
      .update(vendors)
      .set({ businessDocuments: await fileRefs(tx, input.fileIds) })
      .where(eq(vendors.id, current.vendor.id))
      .returning()
    return toProfile(vendor!, current)
  })
}

/**
 * Records the chosen plan (active, monthly). The starter trial is anchored at registration, so choosing
 * starter again cannot restart the free 90 days.
 */
export async function chooseSubscription(db: Db, scope: VendorScope, plan: Plan) {
  return db.transaction(async (tx) => {
    const current = await requireOwnVendor(tx, scope, { lock: true })
    const now = Date.now()
    const trialEnd = current.vendor.createdAt.getTime() + limits.starterTrialDays * DAY_MS
    const isInTrial = plan === 'starter' && now < trialEnd
    const [vendor] = await tx
      .update(vendors)
      .set({
        subscriptionPlan: plan,
        subscriptionStatus: 'active',
        subscriptionStartsAt: isInTrial ? current.vendor.createdAt : new Date(now),
        subscriptionExpiresAt: new Date(isInTrial ? trialEnd : now + SUBSCRIPTION_PERIOD_DAYS * DAY_MS),
      })
      .where(eq(vendors.id, current.vendor.id))
      .returning()
    return toProfile(vendor!, current)
  })
}

/** The four dashboard figures, each one aggregate query in the database. */
export async function vendorDashboard(db: Db, scope: VendorScope): Promise<VendorDashboard> {
  const row = await requireOwnVendor(db, scope)
  const vendorId = row.vendor.id
  const [[productCount], [orderFigures], [pendingPayouts]] = await Promise.all([
    db.select({ value: count() }).from(products).where(eq(products.vendorId, vendorId)),
    db
      .select({
        orders: count(),
        revenue: sql<string>`coalesce(sum(${orders.totalAmount}) filter (where ${orders.status} = 'completed'), 0)`,
      })
      .from(orders)
      .where(eq(orders.vendorId, vendorId)),
    db
      .select({ value: sum(payouts.amount) })
      .from(payouts)
      .where(and(eq(payouts.vendorId, vendorId), eq(payouts.status, 'pending'))),
  ])
  return {
    vendor: toProfile(row.vendor, row),
    stats: {
      products: Number(productCount?.value ?? 0),
      orders: Number(orderFigures?.orders ?? 0),
      revenue: Number(orderFigures?.revenue ?? 0),
      pendingPayouts: Number(pendingPayouts?.value ?? 0),
    },
  }
}

/**
 * An admin approves or rejects a pending application (admin §3): the status, its audit entry and the
 * announcement commit together. The row is locked, so two decisions at once cannot both pass the check; a
 * decided application stays as it is.
 */
export async function decideVendorApplication(
  db: Db,
  admin: AdminScope,
  vendorId: string,
  status: 'approved' | 'rejected',
): Promise<VendorProfile> {
  if (!isUuid(vendorId)) throw notFound()
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ vendor: vendors, email: users.email, fullName: users.fullName })
      .from(vendors)
      .innerJoin(users, eq(users.id, vendors.userId))
      .where(eq(vendors.id, vendorId))
      .for('update', { of: vendors })
    if (!current) throw notFound()
    if (current.vendor.status !== 'pending') throw new AppError('CONFLICT', 'vendor.notPending')
    const [vendor] = await tx.update(vendors).set({ status }).where(eq(vendors.id, vendorId)).returning()
    await recordAudit(tx, {
      by: admin,
      action: status === 'approved' ? 'approve' : 'reject',
      targetTable: 'vendors',
      targetId: vendorId,
      oldValues: { status: current.vendor.status },
      newValues: { status },
      details: {
        previous_status: current.vendor.status,
        new_status: status,
        shop_name: current.vendor.shopName,
      },
    })
    await notify(tx, { topic: 'vendors', vendorId, userId: current.vendor.userId, id: vendorId })
    return toProfile(vendor!, current)
  })
}
