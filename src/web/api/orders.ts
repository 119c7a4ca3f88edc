import type { OrderStatus } from '../../shared/constants'
import { api, call } from './client'
import { pageQuery, useApiMutation, usePagedQuery, type PagePosition } from './queries'
import { dashboardKeys, orderKeys, payoutKeys, productKeys } from './query-keys'

export type OrderFilters = { status: 'all' | OrderStatus } & PagePosition

export function useVendorOrders(filters: OrderFilters) {
  return usePagedQuery(orderKeys.list(filters), (options) =>
    call(api.vendor.orders.$get({ query: { status: filters.status, ...pageQuery(filters) } }, options)),
  )
}

/**
 * Completing or refunding moves the balance and the dashboard figures too. A refusal (someone changed the order
 * first) refreshes the list as well, so it shows what the order is now.
 */
export const useSetOrderStatus = () =>
  useApiMutation({
    mutationFn: ({ id, status }: { id: string; status: 'completed' | 'refunded' }) =>
      call(api.vendor.orders[':id'].status.$patch({ param: { id }, json: { status } })),
    invalidates: [orderKeys.all, payoutKeys.all, productKeys.all, dashboardKeys.all],
  })
