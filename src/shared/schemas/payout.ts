import { z } from 'zod'
import { payoutMethods, payoutStatuses } from '../constants'
import { pageQuery, paged } from './pagination'

/** Whole francs, at least 1; the balance check happens on the server in the same transaction as the insert. */
export const payoutRequestInput = z.object({
  amount: z
    .number({ error: 'payouts.invalidAmount' })
    .int('payouts.invalidAmount')
    .min(1, 'payouts.invalidAmount')
    .max(1_000_000_000_000, 'payouts.invalidAmount'),
})

/** The admin's decision on a pending payout. */
export const payoutDecisionInput = z.object({
  status: z.enum(['approved', 'rejected'], { error: 'errors.invalidValue' }),
})

export const payoutDto = z.object({
  id: z.string(),
  amount: z.number(),
  status: z.enum(payoutStatuses),
  requestedAt: z.string(),
  processedAt: z.string().nullable(),
  notes: z.string().nullable(),
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
  pendingTotal: z.number(),
  payoutMethod: z.enum(payoutMethods).nullable(),
  payoutDetails: z.record(z.string(), z.string()).nullable(),
})
export type PayoutOverview = z.infer<typeof payoutOverviewDto>
export const payoutListQuery = pageQuery(24)

/** The note a receipt confirmation writes; the admin list reads 'confirmed receipt' in it (case-insensitive). */
export const receiptNote = (date: string) => `Vendor confirmed receipt on ${date}`

/** The date inside a note written by receiptNote (so a screen can show the note in the reader's language). */
export const receiptNoteDate = (notes: string | null): string | null =>
  notes ? (/^Vendor confirmed receipt on (\d{4}-\d{2}-\d{2})$/.exec(notes)?.[1] ?? null) : null
