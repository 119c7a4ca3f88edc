/**
 * The outcomes every fake provider scripts by phone number (docs/payments.md lists them for operators and
 * testers). A number ending in one of these six digits behaves so on any fake, with either operator's prefix
 * (MTN 078/079, Airtel 072/073): `250788000001` and `250738000001` both have no account. Every other number
 * succeeds after the fake's configured delay. MTN's own sandbox numbers (46733123450…) are honoured too.
 */
export const scriptedOutcomes = {
  '000001': 'payee_not_found',
  '000002': 'not_allowed_to_receive',
  '000003': 'not_enough_funds',
  '000004': 'pending_forever',
  '000005': 'late_success',
  '000006': 'internal_error',
  /** Accepted by the provider, but its answer comes after the client has given up (a timeout). */
  '000007': 'timeout_after_accept',
  /** A request to pay the payer declines on their phone (collections). */
  '000008': 'rejected_by_payer',
} as const

export type ScriptedOutcome = (typeof scriptedOutcomes)[keyof typeof scriptedOutcomes] | 'success'

/** MTN's sandbox numbers and what its sandbox does with them. */
const mtnSandbox: Record<string, ScriptedOutcome> = {
  '46733123450': 'internal_error',
  '46733123451': 'rejected_by_payer',
  '46733123452': 'timeout_after_accept',
  '46733123453': 'late_success',
  '46733123454': 'pending_forever',
}

/** The outcome a fake plays for a number (digits only, no plus). */
export function scriptedOutcome(msisdn: string): ScriptedOutcome {
  const digits = msisdn.replace(/\D/g, '')
  if (mtnSandbox[digits]) return mtnSandbox[digits]
  const tail = digits.slice(-6) as keyof typeof scriptedOutcomes
  return scriptedOutcomes[tail] ?? 'success'
}

/**
 * How long a payment fake's transfers take and what it holds, unless its options say otherwise (the same on every
 * fake, so a test or a demo can switch providers without retiming).
 */
export function paymentFakeDefaults(options: {
  settleMs?: number
  lateSuccessMs?: number
  clientTimeoutHangMs?: number
  float?: number
}) {
  return {
    /** From accepted to final. */
    settleMs: options.settleMs ?? 300,
    /** When a 'late_success' number's transfer succeeds. */
    lateSuccessMs: options.lateSuccessMs ?? 3000,
    /** How long a 'timeout_after_accept' number's answer is held, having recorded the transfer. */
    clientTimeoutHangMs: options.clientTimeoutHangMs ?? 10_000,
    /** The balance payouts are paid from, RWF. */
    float: options.float ?? 50_000_000,
  }
}
