import { useTranslation } from 'react-i18next'
import { useDecideVendor, type VendorDecision } from '../../api/admin-vendors'
import { useOneAtATime } from '../../components/use-one-at-a-time'
import { failureDetail } from '../../components/use-flash-message'

export type Acting = Pick<VendorDecision, 'id' | 'status'>

type Report = {
  success: (message: string) => void
  error: (message: string) => void
  /** After either: put focus back where the reader was. */
  settled?: () => void
}

/**
 * Approving and rejecting, from the list or the View dialog, one decision at a time, with the
 * specification's messages: 'Vendor {status} successfully!' and 'Error updating vendor status: {message}'.
 */
export function useVendorDecisions() {
  const { t } = useTranslation()
  const { acting, run } = useOneAtATime(useDecideVendor())
  const decide = (decision: VendorDecision, report: Report) =>
    run(decision, {
      onSuccess: () =>
        report.success(
          t('admin.vendors.decided', { status: t(`admin.vendors.decidedStatus.${decision.status}`) }),
        ),
      onError: (error) =>
        report.error(
          t('admin.vendors.decideFailed', { message: failureDetail(t, error) ?? t('errors.internal') }),
        ),
      onSettled: report.settled,
    })
  return { acting, decide }
}
