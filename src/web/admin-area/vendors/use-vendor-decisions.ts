import { useTranslation } from 'react-i18next'
import { useDecideVendor, type VendorDecision } from '../../api/admin-vendors'
import { useReportedDecisions } from '../../components/use-one-at-a-time'

export type Acting = Pick<VendorDecision, 'id' | 'status'>

/**
 * Approving and rejecting, from the list or the View dialog, one decision at a time, with the
 * specification's messages: 'Vendor {status} successfully!' and 'Error updating vendor status: {message}'.
 */
export function useVendorDecisions() {
  const { t } = useTranslation()
  return useReportedDecisions(useDecideVendor(), {
    succeeded: (decision) =>
      t('admin.vendors.decided', { status: t(`admin.vendors.decidedStatus.${decision.status}`) }),
    failed: (detail) => t('admin.vendors.decideFailed', { message: detail ?? t('errors.internal') }),
  })
}
