import type { OrderStatus } from '../../shared/constants'
import { api, call } from './client'
import { pageQuery, useChange, usePagedQuery, type PagePosition } from './queries'
import { orderKeys, payoutKeys, productKeys, vendorKeys } from './query-keys'

export type OrderFilters = { status: 'all' | OrderStatus } & PagePosition

export function useVendorOrders(filters: OrderFilters) {
  return usePagedQuery(orderKeys.list(filters), (options) =>
    call(api.vendor.orders.$get({ query: { status: filters.status, ...pageQuery(filters) } }, options)),
  )
}

/** Completing or refunding moves the balance and the dashboard figures too. */
export const useSetOrderStatus = () =>
  useChange(
    ({ id, status }: { id: string; status: 'completed' | 'refunded' }) =>
      call(api.vendor.orders[':id'].status.$patch({ param: { id }, json: { status } })),
    [orderKeys.all, payoutKeys.all, productKeys.all, vendorKeys.named('dashboard')],
  )
