import { mobileMoneyProviders, type PayoutMethod } from '../../shared/constants'

type Provider = (typeof mobileMoneyProviders)[number]

const isProvider = (value: string | undefined): value is Provider =>
  (mobileMoneyProviders as readonly (string | undefined)[]).includes(value)

/**
 * Where the money goes, as masked by the server: "MTN Mobile Money · •••• 3456", "Bank of Kigali · •••• 4821".
 * A provider outside the known ones shows as stored.
 */
export function describePayoutDetails(
  method: PayoutMethod | null,
  details: Record<string, string> | null,
  providerName: (provider: Provider) => string,
): string {
  const { provider, bankName, accountNumber, paypalEmail, mobileNumber } = details ?? {}
  const parts =
    method === 'bank'
      ? [bankName, accountNumber]
      : method === 'paypal'
        ? [paypalEmail]
        : [isProvider(provider) ? providerName(provider) : provider, mobileNumber]
  return parts.filter(Boolean).join(' · ')
}
