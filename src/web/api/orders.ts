import type { OrderStatus } from '../../shared/constants'
import { api, call } from './client'
import { pageQuery, useApiMutation, usePagedQuery, type PagePosition } from './queries'
import { dashboardKeys, orderKeys, payoutKeys, productKeys } from './query-keys'

/** The vendor's list: a status, and the days the orders were placed on (an end left out is open). */
export type OrderFilters = { status: 'all' | OrderStatus; from?: string; to?: string } & PagePosition

export function useVendorOrders(filters: OrderFilters) {
  const { status, from, to } = filters
  return usePagedQuery(orderKeys.list(filters), (options) =>
    call(api.vendor.orders.$get({ query: { status, from, to, ...pageQuery(filters) } }, options)),
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
