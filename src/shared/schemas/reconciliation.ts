import { z } from 'zod'
import {
  paymentProviders,
  reconciliationKinds,
  transferDirections,
  transferStatuses,
  type PaymentProviderName,
} from '../payments'
import { addDays, calendarDay } from './day-range'

/**
 * A provider's statement checked against Isoko's transfers (docs/payments.md: reconciliation): an admin imports the
 * statement (CSV, the provider's own export), or the daily check reconciles yesterday by itself.
 */

export const RECONCILIATIONS_URL = '/api/admin/reconciliations'

/** The providers as they name themselves: brand names, the same in every language. */
export const paymentProviderNames: Record<PaymentProviderName, string> = {
  mtn: 'MTN Mobile Money',
  airtel: 'Airtel Money',
  pawapay: 'pawaPay',
}

/**
 * The largest statement read (its CSV text, in bytes), its rows, and the longest period one run covers. A month of
 * a busy marketplace's payouts and plan fees: 100,000 lines of MTN's export (28 columns, every field quoted) are
 * 25 to 28 MB, read and reconciled in seconds (bench/reconciliation.ts); pawaPay's portal exports at most a month
 * at a time.
 */
export const reconciliationLimits = { maxBytes: 32 * 1024 * 1024, maxRows: 100_000, maxDays: 31 } as const

const dayField = (description: string) =>
  calendarDay('errors.dateInvalid').meta({ description, examples: ['2026-03-10'] })

/** The statement's provider and the days it covers: the part a JSON body and a form share. */
export const statementPeriodFields = {
  provider: z.enum(paymentProviders, { error: 'reconciliation.errors.providerRequired' }),
  fromDay: dayField(
    "The statement's first day (YYYY-MM-DD, on the marketplace's calendar, Africa/Kigali by default).",
  ),
  toDay: dayField(
    "The statement's last day, included. Before fromDay is 422 errors.dateRangeReversed; more than 31 days is " +
      '422 reconciliation.errors.periodTooLong.',
  ),
}

/** The days in order and no longer than a run may cover. */
export const withStatementPeriod = <Schema extends z.ZodType<{ fromDay: string; toDay: string }>>(
  schema: Schema,
) =>
  schema.superRefine((period, ctx) => {
    if (period.fromDay > period.toDay) {
      ctx.addIssue({ code: 'custom', path: ['toDay'], message: 'errors.dateRangeReversed' })
    } else if (addDays(period.fromDay, reconciliationLimits.maxDays - 1) < period.toDay) {
      ctx.addIssue({ code: 'custom', path: ['toDay'], message: 'reconciliation.errors.periodTooLong' })
    }
  })

/** A statement sent as JSON: its CSV text as the provider's portal exported it. */
export const statementImportInput = withStatementPeriod(
  z.object({
    ...statementPeriodFields,
    fileName: z
      .string()
      .trim()
      .min(1, 'reconciliation.errors.fileNameInvalid')
      .max(200, 'reconciliation.errors.fileNameInvalid')
      .optional()
      .meta({ description: 'The name of the file the statement came in, kept with the run.' }),
    csv: z
      .string()
      // Characters, not bytes: the service checks the bytes (a character takes one to four).
      .max(reconciliationLimits.maxBytes, 'reconciliation.errors.tooLarge')
      .meta({
        description:
          "The statement's CSV text (UTF-8, at most 2 MB), in the provider's own column layout (docs/payments.md).",
      }),
  }),
)
export type StatementImportInput = z.infer<typeof statementImportInput>

export const reconciliationItemDto = z.object({
  id: z.string(),
  kind: z.enum(reconciliationKinds),
  /** Isoko's reference (the transfer's id) as the statement or Isoko gives it. */
  reference: z.string().nullable(),
  providerTransactionId: z.string().nullable(),
  /** The transfer of Isoko's it is about; null when the statement names a reference Isoko does not know. */
  transferId: z.string().nullable(),
  direction: z.enum(transferDirections).nullable(),
  /** The transfer's status in Isoko now. */
  transferStatus: z.enum(transferStatuses).nullable(),
  vendorId: z.string().nullable(),
  shopName: z.string().nullable(),
  isokoAmount: z.number().nullable(),
  providerAmount: z.number().nullable(),
})
export type ReconciliationItemDto = z.infer<typeof reconciliationItemDto>

/** How a run knew what the provider did: its statement, or (with no statement to read) asking it transfer by transfer. */
export const reconciliationMethods = ['statement', 'status_sweep'] as const
export type ReconciliationMethod = (typeof reconciliationMethods)[number]

export const reconciliationRunDto = z.object({
  id: z.string(),
  provider: z.enum(paymentProviders),
  fromDay: z.string(),
  toDay: z.string(),
  fileName: z.string().nullable(),
  method: z.enum(reconciliationMethods),
  /** Transfers the statement listed (or the provider was asked about), those that agreed exactly, and the rest. */
  lines: z.number(),
  matched: z.number(),
  differences: z.number(),
  counts: z.object({
    missing_in_isoko: z.number(),
    missing_at_provider: z.number(),
    amount_differs: z.number(),
  }),
  /** The admin who imported the statement; null for the daily check. */
  createdBy: z.string().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
})
export type ReconciliationRunDto = z.infer<typeof reconciliationRunDto>

export const reconciliationRunDetailsDto = reconciliationRunDto.extend({
  items: z.array(reconciliationItemDto),
})
export type ReconciliationRunDetailsDto = z.infer<typeof reconciliationRunDetailsDto>

export const reconciliationRunList = z.object({ items: z.array(reconciliationRunDto) })
export type ReconciliationRunList = z.infer<typeof reconciliationRunList>
