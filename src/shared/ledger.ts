/**
 * The ledger's words (docs/decisions/021): its accounts, the kinds of entry and of line. Shared by the server,
 * which writes them, and the screens, which name them in the reader's language.
 */

/**
 * The accounts. `vendor_payable` is one per shop (what the marketplace owes it); the others are the
 * marketplace's own. A line's amount credits its account when positive and debits it when negative, and the
 * lines of an entry add up to 0.
 */
export const ledgerAccounts = [
  'vendor_payable',
  'marketplace_cash',
  'commission_income',
  'vat_on_commission_payable',
  'payouts_in_transit',
  'subscription_income',
  'adjustments',
  // What the marketplace holds at each mobile-money provider to pay out from (step 12, docs/payments.md).
  'provider_float_mtn',
  'provider_float_airtel',
  'provider_float_pawapay',
] as const
export type LedgerAccount = (typeof ledgerAccounts)[number]

/** What caused an entry. */
export const ledgerEntryKinds = [
  'opening',
  'sale',
  'refund',
  'reversal',
  'payout_requested',
  'payout_paid',
  'payout_returned',
  'payout_changed',
  'adjustment',
  'subscription_fee',
] as const
export type LedgerEntryKind = (typeof ledgerEntryKinds)[number]

/** The lines an order's sale and its refund write: the sale, the commission and VAT on it, and their reverses. */
export const orderLineKinds = [
  'sale',
  'commission',
  'commission_vat',
  'refund',
  'commission_refund',
  'commission_vat_refund',
] as const

/** What a line is, as a shop's statement names it. */
export const ledgerLineKinds = [
  'opening',
  ...orderLineKinds,
  'payout',
  'payout_paid',
  'payout_returned',
  'adjustment',
  'fee',
] as const
export type LedgerLineKind = (typeof ledgerLineKinds)[number]

/** Commission is a share in basis points (1 bp = 0.01%) and/or a fixed amount per order line. */
export const BASIS_POINTS = 10_000
/** VAT on the marketplace's commission unless the operator sets another rate: 18%. */
export const DEFAULT_VAT_RATE_BP = 1_800

export const adjustmentStatuses = ['pending', 'posted', 'rejected'] as const
export type AdjustmentStatus = (typeof adjustmentStatuses)[number]

/** A Rwandan TIN: 9 digits. */
export const tinPattern = /^[0-9]{9}$/
