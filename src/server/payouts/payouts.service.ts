import { and, eq, sql } from 'drizzle-orm'
import type { DayRange } from '../../shared/schemas/day-range'
import type { PageQuery } from '../../shared/schemas/pagination'
import { randomUUID } from 'node:crypto'
import { mobileMoneyProviders, type PayoutMethod } from '../../shared/constants'
import type {
  AdminPayoutDto,
  AdminPayoutExportQuery,
  AdminPayoutFilters,
  AdminPayoutList,
  PayoutDestination,
  PayoutDto,
  PayoutOverview,
} from '../../shared/schemas/payout'
import { isPaidOut, receiptNote, receiptStatusOf } from '../../shared/schemas/payout'
import type { Db, Tx } from '../db/client'
import { payouts, vendors } from '../db/schema'
import { recordAudit, recordDisclosure } from '../audit/record-audit'
import { calendarDay } from '../lib/calendar'
import { csvDateTime, csvFileName, csvLabel, type CsvCell } from '../lib/csv'
import { AppError, isUuid, notFound } from '../lib/errors'
import { cappedTotal, countCapFor, countedUpTo, newestPage } from '../lib/paginate'
import { maskPayoutDetails } from '../lib/payout-details'
import { pick } from '../lib/pick'
import { payoutsIn, type AdminScope, type Scope, type VendorScope } from '../lib/scope'
import { notify } from '../realtime/events'
import { mailDecision } from '../mail/decision-mail'
import { availableBalance, heldBalance, ledgerBalance, nextAvailableAt } from '../ledger/ledger'
import { payoutFilter, payoutRows, payoutSummary, pendingTotal } from './payouts.queries'
import { manualOnly, type PaymentProviders } from '../payments/registry'
import { msisdnOf, queuePayoutTransfer } from '../payments/transfers.service'

type PayoutRow = typeof payouts.$inferSelect
/** A page of the vendor's history, optionally of the days the payouts were requested on. */
type Page = PageQuery & DayRange

export type PayoutDecision = 'approved' | 'rejected'

/** Not a whole number of francs from 1 (the route's schema says the same): refused as sent, never rounded. */
const notWholeFrancs = () =>
  new AppError('VALIDATION', 'payouts.amountWhole', undefined, { amount: 'payouts.amountWhole' })

/** More than the balance: refused, never lowered to it; the message says the balance. */
const overBalance = (balance: number) =>
  new AppError(
    'VALIDATION',
    'payouts.amountOverBalance',
    { balance: Math.max(balance, 0) },
    { amount: 'payouts.amountOverBalance' },
  )

/** An approval without the payment reference of the transfer (and no provider to send it): refused, nothing changes. */
const referenceRequired = () =>
  new AppError('VALIDATION', 'payouts.referenceRequired', undefined, {
    paymentReference: 'payouts.referenceRequired',
  })

const hasNoNotes = (notes: string | null) => !notes?.trim()

/** Approved and not yet confirmed: the receipt may be confirmed once (specification §4). */
const canConfirmReceipt = (row: PayoutRow) =>
  row.status === 'approved' && isPaidOut(row.transferStatus) && hasNoNotes(row.notes)

/** What every view of a payout shows (the schemas' payoutFields): the shop's own history and the admin's list. */
const toPayoutFields = (row: PayoutRow) => ({
  ...pick(row, [
    'id',
    'amount',
    'status',
    'notes',
    'decisionReason',
    'paymentReference',
    'provider',
    'transferStatus',
  ]),
  requestedAt: row.requestedAt.toISOString(),
  processedAt: row.processedAt?.toISOString() ?? null,
})

export function toPayoutDto(row: PayoutRow): PayoutDto {
  return { ...toPayoutFields(row), canConfirmReceipt: canConfirmReceipt(row) }
}

/**
 * Balance (available now, in the ledger, held and when the next held money is available, owed), pending total,
 * payout method (masked) and one page of the history, newest request first, optionally of
 * some days only (the balance and totals are the shop's, whatever the days). Two statements at once: the shop's
 * figures with the history's bounded count, and the page of its own payouts (no join: they are all its own).
 */
export async function getPayoutOverview(
  db: Db,
  scope: VendorScope,
  page: Page,
  options: { timeZone: string },
): Promise<PayoutOverview> {
  const where = payoutFilter(scope, { status: 'all', from: page.from, to: page.to }, options.timeZone)
  const figures = db
    .select({
      payoutMethod: vendors.payoutMethod,
      payoutDetails: vendors.payoutDetails,
      ledgerBalance: ledgerBalance(vendors.id),
      held: heldBalance(vendors.id),
      nextAvailableAt: nextAvailableAt(vendors.id),
      pendingTotal: pendingTotal(vendors.id),
      // The history's count (the page's `total`), up to the lists' cap, read here rather than on its own.
      historyCount: countedUpTo(
        db
          .select({ one: sql`1` })
          .from(payouts)
          .where(where)
          .$dynamic(),
      ),
    })
    .from(vendors)
    .where(eq(vendors.id, scope.vendorId))
    .then(([row]) => row)
  const [vendor, history] = await Promise.all([
    figures,
    newestPage(db, page, {
      table: payouts,
      time: payouts.requestedAt,
      where,
      toItem: toPayoutDto,
      total: figures.then((row) => cappedTotal(row?.historyCount ?? 0)),
    }),
  ])
  if (!vendor) throw notFound()
  return {
    // What may be paid now: the balance less what is held (availableBalance's sum, from the two figures read).
    availableBalance: vendor.ledgerBalance - vendor.held,
    ledgerBalance: vendor.ledgerBalance,
    held: vendor.held,
    nextAvailableAt: vendor.nextAvailableAt?.toISOString() ?? null,
    // A negative balance is money the shop owes (refunds after payouts, fees): later sales settle it first.
    owed: Math.max(0, -vendor.ledgerBalance),
    pendingTotal: vendor.pendingTotal,
    payoutMethod: vendor.payoutMethod,
    payoutDetails: maskPayoutDetails(vendor.payoutDetails),
    ...history,
  }
}

/** Locks the vendor row: payout requests, approvals, completions and refunds of one shop run one at a time. */
async function lockVendor(tx: Tx, vendorId: string) {
  await tx.select({ id: vendors.id }).from(vendors).where(eq(vendors.id, vendorId)).for('update')
}

/**
 * The shop's balance, read in its own statement after `lockVendor`: under READ COMMITTED it then sees every
 * payout and refund committed by whoever held the lock before us. (Computed in the locking SELECT itself,
 * the sums would come from the snapshot taken before waiting for the lock, and two requests could both pass.)
 */
async function lockedBalance(tx: Tx, vendorId: string) {
  const [current] = await tx
    .select({ balance: availableBalance(vendors.id) })
    .from(vendors)
    .where(eq(vendors.id, vendorId))
  return current?.balance ?? 0
}

/**
 * A payout request: whole francs, at least 1 and at most the available balance. The balance is computed and
 * checked in the same transaction as the insert, with the vendor row locked, so two requests at once can
 * never overdraw (README: deliberate divergences: the specification's browser-side check did).
 */
export async function requestPayout(db: Db, scope: VendorScope, amount: number): Promise<PayoutDto> {
  return db.transaction(async (tx) => {
    await lockVendor(tx, scope.vendorId)
    const balance = await lockedBalance(tx, scope.vendorId)
    if (!Number.isSafeInteger(amount) || amount < 1) throw notWholeFrancs()
    if (amount > balance) throw overBalance(balance)
    const [payout] = await tx
      .insert(payouts)
      .values({ vendorId: scope.vendorId, amount, status: 'pending', requestedAt: new Date() })
      .returning()
    await notify(tx, { topic: 'payouts', vendorId: scope.vendorId, userId: scope.userId, id: payout!.id })
    return toPayoutDto(payout!)
  })
}

/**
 * The vendor confirms an approved payout arrived, once: the notes get 'Vendor confirmed receipt on {date}'
 * and an audit row records it, in one transaction. Another vendor's payout is not found.
 */
export async function confirmPayoutReceipt(
  db: Db,
  scope: VendorScope,
  payoutId: string,
  options: { timeZone: string; now?: Date },
): Promise<PayoutDto> {
  if (!isUuid(payoutId)) throw notFound()
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ payout: payouts })
      .from(payouts)
      .where(and(eq(payouts.id, payoutId), payoutsIn(scope)))
      .for('update')
    if (!row) throw notFound()
    // The row is locked: a second confirmation waits here and then sees the notes already set.
    if (!canConfirmReceipt(row.payout)) throw new AppError('CONFLICT', 'payouts.cannotConfirm')
    const notes = receiptNote(calendarDay(options.now ?? new Date(), options.timeZone))
    const [updated] = await tx.update(payouts).set({ notes }).where(eq(payouts.id, payoutId)).returning()
    await recordAudit(tx, {
      by: scope,
      action: 'update',
      targetTable: 'payouts',
      targetId: payoutId,
      oldValues: { notes: row.payout.notes },
      newValues: { notes },
    })
    await notify(tx, { topic: 'payouts', vendorId: row.payout.vendorId, userId: scope.userId, id: payoutId })
    return toPayoutDto(updated!)
  })
}

/**
 * An admin approves or rejects a pending payout: status, processed_at and processed_by (with the reason of a
 * rejection or the payment reference of an approval), the audit row and the announcement to the vendor, all
 * in one transaction. A payout already decided stays as it is. An approval re-checks the balance under the
 * vendor lock (docs/decisions/006): a refund since the request can have left less than the payout, and the
 * marketplace must not pay out a refunded sale.
 *
 * How it is paid: with a payment reference, by hand (the admin sent the money elsewhere). Without one, a
 * mobile-money payout to a number a configured provider reaches is queued for sending (docs/payments.md): its
 * transfer's reference is persisted here, before any call, and it leaves with "Pay all approved". Otherwise the
 * reference is required.
 */
export async function decidePayout(
  db: Db,
  admin: AdminScope,
  payoutId: string,
  decision: PayoutDecisionInput,
  publicUrl: string,
  providers: PaymentProviders = manualOnly,
): Promise<PayoutDto> {
  if (!isUuid(payoutId)) throw notFound()
  const { status } = decision
  // Each note belongs to one outcome: why it was refused, or how the money was sent.
  const decisionReason = status === 'rejected' ? (decision.reason ?? null) : null
  const paymentReference = status === 'approved' ? (decision.paymentReference?.trim() ?? '') || null : null
  return db.transaction(async (tx) => {
    const [target] = await tx
      .select({ vendorId: payouts.vendorId })
      .from(payouts)
      .where(and(eq(payouts.id, payoutId), payoutsIn(admin)))
    if (!target) throw notFound()
    // Vendor first, then the payout: the order every other balance change takes its locks in.
    await lockVendor(tx, target.vendorId)
    const [row] = await tx
      .select({
        payout: payouts,
        vendorUserId: vendors.userId,
        payoutMethod: vendors.payoutMethod,
        payoutDetails: vendors.payoutDetails,
      })
      .from(payouts)
      .innerJoin(vendors, eq(vendors.id, payouts.vendorId))
      .where(eq(payouts.id, payoutId))
      .for('update', { of: payouts })
    if (!row) throw notFound()
    // The payout row is locked: a second admin deciding at the same time waits here, then finds it decided.
    if (row.payout.status !== 'pending') throw new AppError('CONFLICT', 'payouts.notPending')
    const mobileNumber = row.payoutMethod === 'mobile_money' ? row.payoutDetails?.mobileNumber : undefined
    const provider =
      status === 'approved' && !paymentReference && mobileNumber ? providers.forNumber(mobileNumber) : null
    // Paid by hand: its approval records the transfer the admin made, or is refused.
    if (status === 'approved' && !paymentReference && !provider) throw referenceRequired()
    if (status === 'approved') {
      // The balance already counts this pending payout: below 0 means it exceeds what the shop is owed.
      const balance = await lockedBalance(tx, row.payout.vendorId)
      if (balance < 0) {
        throw new AppError('CONFLICT', 'payouts.exceedsBalance', {
          amount: row.payout.amount,
          balance: balance + row.payout.amount,
        })
      }
    }
    const [updated] = await tx
      .update(payouts)
      .set({
        status,
        processedAt: new Date(),
        processedBy: admin.userId,
        decisionReason,
        paymentReference,
        ...(provider ? { provider, transferStatus: 'queued' as const } : {}),
      })
      .where(and(eq(payouts.id, payoutId), eq(payouts.status, 'pending')))
      .returning()
    const transfer = provider
      ? await queuePayoutTransfer(tx, {
          payoutId,
          vendorId: row.payout.vendorId,
          provider,
          amount: row.payout.amount,
          msisdn: msisdnOf(mobileNumber!)!,
          createdBy: admin.userId,
        })
      : null
    await recordAudit(tx, {
      by: admin,
      action: status === 'approved' ? 'approve' : 'reject',
      targetTable: 'payouts',
      targetId: payoutId,
      oldValues: { status: row.payout.status },
      newValues:
        status === 'approved'
          ? { status, payment_reference: paymentReference, ...(provider ? { provider } : {}) }
          : { status, decision_reason: decisionReason },
      details: {
        previous_status: row.payout.status,
        new_status: status,
        amount: row.payout.amount,
        reason: decisionReason,
        payment_reference: paymentReference,
        ...(transfer ? { provider, transfer_id: transfer.id } : {}),
      },
    })
    await notify(tx, {
      topic: 'payouts',
      vendorId: row.payout.vendorId,
      userId: row.vendorUserId,
      id: payoutId,
    })
    const { amount } = row.payout
    // A payout a provider sends is told of when the provider has paid it (or could not).
    if (!transfer) {
      await mailDecision(tx, {
        userId: row.vendorUserId,
        publicUrl,
        decision:
          status === 'approved'
            ? { kind: 'payoutApproved', amount, paymentReference }
            : { kind: 'payoutRejected', amount, reason: decisionReason },
      })
    }
    return toPayoutDto(updated!)
  })
}

// ── Admin payouts (/admin/payouts) ──

/** The admin's decision as the route validated it (a blank reason or reference is already null). */
export type PayoutDecisionInput = {
  status: PayoutDecision
  reason?: string | null
  paymentReference?: string | null
}

type AdminPayoutRow = Awaited<ReturnType<typeof payoutRows.first>> & {}

function toAdminPayoutDto(row: AdminPayoutRow): AdminPayoutDto {
  const { payout } = row
  return {
    ...toPayoutFields(payout),
    vendorId: payout.vendorId,
    ...pick(row, ['shopName', 'ownerName', 'ownerEmail', 'payoutMethod', 'vendorBalance']),
    payoutDetails: maskPayoutDetails(row.payoutDetails),
    receiptStatus: receiptStatusOf(payout.status, payout.notes, payout.transferStatus),
  }
}

/**
 * One page of every shop's payouts, newest request first, with the four summary figures (pending, approved and
 * rejected amounts, and the count of all payouts) summed in SQL over all payouts, whatever the filters.
 */
export async function listAdminPayouts(
  db: Db,
  scope: Scope,
  query: AdminPayoutFilters & PageQuery,
  options: { timeZone: string },
): Promise<AdminPayoutList> {
  const [page, summary] = await Promise.all([
    payoutRows.page(db, query, payoutFilter(scope, query, options.timeZone), {
      toItem: toAdminPayoutDto,
      countCap: countCapFor(query.q.trim()),
    }),
    payoutSummary(db, scope),
  ])
  // `total` is every payout, exact from the running totals; the count of the filtered ones stops at countCap.
  return {
    ...page,
    total: summary.count,
    totalIsCapped: false,
    filteredTotal: page.total,
    filteredTotalIsCapped: page.totalIsCapped,
    summary,
  }
}

/** One payout as the list shows it, for the details dialog. An unknown or malformed id is not found. */
export async function getAdminPayout(db: Db, scope: Scope, payoutId: string): Promise<AdminPayoutDto> {
  if (!isUuid(payoutId)) throw notFound()
  const row = await payoutRows.first(db, and(eq(payouts.id, payoutId), payoutsIn(scope)))
  if (!row) throw notFound()
  return toAdminPayoutDto(row)
}

/** Rows fetched per query while an export streams. */
const EXPORT_BATCH = 500

/** The header, in the reader's language. */
export const payoutCsvHeader = [
  'admin.payouts.csv.id',
  'admin.payouts.csv.shop',
  'admin.payouts.csv.ownerEmail',
  'admin.payouts.csv.amount',
  'admin.payouts.csv.method',
  'admin.payouts.csv.provider',
  'admin.payouts.csv.account',
  'admin.payouts.csv.status',
  'admin.payouts.csv.receipt',
  'admin.payouts.csv.requested',
  'admin.payouts.csv.processed',
  'admin.payouts.csv.paymentReference',
  'admin.payouts.csv.reason',
].map((key) => csvLabel(key))

/**
 * The filtered payouts as CSV rows, newest request first, one query per batch. Each batch starts after the
 * last row of the one before (keyset, compared in SQL so the timestamps keep their microseconds): rows
 * requested meanwhile cannot shift a batch or be listed twice. No transaction is held open while the admin's
 * browser reads, since a slow download must not keep a database connection (PGlite has exactly one).
 */
export function exportAdminPayouts(
  db: Db,
  scope: Scope,
  filters: AdminPayoutFilters & { paymentDetails?: AdminPayoutExportQuery['paymentDetails'] },
  options: { timeZone: string; now?: Date; batchSize?: number },
) {
  const where = payoutFilter(scope, filters, options.timeZone)
  const isFull = filters.paymentDetails === 'full'
  const batchSize = options.batchSize ?? EXPORT_BATCH
  const toCsv = ({ payout, ...row }: AdminPayoutRow): CsvCell[] => {
    const receipt = receiptStatusOf(payout.status, payout.notes, payout.transferStatus)
    return [
      payout.id,
      row.shopName,
      row.ownerEmail,
      payout.amount,
      row.payoutMethod ? csvLabel(`admin.payouts.methods.${row.payoutMethod}`) : '',
      ...payToCells(row.payoutMethod, isFull ? row.payoutDetails : maskPayoutDetails(row.payoutDetails)),
      csvLabel(`status.${payout.status}`),
      receipt ? csvLabel(`admin.payouts.receipt.${receipt}`) : '',
      csvDateTime(payout.requestedAt, options.timeZone),
      csvDateTime(payout.processedAt, options.timeZone),
      payout.paymentReference,
      payout.decisionReason,
    ]
  }
  async function* batches() {
    for await (const rows of payoutRows.batches(db, where, batchSize)) {
      yield rows.map(toCsv)
    }
  }
  return {
    fileName: csvFileName('payouts', options.now ?? new Date(), options.timeZone),
    header: payoutCsvHeader,
    batches: batches(),
  }
}

const isProvider = (value: string | undefined): value is (typeof mobileMoneyProviders)[number] =>
  (mobileMoneyProviders as readonly (string | undefined)[]).includes(value)

/**
 * Where a payout goes, in two cells: the provider or the bank (a known provider by its name in the reader's
 * language), and the account: the account number (with the routing number, if any), the mobile number or the
 * PayPal e-mail. Masked or full as the caller passes the details.
 */
function payToCells(method: PayoutMethod | null, details: Record<string, string> | null): CsvCell[] {
  const { provider, bankName, accountNumber, routingNumber, paypalEmail, mobileNumber } = details ?? {}
  const join = (...parts: (string | undefined)[]) => parts.filter((part) => part?.trim()).join(' · ')
  if (method === 'bank') return [bankName ?? '', join(accountNumber, routingNumber)]
  if (method === 'paypal') return ['PayPal', paypalEmail ?? '']
  if (method === 'mobile_money') {
    return [
      isProvider(provider) ? csvLabel(`admin.payouts.providers.${provider}`) : (provider ?? ''),
      mobileNumber ?? '',
    ]
  }
  return ['', '']
}

/**
 * The payouts export as the route asks for it. With `paymentDetails: 'full'` the file holds every shop's full
 * account and mobile numbers: that export is recorded in the audit log (who, when, with which filters) before
 * a row is written, as the audit trail's own export is; the masked one (the default) is not a disclosure.
 */
export async function exportPayouts(
  db: Db,
  admin: AdminScope,
  query: AdminPayoutExportQuery,
  options: { timeZone: string; now?: Date },
) {
  if (query.paymentDetails === 'full') {
    await recordAudit(db, {
      by: admin,
      action: 'create',
      targetTable: 'exports',
      targetId: randomUUID(),
      details: {
        export: 'payouts',
        payment_details: 'full',
        q: query.q,
        status: query.status,
        // The days the file covers, when it was narrowed to some.
        ...(query.from ? { from: query.from } : {}),
        ...(query.to ? { to: query.to } : {}),
      },
    })
  }
  return exportAdminPayouts(db, admin, query, options)
}

/**
 * An admin's deliberate reveal of where one payout's money goes, in full (the list, the details and the export
 * show it masked). The reveal is recorded in the audit log (who, when, which payout of which shop) before the
 * details are answered, so no reveal goes unrecorded; a payout outside the admin's scope is not found.
 */
export async function revealPayoutDestination(
  db: Db,
  admin: AdminScope,
  payoutId: string,
): Promise<PayoutDestination> {
  if (!isUuid(payoutId)) throw notFound()
  const row = await payoutRows.first(db, and(eq(payouts.id, payoutId), payoutsIn(admin)))
  if (!row) throw notFound()
  return recordDisclosure(
    db,
    admin,
    {
      vendorId: row.payout.vendorId,
      shopName: row.shopName,
      ownerName: row.ownerName,
      payoutMethod: row.payoutMethod,
      payoutDetails: row.payoutDetails,
    },
    { targetId: payoutId, payoutId },
  )
}
