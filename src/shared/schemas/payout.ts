import { z } from 'zod'
import { payoutMethods, payoutStatuses, type PayoutStatus } from '../constants'
import { paymentProviders, transferStatuses, type TransferStatus } from '../payments'
import { dayRangeFields, withDayRange } from './day-range'
import { figures, pageQuery, paged } from './pagination'
import { decisionInput, optionalNote, optionalText } from './text'

/**
 * Whole francs, at least 1, as a JSON number (never a string to be read loosely, never rounded or clamped); the
 * balance check happens on the server in the same transaction as the insert (payouts.amountOverBalance, with the
 * balance in its params).
 */
export const payoutRequestInput = z.object({
  amount: z
    .number({ error: 'payouts.amountWhole' })
    .int('payouts.amountWhole')
    .min(1, 'payouts.amountWhole')
    .max(1_000_000_000_000, 'payouts.amountWhole'),
})

/**
 * The amount as the vendor typed it, read without changing it: digits only (a thousands comma or space between
 * groups is allowed), at least 1. Anything else (a sign, a decimal point, a letter) is not a whole number of
 * francs, and null says so; the form then shows what is allowed and keeps the text as typed.
 */
export function parseWholeFrancs(text: string): number | null {
  const trimmed = text.trim()
  if (!/^\d{1,3}(?:[, ]\d{3})*$|^\d+$/.test(trimmed)) return null
  const amount = Number(trimmed.replace(/[, ]/g, ''))
  return Number.isSafeInteger(amount) && amount >= 1 ? amount : null
}

/** Longest payment reference an admin may record (a mobile-money transaction id, a bank reference). */
export const paymentReferenceMax = 100

/**
 * How an approved payout was paid. Required with an approval: a payout is sent by hand today (no provider
 * sends it), so the approval records the transfer the admin made (payouts.referenceRequired when blank).
 */
export const paymentReference = optionalNote(paymentReferenceMax)

/**
 * The admin's decision on a pending payout. The reason is kept only with a rejection (the vendor reads it),
 * the payment reference only with an approval (how the money was sent), where it is required.
 */
export const payoutDecisionInput = decisionInput.extend({ paymentReference })

/** What every view of a payout shows. */
const payoutFields = {
  id: z.string(),
  amount: z.number(),
  status: z.enum(payoutStatuses),
  requestedAt: z.string(),
  processedAt: z.string().nullable(),
  notes: z.string().nullable(),
  /** Why an admin rejected it (optional). */
  decisionReason: z.string().nullable(),
  /** How an approved payout was paid (optional); for one sent by a provider, the provider's transaction id. */
  paymentReference: z.string().nullable(),
  /** The mobile-money provider sending it (docs/payments.md); null: paid by hand. */
  provider: z.enum(paymentProviders).nullable(),
  /** Where its transfer stands: queued, sending, paid, failed (then it is rejected, the money back), unknown. */
  transferStatus: z.enum(transferStatuses).nullable(),
}

export const payoutDto = z.object({
  ...payoutFields,
  /** Approved and not yet confirmed by the vendor. */
  canConfirmReceipt: z.boolean(),
})
export type PayoutDto = z.infer<typeof payoutDto>

export const payoutOverviewDto = paged(payoutDto).extend({
  /**
   * Completed order totals minus non-rejected payouts (specification §9). Negative after a refund of an order
   * already paid out: the vendor owes that much, and later sales settle it first (docs/decisions/006).
   */
  availableBalance: z.number(),
  /** The shop's whole balance in the ledger: what is available plus what is still held. */
  ledgerBalance: z.number(),
  /** The part of the balance not yet available (sales within the marketplace's hold). */
  held: z.number(),
  /** When the next held money becomes available (null: nothing is held). */
  nextAvailableAt: z.string().nullable(),
  /** What the shop owes when its balance is below 0 (else 0): taken from its next sales. */
  owed: z.number(),
  pendingTotal: z.number(),
  payoutMethod: z.enum(payoutMethods).nullable(),
  payoutDetails: z.record(z.string(), z.string()).nullable(),
})
export type PayoutOverview = z.infer<typeof payoutOverviewDto>
/** The vendor's history: one page, optionally of the days the payouts were requested on (dayRangeFields). */
export const payoutListQuery = withDayRange(pageQuery(24).extend(dayRangeFields))

/** The note a receipt confirmation writes; the admin list reads 'confirmed receipt' in it (case-insensitive). */
export const receiptNote = (date: string) => `Vendor confirmed receipt on ${date}`

/** The date inside a note written by receiptNote (so a screen can show the note in the reader's language). */
export const receiptNoteDate = (notes: string | null): string | null =>
  notes ? (/^Vendor confirmed receipt on (\d{4}-\d{2}-\d{2})$/.exec(notes)?.[1] ?? null) : null

// ── Admin payouts (/admin/payouts) ──

/** 'received' once the notes say so, 'pendingReceipt' while an approved payout waits for it (specification §4). */
export const receiptStatuses = ['received', 'pendingReceipt'] as const
export type ReceiptStatus = (typeof receiptStatuses)[number]

/** The receipt column: read from the notes whatever wrote them, case-insensitively (specification §4). */
export const receiptStatusOf = (
  status: PayoutStatus,
  notes: string | null,
  transferStatus: TransferStatus | null = null,
): ReceiptStatus | null =>
  notes && /confirmed receipt/i.test(notes)
    ? 'received'
    : status === 'approved' && isPaidOut(transferStatus)
      ? 'pendingReceipt'
      : null

/** An approved payout has left: paid by hand at its approval, or paid by its provider. */
export const isPaidOut = (transferStatus: TransferStatus | null) =>
  transferStatus === null || transferStatus === 'paid'

export const adminPayoutStatusFilters = ['all', ...payoutStatuses] as const
export type AdminPayoutStatusFilter = (typeof adminPayoutStatusFilters)[number]

/** `?q=&status=&from=&to=` of the admin list and its CSV export: from and to are the days of the requests. */
export const adminPayoutFilters = z.object({
  q: optionalText(200),
  status: z.enum(adminPayoutStatusFilters, { error: 'errors.invalidValue' }).default('all'),
  ...dayRangeFields,
})
export type AdminPayoutFilters = z.output<typeof adminPayoutFilters>
export const adminPayoutListQuery = withDayRange(pageQuery(20).extend(adminPayoutFilters.shape))

/** How the export writes where each payout goes: masked unless the admin asks for the full details. */
export const paymentDetailsChoices = ['masked', 'full'] as const
export type PaymentDetailsChoice = (typeof paymentDetailsChoices)[number]

/** `?q=&status=&from=&to=&paymentDetails=` of the CSV export; `full` is recorded in the audit log. */
export const adminPayoutExportQuery = withDayRange(
  adminPayoutFilters.extend({
    paymentDetails: z.enum(paymentDetailsChoices, { error: 'errors.invalidValue' }).default('masked'),
  }),
)
export type AdminPayoutExportQuery = z.output<typeof adminPayoutExportQuery>

/**
 * Where the money goes, in full (nothing masked), as an admin's deliberate reveal answers it: the method, the
 * stored details (bank name, account and routing numbers; provider and mobile number; PayPal e-mail) and the
 * shop's registered owner. Each reveal is recorded in the audit log.
 */
export const payoutDestinationDto = z.object({
  vendorId: z.string(),
  shopName: z.string(),
  ownerName: z.string(),
  payoutMethod: z.enum(payoutMethods).nullable(),
  payoutDetails: z.record(z.string(), z.string()).nullable(),
})
export type PayoutDestination = z.infer<typeof payoutDestinationDto>

export const adminPayoutDto = z.object({
  ...payoutFields,
  vendorId: z.string(),
  shopName: z.string(),
  ownerName: z.string(),
  ownerEmail: z.string(),
  payoutMethod: z.enum(payoutMethods).nullable(),
  /** Masked: account and mobile numbers show their last four characters only. */
  payoutDetails: z.record(z.string(), z.string()).nullable(),
  receiptStatus: z.enum(receiptStatuses).nullable(),
  /**
   * The shop's balance net of refunds, as the vendor sees it: completed orders minus pending and approved
   * payouts (this one included while pending). Below 0, approving a pending payout of the shop is refused.
   */
  vendorBalance: z.number(),
})
export type AdminPayoutDto = z.infer<typeof adminPayoutDto>

export const adminPayoutSummary = figures('pendingAmount', 'approvedAmount', 'rejectedAmount', 'count')
export type AdminPayoutSummary = z.infer<typeof adminPayoutSummary>

/** One page of the filtered payouts; `total` counts every payout, `filteredTotal` those the filters keep. */
export const adminPayoutListDto = paged(adminPayoutDto).extend({
  filteredTotal: z.number(),
  /** More payouts match than countCap: `filteredTotal` is then countCap and the screen says "10,000+". */
  filteredTotalIsCapped: z.boolean(),
  summary: adminPayoutSummary,
})
export type AdminPayoutList = z.infer<typeof adminPayoutListDto>
