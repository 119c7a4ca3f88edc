import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { PaymentProviderName } from '../../shared/payments'
import type {
  AccountHolderDto,
  PaymentsOverview,
  PayoutBatchDto,
  TransferDto,
  TransferList,
  TransferResolution,
} from '../../shared/schemas/payments'
import type { Db } from '../db/client'
import {
  marketplaceSettings,
  moneyTransfers,
  payoutBatches,
  payouts,
  providerBalances,
  users,
  vendors,
} from '../db/schema'
import { ownerOfShop } from '../db/joins'
import { recordAudit } from '../audit/record-audit'
import { AppError, isUniqueViolation, isUuid, notFound } from '../lib/errors'
import { pick } from '../lib/pick'
import type { AdminScope } from '../lib/scope'
import { notify } from '../realtime/events'
import { ProviderProtocolError, ProviderUnavailableError } from './provider'
import { msisdnOf, recordOutcome, type PaymentsContext, type Transfer } from './transfers.service'

type Batch = typeof payoutBatches.$inferSelect

/** Approved payouts waiting to be sent: queued, in no batch yet. */
const waitingToSend = and(
  eq(moneyTransfers.direction, 'payout'),
  eq(moneyTransfers.status, 'queued'),
  isNull(moneyTransfers.batchId),
)

async function settings(db: Db) {
  const [row] = await db
    .select({
      payoutApprovalAbove: marketplaceSettings.payoutApprovalAbove,
      lowFloatBelow: marketplaceSettings.lowFloatBelow,
    })
    .from(marketplaceSettings)
    .where(eq(marketplaceSettings.id, 1))
  return row ?? { payoutApprovalAbove: 1_000_000, lowFloatBelow: 2_000_000 }
}

/**
 * Reads each provider's float now and keeps it for the dashboard. A provider that does not answer keeps its
 * last figure; its name is in `unreachable`.
 */
export async function refreshProviderBalances(
  ctx: PaymentsContext,
  names: readonly PaymentProviderName[] = ctx.providers.names,
) {
  const unreachable: PaymentProviderName[] = []
  const read: Partial<Record<PaymentProviderName, number>> = {}
  await Promise.all(
    names.map(async (name) => {
      const client = ctx.providers.get(name)
      // A provider no longer configured cannot be asked: its transfers wait for a person.
      if (!client) {
        unreachable.push(name)
        return
      }
      try {
        const balance = await client.balance()
        read[name] = balance
        await ctx.db
          .insert(providerBalances)
          .values({ provider: name, balance, checkedAt: new Date() })
          .onConflictDoUpdate({
            target: providerBalances.provider,
            set: { balance, checkedAt: new Date() },
          })
      } catch (error) {
        if (!(error instanceof ProviderUnavailableError || error instanceof ProviderProtocolError))
          throw error
        ctx.logger.warn({ provider: name, error: error.name }, 'payments: the float could not be read')
        unreachable.push(name)
      }
    }),
  )
  return { read, unreachable }
}

/** What the admin's payouts screen and dashboard show of money in motion (docs/payments.md). */
export async function paymentsOverview(ctx: PaymentsContext): Promise<PaymentsOverview> {
  const { db } = ctx
  const [waiting, states, floats, limits, batches] = await Promise.all([
    db
      .select({
        provider: moneyTransfers.provider,
        count: sql<number>`count(*)::int`,
        total: sql<number>`coalesce(sum(${moneyTransfers.amount}), 0)::bigint`.mapWith(Number),
      })
      .from(moneyTransfers)
      .where(waitingToSend)
      .groupBy(moneyTransfers.provider),
    db
      .select({ status: moneyTransfers.status, count: sql<number>`count(*)::int` })
      .from(moneyTransfers)
      .where(inArray(moneyTransfers.status, ['sending', 'unknown']))
      .groupBy(moneyTransfers.status),
    db.select().from(providerBalances),
    settings(db),
    db
      .select()
      .from(payoutBatches)
      .where(inArray(payoutBatches.status, ['awaiting_approval', 'sending']))
      .orderBy(desc(payoutBatches.createdAt))
      .limit(20),
  ])
  const count = (status: string) => states.find((row) => row.status === status)?.count ?? 0
  return {
    providers: ctx.providers.names.map((name) => {
      const float = floats.find((row) => row.provider === name)
      return {
        provider: name,
        float: float?.balance ?? null,
        checkedAt: float?.checkedAt.toISOString() ?? null,
        isLow: float ? float.balance < limits.lowFloatBelow : false,
      }
    }),
    waiting: {
      count: waiting.reduce((sum, row) => sum + row.count, 0),
      total: waiting.reduce((sum, row) => sum + row.total, 0),
    },
    sending: count('sending'),
    unknown: count('unknown'),
    approvalAbove: limits.payoutApprovalAbove,
    lowFloatBelow: limits.lowFloatBelow,
    batches: await Promise.all(batches.map((batch) => batchProgress(db, batch))),
  }
}

/**
 * Marks done every batch still sending whose transfers are all settled (paid, failed or unknown), so the overview
 * lists only batches under way. Run by the transfer worker after each round, in every process (an update of the
 * few batches sending, each probed through money_transfers_batch_idx): never by a read, and never in the
 * transaction that settles a transfer, where the last two of a batch settling at once would each still see the
 * other sending.
 */
export async function closeFinishedBatches(db: Db): Promise<number> {
  const closed = await db
    .update(payoutBatches)
    .set({ status: 'done' })
    .where(
      and(
        eq(payoutBatches.status, 'sending'),
        sql`not exists (select 1 from ${moneyTransfers} t
          where t.batch_id = ${payoutBatches.id} and t.status in ('queued', 'sending'))`,
      ),
    )
    .returning({ id: payoutBatches.id })
  return closed.length
}

async function batchProgress(db: Db, batch: Batch): Promise<PayoutBatchDto> {
  const rows = await db
    .select({
      status: moneyTransfers.status,
      count: sql<number>`count(*)::int`,
      total: sql<number>`coalesce(sum(${moneyTransfers.amount}), 0)::bigint`.mapWith(Number),
    })
    .from(moneyTransfers)
    .where(eq(moneyTransfers.batchId, batch.id))
    .groupBy(moneyTransfers.status)
  const of = (status: Transfer['status']) =>
    rows.find((row) => row.status === status) ?? { count: 0, total: 0 }
  const settled = of('paid').count + of('failed').count + of('unknown').count
  // Done as soon as every transfer is settled; the worker writes it down within a round (closeFinishedBatches).
  const isDone = batch.status === 'sending' && settled === batch.count
  return {
    id: batch.id,
    status: isDone ? 'done' : batch.status,
    count: batch.count,
    total: batch.total,
    createdBy: batch.createdBy,
    approvedBy: batch.approvedBy,
    createdAt: batch.createdAt.toISOString(),
    queued: of('queued').count,
    sending: of('sending').count,
    paid: of('paid').count,
    paidTotal: of('paid').total,
    failed: of('failed').count,
    unknown: of('unknown').count,
  }
}

/**
 * The provider's float must cover what is about to be sent through it, read from the provider now: otherwise a
 * clear refusal, before any payout leaves (a batch half paid for want of float is a morning of phone calls).
 */
async function checkFloats(ctx: PaymentsContext, totals: Map<PaymentProviderName, number>) {
  const notConfigured = [...totals.keys()].find((name) => !ctx.providers.get(name))
  if (notConfigured) throw new AppError('CONFLICT', 'payments.errors.providerNotConfigured')
  const { read, unreachable } = await refreshProviderBalances(ctx, [...totals.keys()])
  if (unreachable.length > 0) {
    throw new AppError('UNAVAILABLE', 'payments.errors.floatUnreadable', { provider: unreachable[0]! })
  }
  for (const [provider, total] of totals) {
    const float = read[provider] ?? 0
    if (total > float)
      throw new AppError('CONFLICT', 'payments.errors.floatShort', { provider, float, total })
  }
}

/**
 * "Pay all approved": every approved payout waiting to be sent goes in one batch. The admin names the count and
 * total they saw, so payouts approved meanwhile are not sent unseen. Above the operator's threshold the batch
 * waits for a second admin; otherwise it is released to the worker at once.
 */
export async function createPayoutBatch(
  ctx: PaymentsContext,
  admin: AdminScope,
  expected: { count: number; total: number },
): Promise<PayoutBatchDto> {
  const waiting = await ctx.db
    .select({ id: moneyTransfers.id, provider: moneyTransfers.provider, amount: moneyTransfers.amount })
    .from(moneyTransfers)
    .where(waitingToSend)
  const total = waiting.reduce((sum, row) => sum + row.amount, 0)
  if (waiting.length === 0) throw new AppError('CONFLICT', 'payments.errors.nothingToSend')
  if (waiting.length !== expected.count || total !== expected.total) {
    throw new AppError('CONFLICT', 'payments.errors.batchChanged', { count: waiting.length, total })
  }
  const limits = await settings(ctx.db)
  const needsSecondAdmin = total > limits.payoutApprovalAbove
  if (!needsSecondAdmin) await checkFloats(ctx, totalsByProvider(waiting))
  const batch = await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(payoutBatches)
      .values({
        status: needsSecondAdmin ? 'awaiting_approval' : 'sending',
        total,
        count: waiting.length,
        createdBy: admin.userId,
        approvedAt: needsSecondAdmin ? null : new Date(),
      })
      .returning()
    // Only those still waiting join (an admin who batched them a moment earlier has them): all or nothing.
    const joined = await tx
      .update(moneyTransfers)
      .set({ batchId: created!.id, nextCheckAt: new Date() })
      .where(
        and(
          waitingToSend,
          inArray(
            moneyTransfers.id,
            waiting.map((row) => row.id),
          ),
        ),
      )
      .returning({ id: moneyTransfers.id })
    if (joined.length !== waiting.length) {
      throw new AppError('CONFLICT', 'payments.errors.batchChanged', { count: joined.length, total })
    }
    await recordAudit(tx, {
      by: admin,
      action: 'create',
      targetTable: 'payout_batches',
      targetId: created!.id,
      newValues: { status: created!.status, count: waiting.length, total },
      details: { approval_above: limits.payoutApprovalAbove },
    })
    await notify(tx, { topic: 'payouts', id: created!.id })
    return created!
  })
  if (batch.status === 'sending') ctx.wake?.()
  return batchProgress(ctx.db, batch)
}

const totalsByProvider = (rows: { provider: PaymentProviderName; amount: number }[]) => {
  const totals = new Map<PaymentProviderName, number>()
  for (const row of rows) totals.set(row.provider, (totals.get(row.provider) ?? 0) + row.amount)
  return totals
}

async function batchFor(db: Db, batchId: string) {
  if (!isUuid(batchId)) throw notFound()
  const [batch] = await db.select().from(payoutBatches).where(eq(payoutBatches.id, batchId))
  if (!batch) throw notFound()
  return batch
}

export async function getPayoutBatch(ctx: PaymentsContext, batchId: string) {
  return batchProgress(ctx.db, await batchFor(ctx.db, batchId))
}

/**
 * A second admin releases a batch above the threshold (never the one who made it: the database refuses it too),
 * once the floats cover it; or either admin cancels it, its payouts waiting to be sent again.
 */
export async function decidePayoutBatch(
  ctx: PaymentsContext,
  admin: AdminScope,
  batchId: string,
  decision: 'approve' | 'cancel',
): Promise<PayoutBatchDto> {
  const batch = await batchFor(ctx.db, batchId)
  if (batch.status !== 'awaiting_approval') throw new AppError('CONFLICT', 'payments.errors.batchNotAwaiting')
  if (decision === 'approve') {
    if (batch.createdBy === admin.userId)
      throw new AppError('FORBIDDEN', 'payments.errors.secondAdminRequired')
    const members = await ctx.db
      .select({ provider: moneyTransfers.provider, amount: moneyTransfers.amount })
      .from(moneyTransfers)
      .where(eq(moneyTransfers.batchId, batch.id))
    await checkFloats(ctx, totalsByProvider(members))
  }
  const updated = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(payoutBatches)
      .set(
        decision === 'approve'
          ? { status: 'sending', approvedBy: admin.userId, approvedAt: new Date() }
          : { status: 'cancelled' },
      )
      .where(and(eq(payoutBatches.id, batch.id), eq(payoutBatches.status, 'awaiting_approval')))
      .returning()
    if (!row) throw new AppError('CONFLICT', 'payments.errors.batchNotAwaiting')
    if (decision === 'cancel') {
      await tx
        .update(moneyTransfers)
        .set({ batchId: null })
        .where(and(eq(moneyTransfers.batchId, batch.id), eq(moneyTransfers.status, 'queued')))
    }
    await recordAudit(tx, {
      by: admin,
      action: decision === 'approve' ? 'approve' : 'reject',
      targetTable: 'payout_batches',
      targetId: batch.id,
      oldValues: { status: batch.status },
      newValues: { status: row.status },
      details: { count: batch.count, total: batch.total, created_by: batch.createdBy },
    })
    await notify(tx, { topic: 'payouts', id: batch.id })
    return row
  })
  if (updated.status === 'sending') ctx.wake?.()
  return batchProgress(ctx.db, updated)
}

/**
 * An approved payout not yet sent (queued, in no batch or one not released) is withdrawn: rejected with the
 * admin's note, its money back with the shop, so it can be paid by hand or requested again. Refused once it may
 * have left (sending or later): then only the provider's answer settles it.
 */
async function withdrawQueued(
  ctx: PaymentsContext,
  admin: AdminScope,
  transfer: Transfer,
  note: string | null,
) {
  if (transfer.status !== 'queued' || transfer.direction !== 'payout') {
    throw new AppError('CONFLICT', 'payments.errors.notWithdrawable')
  }
  if (transfer.batchId) {
    const [batch] = await ctx.db.select().from(payoutBatches).where(eq(payoutBatches.id, transfer.batchId))
    if (batch && (batch.status === 'sending' || batch.status === 'done')) {
      throw new AppError('CONFLICT', 'payments.errors.notWithdrawable')
    }
  }
  // The claim's conditions are the batch's status, read above; a release between the two is caught by the
  // transfer's own status, which recordOutcome reads under its lock.
  const recorded = await recordOutcome(
    ctx,
    transfer.id,
    { state: 'failed', reason: 'other', providerMessage: note },
    admin,
    { onlyIfQueued: true },
  )
  if (!recorded) throw new AppError('CONFLICT', 'payments.errors.notWithdrawable')
}

// ── The transfers themselves, for the unknown queue ──

function toTransferDto(row: { transfer: Transfer; shopName: string }): TransferDto {
  const { transfer } = row
  return {
    ...pick(transfer, [
      'id',
      'direction',
      'provider',
      'status',
      'vendorId',
      'payoutId',
      'plan',
      'amount',
      'sendCount',
      'checks',
      'providerTransactionId',
      'failureReason',
      'batchId',
    ]),
    shopName: row.shopName,
    msisdnTail: transfer.msisdn.slice(-4),
    createdAt: transfer.createdAt.toISOString(),
    sentAt: transfer.sentAt?.toISOString() ?? null,
    finishedAt: transfer.finishedAt?.toISOString() ?? null,
  }
}

/** The transfers in one state (the unknown queue by default), oldest first: the longest waiting is looked at first. */
export async function listTransfers(
  ctx: PaymentsContext,
  query: { status: Transfer['status']; batchId?: string; limit: number },
): Promise<TransferList> {
  const rows = await ctx.db
    .select({ transfer: moneyTransfers, shopName: vendors.shopName })
    .from(moneyTransfers)
    .innerJoin(vendors, eq(vendors.id, moneyTransfers.vendorId))
    .where(
      and(
        eq(moneyTransfers.status, query.status),
        query.batchId !== undefined
          ? // A malformed batch id names no batch: nothing, not every transfer.
            isUuid(query.batchId)
            ? eq(moneyTransfers.batchId, query.batchId)
            : sql`false`
          : undefined,
      ),
    )
    .orderBy(moneyTransfers.createdAt, moneyTransfers.id)
    .limit(query.limit)
  return { items: rows.map(toTransferDto) }
}

/** One transfer with its shop's name, as the queue lists it. */
async function transferWithShop(db: Db, transferId: string) {
  const [row] = await db
    .select({ transfer: moneyTransfers, shopName: vendors.shopName })
    .from(moneyTransfers)
    .innerJoin(vendors, eq(vendors.id, moneyTransfers.vendorId))
    .where(eq(moneyTransfers.id, transferId))
  return row
}

/**
 * A person settles an unknown transfer. `check` asks the provider again (its answer is recorded when final);
 * `paid` and `failed` record what the person learned from the provider themselves (its transaction id for a
 * paid one). It is never sent again under a new reference: that could pay twice.
 */
export async function resolveTransfer(
  ctx: PaymentsContext,
  admin: AdminScope,
  transferId: string,
  resolution: TransferResolution,
): Promise<TransferDto> {
  if (!isUuid(transferId)) throw notFound()
  const row = await transferWithShop(ctx.db, transferId)
  if (!row) throw notFound()
  if (resolution.action === 'withdraw') {
    await withdrawQueued(ctx, admin, row.transfer, resolution.note ?? null)
  } else if (row.transfer.status !== 'unknown') {
    throw new AppError('CONFLICT', 'payments.errors.notUnknown')
  } else if (resolution.action === 'check') {
    const client = ctx.providers.get(row.transfer.provider)
    if (!client) throw new AppError('CONFLICT', 'payments.errors.providerNotConfigured')
    let state
    try {
      state =
        row.transfer.direction === 'payout'
          ? await client.status(row.transfer.id)
          : await client.collectionStatus(row.transfer.id)
    } catch (error) {
      if (error instanceof ProviderUnavailableError || error instanceof ProviderProtocolError) {
        throw new AppError('UNAVAILABLE', 'payments.errors.providerUnavailable', {
          provider: row.transfer.provider,
        })
      }
      throw error
    }
    if (state.state === 'paid' || state.state === 'failed') await recordOutcome(ctx, transferId, state, admin)
    else if (state.state === 'not_found' && row.transfer.direction === 'payout') {
      // It never reached the provider: it may go again under the same reference (not a new one).
      await ctx.db
        .update(moneyTransfers)
        .set({ status: 'sending', nextCheckAt: new Date(), sentAt: new Date(), checks: 0, sendCount: 0 })
        .where(and(eq(moneyTransfers.id, transferId), eq(moneyTransfers.status, 'unknown')))
    }
  } else if (resolution.action === 'paid') {
    try {
      await recordOutcome(
        ctx,
        transferId,
        { state: 'paid', providerTransactionId: resolution.providerTransactionId },
        admin,
      )
    } catch (error) {
      if (isUniqueViolation(error, 'money_transfers_provider_tx_unique')) {
        throw new AppError('CONFLICT', 'payments.errors.transactionIdTaken', undefined, {
          providerTransactionId: 'payments.errors.transactionIdTaken',
        })
      }
      throw error
    }
  } else {
    await recordOutcome(
      ctx,
      transferId,
      { state: 'failed', reason: 'other', providerMessage: resolution.note ?? null },
      admin,
    )
  }
  return toTransferDto((await transferWithShop(ctx.db, transferId))!)
}

/**
 * The provider's registered holder of the number a payout goes to, beside the shop owner's name, asked now: an
 * admin checks the two match before the money leaves. 409 when no configured provider reaches the number.
 */
export async function payoutAccountHolder(ctx: PaymentsContext, payoutId: string): Promise<AccountHolderDto> {
  if (!isUuid(payoutId)) throw notFound()
  const [row] = await ctx.db
    .select({
      payoutMethod: vendors.payoutMethod,
      payoutDetails: vendors.payoutDetails,
      ownerName: users.fullName,
    })
    .from(payouts)
    .innerJoin(vendors, eq(vendors.id, payouts.vendorId))
    .innerJoin(users, ownerOfShop)
    .where(eq(payouts.id, payoutId))
  if (!row) throw notFound()
  const number = row.payoutMethod === 'mobile_money' ? row.payoutDetails?.mobileNumber : undefined
  const provider = number ? ctx.providers.forNumber(number) : null
  if (!number || !provider) throw new AppError('CONFLICT', 'payments.errors.noProviderForNumber')
  const msisdn = msisdnOf(number)!
  try {
    const holder = await ctx.providers.get(provider)!.accountHolder(msisdn)
    return {
      provider,
      active: holder.active,
      registeredName: holder.name,
      ownerName: row.ownerName,
      msisdnTail: msisdn.slice(-4),
    }
  } catch (error) {
    if (error instanceof ProviderUnavailableError || error instanceof ProviderProtocolError) {
      throw new AppError('UNAVAILABLE', 'payments.errors.providerUnavailable', { provider })
    }
    throw error
  }
}
