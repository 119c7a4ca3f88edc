import type { OrderStatus } from '../../shared/constants'
import { api, call } from './client'
import { pageQuery, useApiMutation, usePagedQuery, type PagePosition } from './queries'
import { dashboardKeys, orderKeys, payoutKeys, productKeys } from './query-keys'

/** The vendor's list: a status, a search, and the days the orders were placed on (an end left out is open). */
export type OrderFilters = {
  status: 'all' | OrderStatus
  q: string
  from?: string
  to?: string
} & PagePosition

export function useVendorOrders(filters: OrderFilters) {
  const { status, q, from, to } = filters
  return usePagedQuery(orderKeys.list(filters), (options) =>
    call(
      api.vendor.orders.$get(
        { query: { status, ...(q ? { q } : {}), from, to, ...pageQuery(filters) } },
        options,
      ),
    ),
  )
}

/** What completing or refunding moves: the orders, the balance, the products' stock figures, the dashboard. */
const statusMoves = [orderKeys.all, payoutKeys.all, productKeys.all, dashboardKeys.all]

/**
 * Completing or refunding moves the balance and the dashboard figures too. A refusal (someone changed the order
 * first) refreshes the list as well, so it shows what the order is now.
 */
export const useSetOrderStatus = () =>
  useApiMutation({
    mutationFn: ({ id, status }: { id: string; status: 'completed' | 'refunded' }) =>
      call(api.vendor.orders[':id'].status.$patch({ param: { id }, json: { status } })),
    invalidates: statusMoves,
  })

/** "Mark Completed" for the selected orders, all or none; a refusal refreshes the list to show what they are now. */
export const useCompleteOrders = () =>
  useApiMutation({
    mutationFn: (ids: string[]) => call(api.vendor.orders.complete.$post({ json: { ids } })),
    invalidates: statusMoves,
  })
