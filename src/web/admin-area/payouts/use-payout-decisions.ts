import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiError } from '../../api/client'
import { useDecidePayout, type PayoutDecision } from '../../api/admin-payouts'
import { failureDetail } from '../../components/use-flash-message'

export type Acting = Pick<PayoutDecision, 'id' | 'status'>

type Report = {
  success: (message: string) => void
  /** `fields`: the dialog's inputs the server refused (the dialog stays open to correct them). */
  error: (message: string, detail: string | undefined, fields?: Record<string, string>) => void
  /** After either: put focus back where the reader was. */
  settled?: () => void
}

/**
 * Approving and rejecting, one decision at a time: while one runs, a second click (on any payout) is ignored.
 * The guard is a ref, so even two clicks in the same frame, before the buttons re-render as busy, send one
 * request. A refused decision changes nothing on the server; the list refreshes to show what stands.
 */
export function usePayoutDecisions() {
  const { t } = useTranslation()
  const mutation = useDecidePayout()
  const isBusy = useRef(false)
  const [acting, setActing] = useState<Acting | null>(null)

  const decide = (decision: PayoutDecision, report: Report) => {
    if (isBusy.current) return
    isBusy.current = true
    setActing({ id: decision.id, status: decision.status })
    mutation.mutate(decision, {
      onSuccess: () =>
        report.success(
          t(decision.status === 'approved' ? 'admin.payouts.approved' : 'admin.payouts.rejected'),
        ),
      onError: (error) =>
        report.error(
          t('admin.payouts.updateFailed'),
          failureDetail(t, error),
          error instanceof ApiError ? error.fields : undefined,
        ),
      onSettled: () => {
        isBusy.current = false
        setActing(null)
        report.settled?.()
      },
    })
  }

  return { acting, decide }
}
