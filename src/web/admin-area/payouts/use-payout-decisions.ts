import { useTranslation } from 'react-i18next'
import { useDecidePayout, type PayoutDecision } from '../../api/admin-payouts'
import { failureDetail } from '../../components/use-flash-message'
import { useOneAtATime } from '../../components/use-one-at-a-time'

export type Acting = Pick<PayoutDecision, 'id' | 'status'>

type Report = {
  success: (message: string) => void
  /** The screen's own failure message, and what the server said (the row is left as it was). */
  error: (message: string, detail: string | undefined) => void
  /** After either: put focus back where the reader was. */
  settled?: () => void
}

/**
 * Approving and rejecting payouts one decision at a time: while one runs, a second click on any payout is
 * ignored. A refused decision changes nothing; the list refreshes to show what stands.
 */
export function usePayoutDecisions() {
  const { t } = useTranslation()
  const { acting, run } = useOneAtATime(useDecidePayout())
  const decide = (decision: PayoutDecision, report: Report) =>
    run(decision, {
      onSuccess: () =>
        report.success(
          t(decision.status === 'approved' ? 'admin.payouts.approved' : 'admin.payouts.rejected'),
        ),
      onError: (error) => report.error(t('admin.payouts.updateFailed'), failureDetail(t, error)),
      onSettled: report.settled,
    })
  return { acting: acting as Acting | null, decide }
}
