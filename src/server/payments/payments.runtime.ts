import type { Config } from '../config'
import type { PaymentProviderName } from '../../shared/payments'
import { createAirtelClient } from './providers/airtel'
import { createMtnClient } from './providers/mtn'
import { createPawapayClient } from './providers/pawapay'
import { createPaymentProviders, type PaymentProviders, type ProviderClient } from './registry'

/**
 * The real providers named by PAYOUT_PROVIDER, each calling back to its own path under PUBLIC_URL. `fake` is not
 * one of them: the process that asked for the fakes starts them itself (src/dev/fakes/start-fakes.ts).
 */
export function providersFromConfig(config: Config): PaymentProviders {
  const { payments } = config
  const callbackUrl = (name: PaymentProviderName) => `${payments.callbackBase}/${name}`
  const clients: Partial<Record<PaymentProviderName, ProviderClient>> = {}
  for (const name of payments.providers) {
    if (name === 'mtn') clients.mtn = createMtnClient({ ...payments.mtn, callbackUrl: callbackUrl('mtn') })
    if (name === 'airtel') clients.airtel = createAirtelClient(payments.airtel)
    if (name === 'pawapay') {
      clients.pawapay = createPawapayClient({ ...payments.pawapay, callbackUrl: callbackUrl('pawapay') })
    }
  }
  return createPaymentProviders(clients)
}
