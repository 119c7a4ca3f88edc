import { Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { formatRwf } from '../../../shared/money'
import type { PayoutDto } from '../../../shared/schemas/payout'
import { ConfirmModal, type ConfirmActions } from '../../components/confirm-modal'
import { useFormatDate } from '../../components/format-date'

/** A receipt can be confirmed once (spec §4), so the vendor is asked first. */
export function ConfirmReceiptModal({
  payout,
  ...actions
}: { payout: PayoutDto | null } & ConfirmActions<PayoutDto>) {
  const { t } = useTranslation()
  const formatDate = useFormatDate()
  return (
    <ConfirmModal
      subject={payout}
      title={t('vendor.payouts.confirmTitle')}
      confirmLabel={t('vendor.payouts.confirm')}
      {...actions}
    >
      {(shown) => (
        <Text>
          {t('vendor.payouts.confirmBody', {
            amount: formatRwf(shown.amount),
            date: formatDate(shown.requestedAt),
          })}
        </Text>
      )}
    </ConfirmModal>
  )
}
