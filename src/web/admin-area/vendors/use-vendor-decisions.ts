import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useDecideVendor, type VendorDecision } from '../../api/admin-vendors'
import { failureDetail } from '../../components/use-flash-message'

export type Acting = Pick<VendorDecision, 'id' | 'status'>

type Report = {
  success: (message: string) => void
  error: (message: string) => void
  /** After either: put focus back where the reader was. */
  settled?: () => void
}

/**
 * Approving and rejecting, from the list or the View dialog, one decision at a time (admin §4: while an action
 * on a vendor is pending, a second one is ignored). The guard is a ref, so even two clicks in the same frame,
 * before the buttons re-render as busy, send one request.
 */
export function useVendorDecisions() {
  const { t } = useTranslation()
  const mutation = useDecideVendor()
  const isBusy = useRef(false)
  const [acting, setActing] = useState<Acting | null>(null)

  const decide = (decision: VendorDecision, report: Report) => {
    if (isBusy.current) return
    isBusy.current = true
    setActing({ id: decision.id, status: decision.status })
    mutation.mutate(decision, {
      onSuccess: () =>
        report.success(
          t('admin.vendors.decided', { status: t(`admin.vendors.decidedStatus.${decision.status}`) }),
        ),
      onError: (error) =>
        report.error(
          t('admin.vendors.decideFailed', { message: failureDetail(t, error) ?? t('errors.internal') }),
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
