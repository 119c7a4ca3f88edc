/**
 * What Isoko asks of a mobile-money provider (docs/payments.md). Each client (MTN MoMo, Airtel Money, pawaPay)
 * is a thin layer over `fetch` that turns these calls into the provider's own requests and validates its
 * answers with zod; the services and the worker know only this.
 *
 * Amounts are whole Rwandan francs. Phone numbers are E.164 without the plus: `250788123456`.
 * A reference is our own UUID, persisted before the first call and never replaced: the provider's idempotency
 * key (MTN's X-Reference-Id, Airtel's transaction id, pawaPay's payoutId/depositId).
 */

import type { FailureReason, PaymentProviderName } from '../../shared/payments'

export { failureReasons, paymentProviders } from '../../shared/payments'
export type { FailureReason, PaymentProviderName } from '../../shared/payments'

/** One transfer (a payout out, or a request to pay in), as sent. */
export type TransferRequest = {
  reference: string
  amount: number
  msisdn: string
  /** Shown to the payee or payer where the provider carries it (MTN's payeeNote, pawaPay's statement text). */
  note: string
}

/**
 * What became of a send. `accepted`: the provider queued it (MTN's 202, pawaPay's ACCEPTED): ask its status.
 * `duplicate`: the provider already has this reference (MTN's 409, pawaPay's DUPLICATE_IGNORED): ask its status,
 * never send under another reference. `rejected`: refused outright, nothing was sent, the money did not move.
 * A timeout, a network error or a 5xx is thrown as ProviderUnavailableError: the transfer may or may not have
 * arrived, so the caller asks for its status before anything else.
 */
export type SendOutcome =
  | { outcome: 'accepted' }
  | { outcome: 'duplicate' }
  | { outcome: 'rejected'; reason: FailureReason; providerMessage?: string }

/** What the provider says of one reference now. `not_found`: it never arrived (it may be sent again, same reference). */
export type TransferState =
  | { state: 'pending' }
  | { state: 'paid'; providerTransactionId: string }
  | { state: 'failed'; reason: FailureReason; providerMessage?: string }
  | { state: 'not_found' }

/** The provider could not be reached or answered with a server error: nothing is known about the transfer. */
export class ProviderUnavailableError extends Error {
  constructor(
    readonly provider: PaymentProviderName | 'sms',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options)
    this.name = 'ProviderUnavailableError'
  }
}

/** The provider answered something our schema does not accept, or refused our credentials twice. */
export class ProviderProtocolError extends Error {
  constructor(
    readonly provider: PaymentProviderName | 'sms',
    message: string,
  ) {
    super(message)
    this.name = 'ProviderProtocolError'
  }
}

/** A callback as it arrived: the raw body (a signature covers its bytes) and the headers, lower-cased. */
export type IncomingCallback = { headers: Record<string, string>; body: string }

export interface PayoutProvider {
  readonly name: PaymentProviderName
  send(transfer: TransferRequest): Promise<SendOutcome>
  status(reference: string): Promise<TransferState>
  /** The disbursement account's available balance (the float), in RWF. */
  balance(): Promise<number>
  /** Whether the number can receive money, and the registered name where the provider gives it. */
  accountHolder(msisdn: string): Promise<{ active: boolean; name: string | null }>
  /**
   * The reference a callback is about, or null when it is not genuine (a bad or missing signature where the
   * provider signs; a body that is not the provider's shape). A callback is only a hint: the caller confirms it
   * with `status`.
   */
  callbackReference(callback: IncomingCallback): Promise<string | null>
}

export interface CollectionProvider {
  readonly name: PaymentProviderName
  /** A request to pay sent to the payer's phone, which they approve there. */
  requestToPay(transfer: TransferRequest): Promise<SendOutcome>
  collectionStatus(reference: string): Promise<TransferState>
  callbackReference(callback: IncomingCallback): Promise<string | null>
}
