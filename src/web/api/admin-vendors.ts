import { useQuery } from '@tanstack/react-query'
import type { Plan } from '../../shared/constants'
import type { VendorStatusFilter } from '../../shared/schemas/vendor'
import { adminDetail, useAdminDecision, useAdminList } from './admin-queries'
import { pageQuery, type PagePosition } from './queries'
import { api, call } from './client'

export type AdminVendorFilters = { q: string; status: VendorStatusFilter } & PagePosition

/** One page of vendor applications; the previous page stays on screen while the next one loads. */
export function useAdminVendors(filters: AdminVendorFilters) {
  const { q, status } = filters
  return useAdminList('vendors', filters, (options) =>
    call(api.admin.vendors.$get({ query: { q, status, ...pageQuery(filters) } }, options)),
  )
}

/** One application for the View dialog (null: no dialog open, nothing fetched). */
export function useAdminVendor(id: string | null) {
  return useQuery(
    adminDetail(id, (param, options) => call(api.admin.vendors[':id'].$get({ param }, options))),
  )
}

export type VendorDecision = { id: string; status: 'approved' | 'rejected'; reason?: string }

/** Approve or reject a pending application; the list, the dialog and the dashboard figures refresh. */
export function useDecideVendor() {
  return useAdminDecision(({ id, status, reason }: VendorDecision) =>
    call(api.admin.vendors[':id'].status.$patch({ param: { id }, json: { status, reason } })),
  )
}

/** Confirm that the plan a vendor requested was paid for: it becomes their plan (the plan named must match). */
export function useConfirmPlan() {
  return useAdminDecision(({ id, plan }: { id: string; plan: Plan }) =>
    call(api.admin.vendors[':id'].plan.$post({ param: { id }, json: { plan } })),
  )
}
