import type { AdjustmentStatusFilter } from '../../shared/schemas/adjustment'
import { api, call } from './client'
import { pageQuery, useApiMutation, usePagedQuery, type PagePosition } from './queries'
import { auditLogKeys, dashboardKeys, payoutKeys, reportKeys } from './query-keys'

/** Which adjustments: a status, and one shop's only when vendorId is given. */
export type AdjustmentFilters = { status: AdjustmentStatusFilter; vendorId?: string } & PagePosition

/**
 * Adjustments move shops' balances, which the payouts screens show: their queries live under the payouts' keys,
 * so a payout change announced live (topic `payouts`, which an adjustment announces too) refreshes them.
 */
const adjustmentKeys = {
  list: (filters: AdjustmentFilters) => payoutKeys.named('adjustments', filters),
}

/** One page of adjustments with the threshold above which a new one waits for a second admin. */
export function useAdjustments(filters: AdjustmentFilters) {
  const { status, vendorId } = filters
  return usePagedQuery(adjustmentKeys.list(filters), (options) =>
    call(
      api.admin.adjustments.$get(
        { query: { status, ...(vendorId ? { vendorId } : {}), ...pageQuery(filters) } },
        options,
      ),
    ),
  )
}

/** What an adjustment moves: the shops' balances (payouts), the figures and the audit trail. */
const movedByAdjustments = [payoutKeys.all, dashboardKeys.all, reportKeys.all, auditLogKeys.all]

export type NewAdjustment = { vendorId: string; amount: number; reason: string }

/** Credit (positive amount) or debit (negative) a shop; it posts at once or waits for a second admin. */
export const useCreateAdjustment = () =>
  useApiMutation({
    mutationFn: ({ vendorId, amount, reason }: NewAdjustment) =>
      call(api.admin.vendors[':id'].adjustments.$post({ param: { id: vendorId }, json: { amount, reason } })),
    invalidates: movedByAdjustments,
  })

export type AdjustmentDecision = { id: string; decision: 'approve' | 'reject' }

/** A second admin approves (it posts) or rejects a pending adjustment. */
export const useDecideAdjustment = () =>
  useApiMutation({
    mutationFn: ({ id, decision }: AdjustmentDecision) =>
      call(
        decision === 'approve'
          ? api.admin.adjustments[':id'].approve.$post({ param: { id } })
          : api.admin.adjustments[':id'].reject.$post({ param: { id } }),
      ),
    invalidates: movedByAdjustments,
  })
