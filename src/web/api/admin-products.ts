import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ProductStatus } from '../../shared/constants'
import { api, call, withSignal } from './client'
import { adminKeys } from './query-keys'

export type AdminProductStatusFilter = 'all' | ProductStatus

export type AdminProductFilters = {
  q: string
  status: AdminProductStatusFilter
  /** Created on or after this Kigali day (YYYY-MM-DD), or from the start. */
  from: string | null
  /** Created on or before this Kigali day, or up to now. */
  to: string | null
  page: number
  pageSize: number
}

/** One page of products under moderation; the previous page stays on screen while the next one loads. */
export function useAdminProducts(filters: AdminProductFilters) {
  return useQuery({
    queryKey: adminKeys.list({ resource: 'products', ...filters }),
    queryFn: ({ signal }) =>
      call(
        api.admin.products.$get(
          {
            query: {
              q: filters.q || undefined,
              status: filters.status,
              from: filters.from ?? undefined,
              to: filters.to ?? undefined,
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

/** One product for the details dialog (null: no dialog open, nothing fetched). */
export function useAdminProduct(id: string | null) {
  return useQuery({
    queryKey: adminKeys.detail(id ?? ''),
    queryFn: ({ signal }) =>
      call(api.admin.products[':id'].$get({ param: { id: id ?? '' } }, withSignal(signal))),
    enabled: id !== null,
  })
}

export type ProductDecision = { id: string; status: 'approved' | 'rejected'; reason?: string }

/** Approve or reject one product; the list, an open details dialog and the dashboard figures refresh. */
export function useDecideProduct() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ id, status, reason }: ProductDecision) =>
      call(api.admin.products[':id'].status.$patch({ param: { id }, json: { status, reason } })),
    onSuccess: (product) => client.setQueryData(adminKeys.detail(product.id), product),
    // Also after a refusal: another admin may have decided first, and the screen should show what stands.
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  })
}

export type BulkProductDecision = { ids: string[]; status: 'approved' | 'rejected'; reason?: string }

/** The same decision for the selected products; the answer says which changed and which already had it. */
export function useDecideProducts() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (decision: BulkProductDecision) =>
      call(api.admin.products.decisions.$post({ json: decision })),
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  })
}
