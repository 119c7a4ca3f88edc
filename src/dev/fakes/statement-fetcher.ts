import type { PaymentProviderName } from '../../shared/payments'
import type { StatementFetcher } from '../../server/payments/reconciliation.service'

/**
 * The daily reconciliation's statements, read from the fakes a development or demo process runs (their
 * `GET /_fake/statement.csv`): the day asked for, to the instant, in each fake's own layout. A provider with no fake
 * here gives none, and the check asks that provider about each transfer instead.
 */
export function fakeStatementFetcher(urls: Partial<Record<PaymentProviderName, string>>): StatementFetcher {
  return async (provider, period) => {
    const base = urls[provider]
    if (!base) return null
    const query = new URLSearchParams({ from: period.from.toISOString(), to: period.to.toISOString() })
    const response = await fetch(`${base}/_fake/statement.csv?${query}`, {
      signal: AbortSignal.timeout(10_000),
    })
    if (!response.ok) {
      await response.body?.cancel()
      throw new Error(`the ${provider} fake answered ${response.status} for its statement`)
    }
    return { csv: await response.text(), fileName: `${provider}-statement-${period.day}.csv` }
  }
}
