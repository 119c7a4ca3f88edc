import { useQuery } from '@tanstack/react-query'
import type { ProductStatus } from '../../shared/constants'
import type { StockFilter } from '../../shared/schemas/product'
import { detailQuery, pageQuery, showInDetail, useApiMutation, usePagedQuery } from './queries'
import type { PagePosition } from './queries'
import { api, call } from './client'
import { auditLogKeys, dashboardKeys, productKeys, reportKeys } from './query-keys'

export type AdminProductStatusFilter = 'all' | ProductStatus

export type AdminProductFilters = {
  q: string
  status: AdminProductStatusFilter
  /** Created on or after this Kigali day (YYYY-MM-DD), or from the start. */
  from: string | null
  /** Created on or before this Kigali day, or up to now. */
  to: string | null
  /** low: a variant at or below its own shop's low-stock threshold. */
  stock: StockFilter
} & PagePosition

/** One page of products under moderation; the previous page stays on screen while the next one loads. */
export function useAdminProducts(filters: AdminProductFilters) {
  const { q, status, from, to, stock } = filters
  const query = { q: q || undefined, status, from: from ?? undefined, to: to ?? undefined, stock }
  return usePagedQuery(productKeys.list(filters), (options) =>
    call(api.admin.products.$get({ query: { ...query, ...pageQuery(filters) } }, options)),
  )
}

/** One product for the details dialog (null: no dialog open, nothing fetched). */
export function useAdminProduct(id: string | null) {
  return useQuery(
    detailQuery(productKeys.detail(id ?? ''), id, (param, options) =>
      call(api.admin.products[':id'].$get({ param }, options)),
    ),
  )
}

/** What a moderation decision moves: the products, the figures that count them, the audit trail. */
const decided = [productKeys.all, dashboardKeys.all, reportKeys.all, auditLogKeys.all]

export type ProductDecision = { id: string; status: 'approved' | 'rejected'; reason?: string }

/** Approve or reject one product; the list, an open details dialog and the dashboard figures refresh. */
export const useDecideProduct = () =>
  useApiMutation({
    mutationFn: ({ id, status, reason }: ProductDecision) =>
      call(api.admin.products[':id'].status.$patch({ param: { id }, json: { status, reason } })),
    invalidates: decided,
    onSuccess: showInDetail(productKeys),
  })

export type BulkProductDecision = { ids: string[]; status: 'approved' | 'rejected'; reason?: string }

/** The same decision for the selected products; the answer says which changed and which already had it. */
export const useDecideProducts = () =>
  useApiMutation({
    mutationFn: (decision: BulkProductDecision) =>
      call(api.admin.products.decisions.$post({ json: decision })),
    invalidates: decided,
  })
