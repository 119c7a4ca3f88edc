import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { VendorStatusFilter } from '../../shared/schemas/vendor'
import { api, call, withSignal } from './client'
import { adminKeys } from './query-keys'

export type AdminVendorFilters = { q: string; status: VendorStatusFilter; page: number; pageSize: number }

/** One page of vendor applications; the previous page stays on screen while the next one loads. */
export function useAdminVendors(filters: AdminVendorFilters) {
  return useQuery({
    queryKey: adminKeys.list({ resource: 'vendors', ...filters }),
    queryFn: ({ signal }) =>
      call(
        api.admin.vendors.$get(
          {
            query: {
              q: filters.q,
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

/** One application for the View dialog (null: no dialog open, nothing fetched). */
export function useAdminVendor(id: string | null) {
  return useQuery({
    queryKey: adminKeys.detail(id ?? ''),
    queryFn: ({ signal }) =>
      call(api.admin.vendors[':id'].$get({ param: { id: id ?? '' } }, withSignal(signal))),
    enabled: id !== null,
  })
}

export type VendorDecision = { id: string; status: 'approved' | 'rejected'; reason?: string }

/** Approve or reject a pending application; the list, the dialog and the dashboard figures refresh. */
export function useDecideVendor() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ id, status, reason }: VendorDecision) =>
      call(api.admin.vendors[':id'].status.$patch({ param: { id }, json: { status, reason } })),
    onSuccess: (application) => client.setQueryData(adminKeys.detail(application.id), application),
    // Also after a refusal: another admin may have decided first, and the screen should show what stands.
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  })
}
