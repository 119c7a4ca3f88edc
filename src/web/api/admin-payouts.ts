import { useQuery } from '@tanstack/react-query'
import type {
  AdminPayoutDto,
  AdminPayoutStatusFilter,
  PaymentDetailsChoice,
} from '../../shared/schemas/payout'
import { detailQuery, pageQuery, useApiMutation, usePagedQuery, type PagePosition } from './queries'
import { api, call } from './client'
import { auditLogKeys, dashboardKeys, paymentKeys, payoutKeys, reportKeys } from './query-keys'

/** The list's filters: search, status and the days the payouts were requested on (an end left out is open). */
export type AdminPayoutSearch = { q: string; status: AdminPayoutStatusFilter; from?: string; to?: string }
export type AdminPayoutFilters = AdminPayoutSearch & PagePosition

/**
 * One page of every shop's payouts with the summary figures; the previous page stays on screen while the next
 * one loads. A payout change announced live refreshes it (realtime.ts).
 */
export function useAdminPayouts(filters: AdminPayoutFilters) {
  const { q, status, from, to } = filters
  return usePagedQuery(payoutKeys.list(filters), (options) =>
    call(api.admin.payouts.$get({ query: { q, status, from, to, ...pageQuery(filters) } }, options)),
  )
}

/**
 * One payout for the details dialog (null: no dialog open, nothing fetched). The row the list already holds
 * shows at once while the current figures load.
 */
export function useAdminPayout(id: string | null, listed?: AdminPayoutDto) {
  return useQuery({
    ...detailQuery(payoutKeys.detail(id ?? ''), id, (param, options) =>
      call(api.admin.payouts[':id'].$get({ param }, options)),
    ),
    placeholderData: listed?.id === id ? listed : undefined,
  })
}

export type PayoutDecision = {
  id: string
  status: 'approved' | 'rejected'
  /** With a rejection: why, for the vendor. */
  reason?: string
  /** With an approval: how the money was sent. */
  paymentReference?: string
}

/**
 * Approve or reject a pending payout; the list, its figures, the details and the dashboard refresh, and the
 * mobile-money overview (a mobile-money payout approved without a reference waits there to be sent).
 */
export const useDecidePayout = () =>
  useApiMutation({
    mutationFn: ({ id, status, reason, paymentReference }: PayoutDecision) =>
      call(
        api.admin.payouts[':id'].$patch({
          param: { id },
          json: status === 'approved' ? { status, paymentReference } : { status, reason },
        }),
      ),
    invalidates: [payoutKeys.all, dashboardKeys.all, reportKeys.all, auditLogKeys.all, paymentKeys.all],
  })

/**
 * Where the CSV of the filtered payouts downloads from: a plain link (the typed client reads JSON), its address
 * built by the typed client from the server's route table. Masked unless the admin asks for the full payment
 * details (an export the server records in the audit log).
 */
export const payoutsExportPath = (
  { q, status, from, to }: AdminPayoutSearch,
  paymentDetails: PaymentDetailsChoice = 'masked',
) =>
  api.admin.payouts.export.$path({
    query: paymentDetails === 'full' ? { q, status, from, to, paymentDetails } : { q, status, from, to },
  })

/**
 * The admin's deliberate reveal of where a payout's money goes, in full: a POST, since the server records each
 * reveal in the audit log (which then refreshes). Nothing is cached: closing the dialog forgets the details.
 */
export const useRevealPayoutDestination = () =>
  useApiMutation({
    mutationFn: (id: string) => call(api.admin.payouts[':id']['payout-details'].$post({ param: { id } })),
    invalidates: [auditLogKeys.all],
  })
