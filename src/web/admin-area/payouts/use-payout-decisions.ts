import { useTranslation } from 'react-i18next'
import { useDecidePayout, type PayoutDecision } from '../../api/admin-payouts'
import { useReportedDecisions } from '../../components/use-one-at-a-time'

export type Acting = Pick<PayoutDecision, 'id' | 'status'>

/**
 * Approving and rejecting payouts one decision at a time: while one runs, a second click on any payout is
 * ignored. A refused decision changes nothing; the list refreshes to show what stands.
 */
export function usePayoutDecisions() {
  const { t } = useTranslation()
  const { acting, decide } = useReportedDecisions(useDecidePayout(), {
    succeeded: (decision) =>
      t(
        decision.status === 'rejected'
          ? 'admin.payouts.rejected'
          : // Approved without a reference: the server queued it for its provider (or it would have refused).
            decision.paymentReference
            ? 'admin.payouts.approved'
            : 'mobileMoney.approve.queued',
      ),
    failed: () => t('admin.payouts.updateFailed'),
  })
  return { acting: acting as Acting | null, decide }
}
