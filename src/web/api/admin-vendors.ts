import { useQuery } from '@tanstack/react-query'
import type { Plan } from '../../shared/constants'
import type { VendorStatusFilter } from '../../shared/schemas/vendor'
import { detailQuery, pageQuery, showInDetail, useApiMutation, usePagedQuery } from './queries'
import type { PagePosition } from './queries'
import { api, call } from './client'
import { auditLogKeys, dashboardKeys, reportKeys, vendorKeys } from './query-keys'

export type AdminVendorFilters = { q: string; status: VendorStatusFilter } & PagePosition

/** One page of vendor applications; the previous page stays on screen while the next one loads. */
export function useAdminVendors(filters: AdminVendorFilters) {
  const { q, status } = filters
  return usePagedQuery(vendorKeys.list(filters), (options) =>
    call(api.admin.vendors.$get({ query: { q, status, ...pageQuery(filters) } }, options)),
  )
}

/** One application for the View dialog (null: no dialog open, nothing fetched). */
export function useAdminVendor(id: string | null) {
  return useQuery(
    detailQuery(vendorKeys.detail(id ?? ''), id, (param, options) =>
      call(api.admin.vendors[':id'].$get({ param }, options)),
    ),
  )
}

/** A decision on a shop: the dialog shows the answer at once; the lists, figures and audit trail refresh. */
const useVendorDecision = <Input, Output extends { id: string }>(
  mutationFn: (input: Input) => Promise<Output>,
) =>
  useApiMutation({
    mutationFn,
    invalidates: [vendorKeys.all, dashboardKeys.all, reportKeys.all, auditLogKeys.all],
    onSuccess: showInDetail(vendorKeys),
  })

export type VendorDecision = { id: string; status: 'approved' | 'rejected'; reason?: string }

/** Approve or reject a pending application; the list, the dialog and the dashboard figures refresh. */
export const useDecideVendor = () =>
  useVendorDecision(({ id, status, reason }: VendorDecision) =>
    call(api.admin.vendors[':id'].status.$patch({ param: { id }, json: { status, reason } })),
  )

/** Confirm that the plan a vendor requested was paid for: it becomes their plan (the plan named must match). */
export const useConfirmPlan = () =>
  useVendorDecision(({ id, plan }: { id: string; plan: Plan }) =>
    call(api.admin.vendors[':id'].plan.$post({ param: { id }, json: { plan } })),
  )

/**
 * The admin's deliberate reveal of where a shop is paid, in full, from the vendor review: a POST, since the
 * server records each reveal in the audit log (which then refreshes). Nothing is cached.
 */
export const useRevealVendorPayoutDetails = () =>
  useApiMutation({
    mutationFn: (id: string) => call(api.admin.vendors[':id']['payout-details'].$post({ param: { id } })),
    invalidates: [auditLogKeys.all],
  })
