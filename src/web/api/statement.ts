import { useInfiniteQuery } from '@tanstack/react-query'
import type { Language } from '../../shared/language'
import { api, call, withSignal } from './client'
import { payoutKeys } from './query-keys'

/**
 * A shop's statement: the vendor's own (no shop named) or, for an admin, the shop `vendorId` names. Kept under the
 * payouts' keys: a payout requested or decided, which adds a line, refreshes it with the rest of the payouts.
 */
export const statementKey = (vendorId: string | undefined, month: string) =>
  payoutKeys.named('statement', vendorId ?? 'own', month)

/** One month's statement, 50 lines a page: Load more fetches the next page and keeps the ones before. */
export function useStatement({ vendorId, month }: { vendorId?: string; month: string }) {
  return useInfiniteQuery({
    queryKey: statementKey(vendorId, month),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const query = pageParam ? { month, cursor: pageParam } : { month }
      return vendorId
        ? call(
            api.admin.vendors[':id'].statement.$get({ param: { id: vendorId }, query }, withSignal(signal)),
          )
        : call(api.vendor.statement.$get({ query }, withSignal(signal)))
    },
    getNextPageParam: (page) => page.nextCursor,
  })
}

/**
 * Where the whole month downloads from, as CSV or as a PDF in `language`: a plain link (the typed client reads
 * JSON), its address built by the typed client from the server's route table.
 */
export function statementDownloadPath(
  format: 'csv' | 'pdf',
  { vendorId, month, language }: { vendorId?: string; month: string; language: Language },
) {
  if (format === 'csv') {
    return vendorId
      ? api.admin.vendors[':id']['statement.csv'].$path({ param: { id: vendorId }, query: { month } })
      : api.vendor['statement.csv'].$path({ query: { month } })
  }
  const query = { month, lang: language }
  return vendorId
    ? api.admin.vendors[':id']['statement.pdf'].$path({ param: { id: vendorId }, query })
    : api.vendor['statement.pdf'].$path({ query })
}
