import type { PaymentProviderName } from '../../shared/payments'
import { normalisePhone } from '../../shared/phone'
import type { CollectionProvider, PayoutProvider } from './provider'

/** A Rwandan mobile network, by the number's prefix: MTN 078/079, Airtel 072/073. */
export type Network = 'mtn' | 'airtel'

/**
 * The digits a provider takes (2507…) of a number as a profile may keep it (+250 788…, 0788 123 456), or null when
 * it is not a mobile number.
 */
export const msisdnOf = (number: string): string | null => {
  const trimmed = number.trim()
  const e164 = normalisePhone(/^250\d{9}$/.test(trimmed) ? `+${trimmed}` : trimmed)
  return e164 ? e164.slice(1) : null
}

/** The network of a number, or null when it is not a Rwandan mobile number. */
export function networkOf(number: string): Network | null {
  const digits = msisdnOf(number) ?? ''
  if (/^2507[89]\d{7}$/.test(digits)) return 'mtn'
  if (/^2507[23]\d{7}$/.test(digits)) return 'airtel'
  return null
}

/** The networks each provider reaches: MTN and Airtel their own, pawaPay both. */
const reach: Record<PaymentProviderName, readonly Network[]> = {
  mtn: ['mtn'],
  airtel: ['airtel'],
  pawapay: ['mtn', 'airtel'],
}

export type ProviderClient = PayoutProvider & CollectionProvider

/**
 * The providers this marketplace is configured with (PAYOUT_PROVIDER), and which one pays a given number: the
 * operator's own provider for its network before an aggregator, so `mtn,airtel,pawapay` sends MTN numbers
 * through MTN. None configured (`manual`): every payout is paid by hand, as before.
 */
export type PaymentProviders = {
  readonly names: readonly PaymentProviderName[]
  get(name: PaymentProviderName): ProviderClient | null
  /** The provider that pays (or collects from) this number, or null: paid by hand. */
  forNumber(msisdn: string): PaymentProviderName | null
}

export function createPaymentProviders(
  clients: Partial<Record<PaymentProviderName, ProviderClient>>,
): PaymentProviders {
  const names = (['mtn', 'airtel', 'pawapay'] as const).filter((name) => clients[name])
  return {
    names,
    get: (name) => clients[name] ?? null,
    forNumber(msisdn) {
      const network = networkOf(msisdn)
      if (!network) return null
      return names.find((name) => reach[name].includes(network)) ?? null
    },
  }
}

/** No provider: the manual flow (an admin pays elsewhere and types the reference). */
export const manualOnly: PaymentProviders = createPaymentProviders({})
