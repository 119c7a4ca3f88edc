import { z } from 'zod'
import { plans } from '../constants'
import {
  failureReasons,
  payoutBatchStatuses,
  paymentProviders,
  transferDirections,
  transferStatuses,
} from '../payments'
import { optionalNote } from './text'

/** A provider's float as last read, and whether it is below the operator's warning level. */
export const providerFloatDto = z.object({
  provider: z.enum(paymentProviders),
  float: z.number().nullable(),
  checkedAt: z.string().nullable(),
  isLow: z.boolean(),
})

/** A batch of payouts and how far it has got (docs/payments.md). */
export const payoutBatchDto = z.object({
  id: z.string(),
  status: z.enum(payoutBatchStatuses),
  count: z.number(),
  total: z.number(),
  createdBy: z.string(),
  approvedBy: z.string().nullable(),
  createdAt: z.string(),
  queued: z.number(),
  sending: z.number(),
  paid: z.number(),
  paidTotal: z.number(),
  failed: z.number(),
  unknown: z.number(),
})
export type PayoutBatchDto = z.infer<typeof payoutBatchDto>

export const paymentsOverviewDto = z.object({
  providers: z.array(providerFloatDto),
  /** Approved payouts waiting to be sent ("Pay all approved"). */
  waiting: z.object({ count: z.number(), total: z.number() }),
  sending: z.number(),
  /** Transfers no provider answer has settled in time: a person looks. */
  unknown: z.number(),
  approvalAbove: z.number(),
  lowFloatBelow: z.number(),
  batches: z.array(payoutBatchDto),
})
export type PaymentsOverview = z.infer<typeof paymentsOverviewDto>

/** "Pay all approved", with the count and total the admin saw (payments.errors.batchChanged when they differ). */
export const payoutBatchInput = z.object({
  count: z.number().int().min(1),
  total: z.number().int().min(1),
})

export const payoutBatchDecisionInput = z.object({ decision: z.enum(['approve', 'cancel']) })

export const transferDto = z.object({
  id: z.string(),
  direction: z.enum(transferDirections),
  provider: z.enum(paymentProviders),
  status: z.enum(transferStatuses),
  vendorId: z.string(),
  shopName: z.string(),
  payoutId: z.string().nullable(),
  plan: z.enum(plans).nullable(),
  amount: z.number(),
  /** The number's last four digits only. */
  msisdnTail: z.string(),
  sendCount: z.number(),
  checks: z.number(),
  providerTransactionId: z.string().nullable(),
  failureReason: z.enum(failureReasons).nullable(),
  batchId: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
})
export type TransferDto = z.infer<typeof transferDto>

export const transferList = z.object({ items: z.array(transferDto) })
export type TransferList = z.infer<typeof transferList>

export const transferListQuery = z.object({
  status: z.enum(transferStatuses).default('unknown'),
  batchId: z.string().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
})

/**
 * What a person does with an unknown transfer: ask the provider again, or record what they learned from it
 * (paid, with the provider's transaction id; or failed, the money back with the shop).
 */
export const transferResolutionInput = z.discriminatedUnion('action', [
  z.object({ action: z.literal('check') }),
  z.object({
    action: z.literal('paid'),
    providerTransactionId: z
      .string()
      .trim()
      .min(1, 'payments.errors.transactionIdRequired')
      .max(100, 'payments.errors.transactionIdRequired'),
  }),
  z.object({ action: z.literal('failed'), note: optionalNote(300) }),
  /** An approved payout not sent yet: rejected with the note, the money back with the shop. */
  z.object({ action: z.literal('withdraw'), note: optionalNote(300) }),
])
export type TransferResolution = z.infer<typeof transferResolutionInput>

/** A vendor pays a plan's fee by mobile money from the subscription screen. */
export const planPaymentInput = z.object({ plan: z.enum(plans) })
export const planPaymentDto = z.object({
  transferId: z.string(),
  status: z.enum(transferStatuses),
  plan: z.enum(plans),
  amount: z.number(),
  provider: z.enum(paymentProviders),
  failureReason: z.enum(failureReasons).nullable(),
})
export type PlanPaymentDto = z.infer<typeof planPaymentDto>

/**
 * Who holds the number a payout goes to, as its provider registered them, beside the shop's owner: the admin sees
 * both before sending. `active` false: the number cannot receive (the payout would fail).
 */
export const accountHolderDto = z.object({
  provider: z.enum(paymentProviders),
  active: z.boolean(),
  registeredName: z.string().nullable(),
  ownerName: z.string(),
  msisdnTail: z.string(),
})
export type AccountHolderDto = z.infer<typeof accountHolderDto>
