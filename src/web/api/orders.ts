import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { OrderDto, OrderList } from '../../shared/schemas/order'
import { api } from './client'
import { vendorKeys } from './vendor'

export type OrderFilters = { status: 'all' | 'pending' | 'completed' | 'refunded'; page: number; pageSize: number }

export const orderKeys = {
  all: ['orders'] as const,
  lists: () => [...orderKeys.all, 'list'] as const,
  list: (filters: OrderFilters) => [...orderKeys.lists(), filters] as const,
}

export function useVendorOrders(filters: OrderFilters) {
  return useQuery({
    queryKey: orderKeys.list(filters),
    queryFn: ({ signal }) =>
      api<OrderList>(
        'GET',
        `/vendor/orders?status=${filters.status}&page=${filters.page}&pageSize=${filters.pageSize}`,
        undefined,
        signal,
      ),
    placeholderData: keepPreviousData,
  })
}

export function useSetOrderStatus() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: 'completed' | 'refunded' }) =>
      api<OrderDto>('PATCH', `/vendor/orders/${id}/status`, { status }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: orderKeys.all })
      void client.invalidateQueries({ queryKey: ['payouts'] })
      void client.invalidateQueries({ queryKey: vendorKeys.dashboard() })
    },
  })
}
