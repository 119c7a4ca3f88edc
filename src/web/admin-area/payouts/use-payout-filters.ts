import { useSearchParams } from 'react-router'
import { adminPayoutStatusFilters, type AdminPayoutStatusFilter } from '../../../shared/schemas/payout'
import { pageFrom, withPage } from '../../components/use-page-param'

const isStatusFilter = (value: string | null): value is AdminPayoutStatusFilter =>
  (adminPayoutStatusFilters as readonly (string | null)[]).includes(value)

/** The longest search the server takes; a longer one would only be refused. */
export const searchMax = 200

/**
 * The search, status filter and page live in the address (?q=inyange&status=pending&page=2): reload, back and
 * shared links keep them. A new search or filter starts at its first page.
 */
export function usePayoutFilters() {
  const [params, setParams] = useSearchParams()
  const raw = params.get('status')
  const status: AdminPayoutStatusFilter = isStatusFilter(raw) ? raw : 'all'
  const q = (params.get('q') ?? '').slice(0, searchMax)
  const page = pageFrom(params)
  const update = (
    next: { q?: string; status?: AdminPayoutStatusFilter; page?: number },
    options?: { replace?: boolean },
  ) =>
    setParams((current) => {
      const nextQ = next.q ?? q
      const nextStatus = next.status ?? status
      const isNewQuery = nextQ.trim() !== q.trim() || nextStatus !== status
      const query = withPage(current, isNewQuery ? 1 : (next.page ?? page))
      if (nextQ.trim()) query.set('q', nextQ)
      else query.delete('q')
      if (nextStatus === 'all') query.delete('status')
      else query.set('status', nextStatus)
      return query
    }, options)
  return { q, status, page, update }
}
