import { and, desc, eq, inArray } from 'drizzle-orm'
import { planDetails, type Plan } from '../../shared/constants'
import type { PlanPaymentDto } from '../../shared/schemas/payments'
import { moneyTransfers, vendors } from '../db/schema'
import { AppError, isUuid, notFound } from '../lib/errors'
import { lockOwnShop, type VendorScope } from '../lib/scope'
import { notify } from '../realtime/events'
import { msisdnOf, type PaymentsContext, type Transfer } from './transfers.service'

const toPlanPaymentDto = (transfer: Transfer): PlanPaymentDto => ({
  transferId: transfer.id,
  status: transfer.status,
  plan: transfer.plan!,
  amount: transfer.amount,
  provider: transfer.provider,
  failureReason: transfer.failureReason,
})

/** A shop's plan payments: what it sent the marketplace by mobile money. */
const collectionsOf = (vendorId: string) =>
  and(eq(moneyTransfers.vendorId, vendorId), eq(moneyTransfers.direction, 'collection'))

/**
 * A vendor pays a plan's fee by mobile money: a request to pay goes to the shop's mobile-money number (or its
 * phone), approved on the phone; the plan starts when the provider says the money arrived (recordOutcome). The
 * reference is persisted before any call, as for a payout. One request at a time per shop: asking again while one
 * is on its way answers that one, so a double tap cannot charge twice.
 */
export async function startPlanPayment(
  ctx: PaymentsContext,
  scope: VendorScope,
  plan: Plan,
): Promise<PlanPaymentDto> {
  const price = planDetails[plan].priceRwf
  const transfer = await ctx.db.transaction(async (tx) => {
    const vendor = await lockOwnShop(
      tx,
      scope,
      {
        id: vendors.id,
        phone: vendors.phone,
        payoutMethod: vendors.payoutMethod,
        payoutDetails: vendors.payoutDetails,
      },
      'update',
    )
    const [inFlight] = await tx
      .select()
      .from(moneyTransfers)
      .where(and(collectionsOf(vendor.id), inArray(moneyTransfers.status, ['queued', 'sending', 'unknown'])))
      .limit(1)
    // The payment on its way is answered again (a second tap); one for another plan is not replaced unseen.
    if (inFlight && inFlight.plan !== plan) {
      throw new AppError('CONFLICT', 'payments.errors.planPaymentInFlight', { plan: inFlight.plan ?? '' })
    }
    if (inFlight) return inFlight
    if (price <= 0) throw new AppError('CONFLICT', 'payments.errors.planIsFree')
    const number =
      (vendor.payoutMethod === 'mobile_money' ? vendor.payoutDetails?.mobileNumber : undefined) ??
      vendor.phone
    const provider = number ? ctx.providers.forNumber(number) : null
    if (!number || !provider) throw new AppError('CONFLICT', 'payments.errors.noProviderForNumber')
    const [created] = await tx
      .insert(moneyTransfers)
      .values({
        direction: 'collection',
        provider,
        status: 'queued',
        vendorId: vendor.id,
        plan,
        amount: price,
        msisdn: msisdnOf(number)!,
        createdBy: scope.userId,
      })
      .returning()
    // The team's screens show the plan as requested meanwhile; paid another way, an admin can still confirm it.
    await tx.update(vendors).set({ requestedPlan: plan }).where(eq(vendors.id, vendor.id))
    await notify(tx, { topic: 'vendors', vendorId: vendor.id, userId: scope.userId, id: vendor.id })
    return created!
  })
  ctx.wake?.()
  return toPlanPaymentDto(transfer)
}

/** The shop's latest plan payment by mobile money, or one of them by id; another shop's is not found. */
export async function getPlanPayment(
  ctx: PaymentsContext,
  scope: VendorScope,
  transferId?: string,
): Promise<PlanPaymentDto | null> {
  if (transferId !== undefined && !isUuid(transferId)) throw notFound()
  const [row] = await ctx.db
    .select()
    .from(moneyTransfers)
    .where(and(collectionsOf(scope.vendorId), transferId ? eq(moneyTransfers.id, transferId) : undefined))
    .orderBy(desc(moneyTransfers.createdAt))
    .limit(1)
  if (!row && transferId) throw notFound()
  return row ? toPlanPaymentDto(row) : null
}
