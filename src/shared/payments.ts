/**
 * The words of money that moves through a provider (docs/payments.md), shared by the server, which writes them,
 * and the screens, which name them in the reader's language.
 */

/** The mobile-money services Isoko sends payouts and collects fees through (beside `manual`: by hand). */
export const paymentProviders = ['mtn', 'airtel', 'pawapay'] as const
export type PaymentProviderName = (typeof paymentProviders)[number]

/**
 * A transfer's life. queued: its reference is persisted and nothing has been sent; sending: sent, or being
 * sent, and not yet final at the provider; paid and failed are final; unknown: still unresolved after the
 * time allowed, waiting for a person (never sent again under another reference).
 */
export const transferStatuses = ['queued', 'sending', 'paid', 'failed', 'unknown'] as const
export type TransferStatus = (typeof transferStatuses)[number]

/** Which way the money goes: a payout to a shop, or a collection (a plan's fee) from one. */
export const transferDirections = ['payout', 'collection'] as const
export type TransferDirection = (typeof transferDirections)[number]

/** Why a provider refused or failed a transfer, in our words (each client maps its provider's codes onto these). */
export const failureReasons = [
  'payee_not_found',
  'not_allowed_to_receive',
  'not_enough_funds',
  'payer_not_found',
  'rejected_by_payer',
  'limit_reached',
  'expired',
  'internal_error',
  'other',
] as const
export type FailureReason = (typeof failureReasons)[number]

/** A batch of payouts sent together: waiting for a second admin where the amount needs one, then sending, then done. */
export const payoutBatchStatuses = ['awaiting_approval', 'sending', 'done', 'cancelled'] as const
export type PayoutBatchStatus = (typeof payoutBatchStatuses)[number]

/** What a reconciliation found: paid by the provider but not in Isoko, paid in Isoko but not by the provider, or paid with another amount. */
export const reconciliationKinds = ['missing_in_isoko', 'missing_at_provider', 'amount_differs'] as const
export type ReconciliationKind = (typeof reconciliationKinds)[number]

export const smsStatuses = ['queued', 'outbox', 'sent', 'failed'] as const
export type SmsStatus = (typeof smsStatuses)[number]

/** The ledger account of each provider's float: what the marketplace holds at the provider to pay out from. */
export const providerFloatAccount = (provider: PaymentProviderName) => `provider_float_${provider}` as const
