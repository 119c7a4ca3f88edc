import { Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { formatRwf } from '../../../shared/money'
import type { OrderDto } from '../../../shared/schemas/order'
import { ConfirmModal, type ConfirmActions } from '../../components/confirm-modal'
import { Notice } from '../../components/notice'

/** Asks before a refund: it is final (spec §4), so it never happens on a single click. */
export function RefundModal({ order, ...actions }: { order: OrderDto | null } & ConfirmActions<OrderDto>) {
  const { t } = useTranslation()
  return (
    <ConfirmModal
      subject={order}
      title={t('vendor.orders.refundTitle')}
      confirmLabel={t('vendor.orders.refundConfirm')}
      color="red"
      {...actions}
    >
      {(shown) => (
        <>
          <Text>
            {t('vendor.orders.refundBody', {
              total: formatRwf(shown.totalAmount),
              customer: shown.customerName,
              product: shown.productName,
            })}
          </Text>
          <Notice>{t('vendor.orders.refundWarning')}</Notice>
        </>
      )}
    </ConfirmModal>
  )
}
