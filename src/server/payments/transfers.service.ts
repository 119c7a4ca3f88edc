import { and, asc, eq, inArray, lte, or, sql } from 'drizzle-orm'
import { planDetails, type Plan } from '../../shared/constants'
import { providerFloatAccount, type FailureReason } from '../../shared/payments'
import { DAY_MS, SUBSCRIPTION_PERIOD_DAYS } from '../../shared/subscription'
import { normalisePhone } from '../../shared/phone'
import type { Db, Tx } from '../db/client'
import { moneyTransfers, payoutBatches, payouts, users, vendors } from '../db/schema'
import { ownerOfShop } from '../db/joins'
import { recordAudit, recordSystemAudit } from '../audit/record-audit'
import type { Logger } from '../lib/logger'
import type { AdminScope } from '../lib/scope'
import { textIn } from '../lib/texts'
import { postLedgerEntry } from '../ledger/ledger'
import { mailDecision, type Decision } from '../mail/decision-mail'
import { notify } from '../realtime/events'
import { queueSms } from '../sms/sms.service'
import { ProviderProtocolError, ProviderUnavailableError, type TransferState } from './provider'
import type { PaymentProviders, ProviderClient } from './registry'

export type Transfer = typeof moneyTransfers.$inferSelect

/** How patient the worker is (docs/payments.md). Tests and the fakes' demo use shorter waits. */
export type TransferTiming = {
  /** Waits between status checks, by the number of checks made so far (the last one repeats). */
  checkDelaysMs: readonly number[]
  /** A transfer still not final this long after it was first sent is unknown: a person looks at it. */
  unknownAfterMs: number
  /** How long a worker holds a transfer it claimed before another process may take it (a crash mid-call). */
  claimMs: number
  /** Sends under the same reference after the provider said it never arrived, before a person is asked. */
  maxSends: number
}

export const defaultTiming: TransferTiming = {
  checkDelaysMs: [2_000, 5_000, 10_000, 30_000, 60_000, 120_000, 300_000],
  unknownAfterMs: 2 * 60 * 60_000,
  claimMs: 60_000,
  maxSends: 3,
}

export type PaymentsContext = {
  db: Db
  providers: PaymentProviders
  logger: Logger
  publicUrl: string
  timing: TransferTiming
  /** Tells this process's worker that work is due now (a batch released, a plan paid), rather than at its next round. */
  wake?: () => void
}

/** What a transfer came to: paid (with the provider's transaction id) or failed (with why). */
export type Outcome =
  | { state: 'paid'; providerTransactionId: string }
  | { state: 'failed'; reason: FailureReason; providerMessage?: string | null }

const isFinal = (status: Transfer['status']) => status === 'paid' || status === 'failed'

const afterMs = (ms: number) => sql`now() + ${ms} * interval '1 millisecond'`

export { msisdnOf } from './registry'

/**
 * Records the persisted reference of a payout's transfer, in the transaction that approves the payout, before
 * any call: from here on the payout is sent under this reference or not at all (docs/payments.md).
 */
export async function queuePayoutTransfer(
  tx: Tx,
  transfer: {
    payoutId: string
    vendorId: string
    provider: Transfer['provider']
    amount: number
    msisdn: string
    createdBy: string
  },
): Promise<Transfer> {
  const [row] = await tx
    .insert(moneyTransfers)
    .values({ direction: 'payout', status: 'queued', ...transfer })
    .returning()
  return row!
}

/**
 * Takes the transfers due for work, holding each for `claimMs` so that no other process takes it meanwhile
 * (SKIP LOCKED: several processes never claim one transfer twice). Due: a payout whose batch was released,
 * a collection, or any transfer already sent whose next status check has come.
 */
export async function claimDueTransfers(ctx: PaymentsContext, limit: number): Promise<Transfer[]> {
  return ctx.db.transaction(async (tx) => {
    const due = await tx
      .select({ id: moneyTransfers.id })
      .from(moneyTransfers)
      .leftJoin(payoutBatches, eq(payoutBatches.id, moneyTransfers.batchId))
      .where(
        and(
          inArray(moneyTransfers.status, ['queued', 'sending']),
          lte(moneyTransfers.nextCheckAt, sql`now()`),
          or(
            eq(moneyTransfers.status, 'sending'),
            eq(moneyTransfers.direction, 'collection'),
            inArray(payoutBatches.status, ['sending', 'done']),
          ),
        ),
      )
      .orderBy(asc(moneyTransfers.nextCheckAt))
      .limit(limit)
      .for('update', { of: moneyTransfers, skipLocked: true })
    if (due.length === 0) return []
    return tx
      .update(moneyTransfers)
      .set({ nextCheckAt: afterMs(ctx.timing.claimMs) })
      .where(
        inArray(
          moneyTransfers.id,
          due.map((row) => row.id),
        ),
      )
      .returning()
  })
}

/** The next status check, further off each time. */
async function scheduleCheck(ctx: PaymentsContext, transfer: Transfer) {
  const delays = ctx.timing.checkDelaysMs
  const delay = delays[Math.min(transfer.checks, delays.length - 1)] ?? 60_000
  await ctx.db
    .update(moneyTransfers)
    .set({ checks: sql`${moneyTransfers.checks} + 1`, nextCheckAt: afterMs(delay) })
    .where(and(eq(moneyTransfers.id, transfer.id), inArray(moneyTransfers.status, ['queued', 'sending'])))
}

/**
 * Moves one claimed transfer on: a queued one is sent (a payout only to an active account), a sent one is asked
 * about. Whatever happens to the call (a timeout, a crash), the transfer was marked as sending before it, so the
 * next look asks the provider about the same reference before anything else: sent at most once.
 */
export async function advanceTransfer(ctx: PaymentsContext, transfer: Transfer): Promise<void> {
  const client = ctx.providers.get(transfer.provider)
  if (!client) {
    // The provider is no longer configured: nothing can be asked or sent; a person decides.
    await markUnknown(ctx, transfer)
    return
  }
  try {
    if (transfer.status === 'queued') await sendFirst(ctx, client, transfer)
    else await checkStatus(ctx, client, transfer)
  } catch (error) {
    if (error instanceof ProviderUnavailableError || error instanceof ProviderProtocolError) {
      // Nothing is known: ask again later (the transfer is marked sending whenever a call may have left).
      ctx.logger.warn(
        { transfer: transfer.id, provider: transfer.provider, error: error.name, message: error.message },
        'payments: the provider did not answer; checking again later',
      )
      // A provider silent past the time allowed puts a sent transfer with a person, as a pending one does.
      if (transfer.status === 'sending' && isOverdue(ctx, transfer)) await markUnknown(ctx, transfer)
      else await scheduleCheck(ctx, transfer)
      return
    }
    throw error
  }
}

async function sendFirst(ctx: PaymentsContext, client: ProviderClient, transfer: Transfer) {
  if (transfer.direction === 'payout') {
    // Not sent to a number that cannot receive: the money goes back to the shop at once. A provider that knows
    // the holder's name knows the account: it exists but may not receive (barred); otherwise there is none.
    const holder = await client.accountHolder(transfer.msisdn)
    if (!holder.active) {
      const reason = holder.name ? 'not_allowed_to_receive' : 'payee_not_found'
      await recordOutcome(ctx, transfer.id, { state: 'failed', reason })
      return
    }
  }
  const marked = await markSending(ctx.db, transfer.id, 'queued')
  if (!marked) return
  await send(ctx, client, marked)
}

/** Marks the transfer as sent (once more), before the call; null when another process got there first. */
async function markSending(db: Db, id: string, from: Transfer['status']) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(moneyTransfers)
      .set({
        status: 'sending',
        sendCount: sql`${moneyTransfers.sendCount} + 1`,
        sentAt: sql`coalesce(${moneyTransfers.sentAt}, now())`,
      })
      .where(and(eq(moneyTransfers.id, id), eq(moneyTransfers.status, from)))
      .returning()
    if (row?.payoutId) {
      await tx.update(payouts).set({ transferStatus: 'sending' }).where(eq(payouts.id, row.payoutId))
    }
    return row ?? null
  })
}

async function send(ctx: PaymentsContext, client: ProviderClient, transfer: Transfer) {
  const request = {
    reference: transfer.id,
    amount: transfer.amount,
    msisdn: transfer.msisdn,
    note: transfer.direction === 'payout' ? 'Isoko payout' : `Isoko ${transfer.plan ?? ''} plan`.trim(),
  }
  const result =
    transfer.direction === 'payout' ? await client.send(request) : await client.requestToPay(request)
  if (result.outcome === 'rejected') {
    await recordOutcome(ctx, transfer.id, {
      state: 'failed',
      reason: result.reason,
      providerMessage: result.providerMessage ?? null,
    })
    return
  }
  // Accepted (or already there under this reference): its status tells the rest.
  await scheduleCheck(ctx, transfer)
}

async function checkStatus(ctx: PaymentsContext, client: ProviderClient, transfer: Transfer) {
  const state = await askStatus(client, transfer)
  if (state.state === 'paid' || state.state === 'failed') {
    await recordOutcome(ctx, transfer.id, state)
    return
  }
  if (state.state === 'not_found') {
    // It never arrived (MTN's 404): sent again under the same reference, a few times at most.
    if (transfer.sendCount >= ctx.timing.maxSends) {
      await markUnknown(ctx, transfer)
      return
    }
    const marked = await markSending(ctx.db, transfer.id, 'sending')
    if (marked) await send(ctx, client, marked)
    return
  }
  if (isOverdue(ctx, transfer)) await markUnknown(ctx, transfer)
  else await scheduleCheck(ctx, transfer)
}

/** Sent longer ago than the time allowed for a transfer to settle. */
const isOverdue = (ctx: PaymentsContext, transfer: Transfer) =>
  Date.now() - (transfer.sentAt ?? transfer.createdAt).getTime() > ctx.timing.unknownAfterMs

const askStatus = (client: ProviderClient, transfer: Transfer): Promise<TransferState> =>
  transfer.direction === 'payout' ? client.status(transfer.id) : client.collectionStatus(transfer.id)

/** Still not final after the time allowed: a person looks (docs/payments.md: the unknown queue). */
async function markUnknown(ctx: PaymentsContext, transfer: Transfer) {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(moneyTransfers)
      .set({ status: 'unknown' })
      .where(and(eq(moneyTransfers.id, transfer.id), inArray(moneyTransfers.status, ['queued', 'sending'])))
      .returning()
    if (!row) return
    if (row.payoutId) {
      await tx.update(payouts).set({ transferStatus: 'unknown' }).where(eq(payouts.id, row.payoutId))
    }
    await notify(tx, { topic: 'payouts', vendorId: row.vendorId, id: row.payoutId ?? row.id })
  })
  ctx.logger.warn({ transfer: transfer.id, provider: transfer.provider }, 'payments: transfer unknown')
}

/**
 * What a transfer came to, recorded once whoever says it first (the worker's poll, a callback, a person): in one
 * transaction, the transfer, its payout or plan, the ledger (by the payouts' trigger, or the fee's entry), the
 * audit row and what the shop is told (the screen, a mail, an SMS). A transfer already final stays as it is;
 * an unknown one takes the provider's late answer. Returns whether this call recorded it.
 */
export async function recordOutcome(
  ctx: PaymentsContext,
  transferId: string,
  outcome: Outcome,
  by?: AdminScope,
  options: { onlyIfQueued?: boolean } = {},
): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ vendorId: moneyTransfers.vendorId })
      .from(moneyTransfers)
      .where(eq(moneyTransfers.id, transferId))
    if (!found) return false
    // The shop first, as every change of its balance takes its locks, then the transfer.
    const [shop] = await tx
      .select({
        userId: vendors.userId,
        phone: vendors.phone,
        payoutDetails: vendors.payoutDetails,
        language: users.language,
      })
      .from(vendors)
      .innerJoin(users, ownerOfShop)
      .where(eq(vendors.id, found.vendorId))
      .for('update', { of: vendors })
    const [transfer] = await tx
      .select()
      .from(moneyTransfers)
      .where(eq(moneyTransfers.id, transferId))
      .for('update')
    if (!transfer || !shop || isFinal(transfer.status)) return false
    if (options.onlyIfQueued && transfer.status !== 'queued') return false
    // The SMS goes to the number the money went to (or came from), else the shop's phone.
    const smsTo = normalisePhone(`+${transfer.msisdn}`) ?? (shop.phone ? normalisePhone(shop.phone) : null)
    const isPaid = outcome.state === 'paid'
    await tx
      .update(moneyTransfers)
      .set({
        status: outcome.state,
        providerTransactionId: isPaid ? outcome.providerTransactionId : transfer.providerTransactionId,
        failureReason: isPaid ? null : outcome.reason,
        providerMessage: isPaid ? null : (outcome.providerMessage ?? null),
        resolvedBy: by?.userId ?? null,
        finishedAt: new Date(),
      })
      .where(eq(moneyTransfers.id, transferId))
    const words = textIn(shop.language ?? 'en')
    // A person's note on a transfer they settled as failed is what the shop reads; else the provider's reason.
    const reasonText = isPaid
      ? null
      : by && outcome.providerMessage
        ? outcome.providerMessage
        : words(`payments.reasons.${outcome.reason}`)
    const audit = {
      action: 'update' as const,
      oldValues: { transfer_status: transfer.status },
      newValues: isPaid
        ? { transfer_status: 'paid', provider_transaction_id: outcome.providerTransactionId }
        : { transfer_status: 'failed', failure_reason: outcome.reason },
      details: { transfer_id: transfer.id, provider: transfer.provider, amount: transfer.amount },
    }
    /**
     * The audit row (a person's, or the provider's through Isoko), the screens' refresh and the shop's mail, about
     * the payout or the shop (for its plan): `table` names both the audited table and the realtime topic.
     */
    const tellOf = async (table: 'payouts' | 'vendors', id: string, decision: Decision) => {
      const entry = { ...audit, targetTable: table, targetId: id }
      if (by) await recordAudit(tx, { ...entry, by })
      else await recordSystemAudit(tx, { ...entry, system: `payments:${transfer.provider}` })
      await notify(tx, { topic: table, vendorId: transfer.vendorId, userId: shop.userId, id })
      await mailDecision(tx, { userId: shop.userId, publicUrl: ctx.publicUrl, decision })
    }
    // What the shop is told and the audit row first; the change that moves the money last. The ledger's trigger
    // then takes the marketplace's running balances (one row per account, shared by every transfer) as late as
    // it can, so concurrent outcomes wait on each other for the commit only, not for the mail and the SMS too.
    if (transfer.direction === 'payout' && transfer.payoutId) {
      await tellOf(
        'payouts',
        transfer.payoutId,
        isPaid
          ? { kind: 'payoutPaid', amount: transfer.amount, paymentReference: outcome.providerTransactionId }
          : { kind: 'payoutFailed', amount: transfer.amount, reason: reasonText },
      )
      await queueSms(tx, {
        vendorId: transfer.vendorId,
        to: smsTo,
        text: isPaid
          ? words('payments.sms.payoutPaid', {
              amount: transfer.amount,
              reference: outcome.providerTransactionId,
            })
          : words('payments.sms.payoutFailed', { amount: transfer.amount, reason: reasonText ?? '' }),
      })
      // The payouts' trigger moves the money: paid, from in transit to the provider's float; failed, back to the shop.
      await tx
        .update(payouts)
        .set(
          isPaid
            ? { transferStatus: 'paid', paymentReference: outcome.providerTransactionId }
            : { transferStatus: 'failed', status: 'rejected', decisionReason: reasonText },
        )
        .where(eq(payouts.id, transfer.payoutId))
    } else if (transfer.plan) {
      const plan = transfer.plan
      await tellOf(
        'vendors',
        transfer.vendorId,
        isPaid ? { kind: 'planConfirmed', plan } : { kind: 'planPaymentFailed', plan, reason: reasonText },
      )
      if (isPaid) {
        await queueSms(tx, {
          vendorId: transfer.vendorId,
          to: smsTo,
          text: words('payments.sms.feeReceived', {
            amount: transfer.amount,
            plan: words(`vendor.subscription.plans.${plan}.name`),
          }),
        })
        await startPaidPlan(tx, transfer, plan)
      }
    }
    return true
  })
}

/**
 * A plan's fee arrived at the provider: the plan starts for its 30 days (whatever the shop requested since: this
 * is the plan it paid for), and the fee is the marketplace's, held in that provider's float.
 */
async function startPaidPlan(tx: Tx, transfer: Transfer, plan: Plan) {
  const now = Date.now()
  const [current] = await tx
    .select({
      requestedPlan: vendors.requestedPlan,
      plan: vendors.subscriptionPlan,
      status: vendors.subscriptionStatus,
      startsAt: vendors.subscriptionStartsAt,
      expiresAt: vendors.subscriptionExpiresAt,
    })
    .from(vendors)
    .where(eq(vendors.id, transfer.vendorId))
  // Paying early for the plan already running adds 30 days to its end: no paid day is lost.
  const isRenewal =
    current?.plan === plan && current.status === 'active' && (current.expiresAt?.getTime() ?? 0) > now
  const periodStart = isRenewal ? current.expiresAt!.getTime() : now
  await tx
    .update(vendors)
    .set({
      subscriptionPlan: plan,
      subscriptionStatus: 'active',
      subscriptionStartsAt: isRenewal ? current.startsAt : new Date(now),
      subscriptionExpiresAt: new Date(periodStart + SUBSCRIPTION_PERIOD_DAYS * DAY_MS),
      // A request for this plan is fulfilled; a request for another one stays for the team.
      ...(current?.requestedPlan === plan ? { requestedPlan: null } : {}),
    })
    .where(eq(vendors.id, transfer.vendorId))
  await postLedgerEntry(tx, {
    kind: 'subscription_fee',
    vendorId: transfer.vendorId,
    memo: { plan, price: transfer.amount, transfer_id: transfer.id, list_price: planDetails[plan].priceRwf },
    lines: [
      {
        account: providerFloatAccount(transfer.provider),
        kind: 'fee',
        amount: -transfer.amount,
        vendorId: transfer.vendorId,
      },
      { account: 'subscription_income', kind: 'fee', amount: transfer.amount, vendorId: transfer.vendorId },
    ],
  })
}

/**
 * A callback from a provider: only a hint. A genuine one (signed where the provider signs) makes Isoko ask the
 * provider about that reference at once; the answer, not the callback, is recorded. Returns false for a forged
 * one, which changes nothing.
 */
export async function handleCallback(
  ctx: PaymentsContext,
  providerName: Transfer['provider'],
  callback: { headers: Record<string, string>; body: string },
): Promise<boolean> {
  const client = ctx.providers.get(providerName)
  if (!client) return false
  const reference = await client.callbackReference(callback)
  if (!reference) return false
  const [transfer] = await ctx.db
    .select()
    .from(moneyTransfers)
    .where(and(eq(moneyTransfers.id, reference), eq(moneyTransfers.provider, providerName)))
  if (!transfer || isFinal(transfer.status) || transfer.status === 'queued') return true
  try {
    const state = await askStatus(client, transfer)
    if (state.state === 'paid' || state.state === 'failed') await recordOutcome(ctx, transfer.id, state)
    else if (transfer.status === 'sending') {
      // Not final yet: the worker's next look comes soon rather than at the end of its backoff.
      await ctx.db
        .update(moneyTransfers)
        .set({ nextCheckAt: afterMs(ctx.timing.checkDelaysMs[0] ?? 2_000) })
        .where(and(eq(moneyTransfers.id, transfer.id), eq(moneyTransfers.status, 'sending')))
    }
  } catch (error) {
    if (!(error instanceof ProviderUnavailableError || error instanceof ProviderProtocolError)) throw error
    // The worker asks again on its own schedule.
  }
  return true
}

/** Transfers a process moves on at once. */
const WORKER_LANES = 2

/** Works through the due transfers, a few at a time; returns how many it looked at. */
export async function runDueTransfers(
  ctx: PaymentsContext,
  options: { limit?: number; concurrency?: number } = {},
) {
  // A few calls at a time leave the pool and the cores to the screens; a process claims only what it is about to
  // work on, so one that dies holds few transfers for the claim's minute.
  const concurrency = options.concurrency ?? WORKER_LANES
  const claimed = await claimDueTransfers(ctx, options.limit ?? concurrency * 2)
  let next = 0
  const lane = async () => {
    while (next < claimed.length) {
      const transfer = claimed[next++]!
      await advanceTransfer(ctx, transfer).catch((error: unknown) =>
        ctx.logger.error({ err: error, transfer: transfer.id }, 'payments: a transfer could not be moved on'),
      )
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, claimed.length) }, lane))
  return claimed.length
}
