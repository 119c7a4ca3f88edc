import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { OrderStatus } from '../../shared/constants'
import { api, call, withSignal } from './client'
import { orderKeys, payoutKeys, productKeys, vendorKeys } from './query-keys'

export type OrderFilters = { status: 'all' | OrderStatus; page: number; pageSize: number }

export function useVendorOrders(filters: OrderFilters) {
  return useQuery({
    queryKey: orderKeys.list(filters),
    queryFn: ({ signal }) =>
      call(
        api.vendor.orders.$get(
          {
            query: {
              status: filters.status,
              page: String(filters.page),
              pageSize: String(filters.pageSize),
            },
          },
          withSignal(signal),
        ),
      ),
    placeholderData: keepPreviousData,
  })
}

/** Completing or refunding moves the balance and the dashboard figures too. */
export function useSetOrderStatus() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: 'completed' | 'refunded' }) =>
      call(api.vendor.orders[':id'].status.$patch({ param: { id }, json: { status } })),
    onSuccess: () => {
      for (const queryKey of [orderKeys.all, payoutKeys.all, productKeys.all, vendorKeys.named('dashboard')])
        void client.invalidateQueries({ queryKey })
    },
  })
}
