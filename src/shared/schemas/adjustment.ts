import { z } from 'zod'
import { adjustmentStatuses } from '../ledger'
import { pageQuery, paged } from './pagination'
import { requiredText } from './text'

/**
 * Manual adjustments of a shop's balance (step 11): an admin credits (positive) or debits (negative) a shop, with
 * the reason. Up to the operator's threshold (marketplace_settings.adjustment_approval_above) it posts at once;
 * above it, it waits for a second admin, who approves (it posts) or rejects it.
 */

/** Longest reason an admin may give: a sentence or two, kept with the adjustment and mailed to the shop. */
export const adjustmentReasonMax = 500

/** The largest adjustment either way, in RWF: as far as a payout may go. */
export const adjustmentAmountMax = 1_000_000_000_000

/** What an amount that is no whole number of francs, zero or out of bounds reads. */
const amountInvalid = 'adjustments.amountInvalid'

export const adjustmentInput = z.object({
  amount: z
    .number({ error: amountInvalid })
    .int(amountInvalid)
    .min(-adjustmentAmountMax, amountInvalid)
    .max(adjustmentAmountMax, amountInvalid)
    .refine((amount) => amount !== 0, amountInvalid)
    .meta({
      description:
        'Whole francs, not 0: positive credits the shop (the marketplace owes it more), negative debits it. ' +
        'Else 422 adjustments.amountInvalid; never rounded.',
      examples: [5000, -2500],
    }),
  reason: requiredText(adjustmentReasonMax, 'adjustments.reasonRequired').meta({
    description: 'Why (required, at most 500 characters): kept with the adjustment and mailed to the shop.',
  }),
})
export type AdjustmentInput = z.input<typeof adjustmentInput>

export const adjustmentStatusFilters = ['all', ...adjustmentStatuses] as const
export type AdjustmentStatusFilter = (typeof adjustmentStatusFilters)[number]

/** `?status=&vendorId=&page=&pageSize=`: newest first; vendorId keeps one shop's adjustments. */
export const adjustmentListQuery = pageQuery(20).extend({
  status: z.enum(adjustmentStatusFilters, { error: 'errors.invalidValue' }).default('all'),
  vendorId: z.uuid({ error: 'errors.invalidValue' }).optional(),
})
export type AdjustmentListQuery = z.output<typeof adjustmentListQuery>

/** An admin as an adjustment names them (who asked for it, who decided it). */
const adminRef = z.object({ id: z.string(), fullName: z.string(), email: z.string() })

export const adjustmentDto = z.object({
  id: z.string(),
  vendorId: z.string(),
  shopName: z.string(),
  /** Positive: credited to the shop; negative: debited from it. */
  amount: z.number(),
  reason: z.string(),
  status: z.enum(adjustmentStatuses),
  requestedBy: adminRef,
  requestedAt: z.string(),
  /** The second admin who approved or rejected it; null while pending, and when it posted at once. */
  decidedBy: adminRef.nullable(),
  /** When it posted or was rejected; null while pending. */
  decidedAt: z.string().nullable(),
  /** The reader asked for it: they may not decide it (another admin must). */
  isOwnRequest: z.boolean(),
})
export type AdjustmentDto = z.infer<typeof adjustmentDto>

export const adjustmentListDto = paged(adjustmentDto).extend({
  /** An adjustment of more than this (RWF, either way) waits for a second admin; up to it, it posts at once. */
  approvalAbove: z.number(),
})
export type AdjustmentList = z.infer<typeof adjustmentListDto>

/** Whether an adjustment of `amount` waits for a second admin under the threshold `approvalAbove`. */
export const needsSecondAdmin = (amount: number, approvalAbove: number) => Math.abs(amount) > approvalAbove
