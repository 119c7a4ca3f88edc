import { useState } from 'react'
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core'
import { IconAlertTriangle } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { formatRwf } from '../../../shared/money'
import type { OrderDto } from '../../../shared/schemas/order'
import { readableAlertStyles } from '../components/readable-alert'

/** Asks before a refund: it is final (spec §4), so it never happens on a single click. */
export function RefundModal({
  order,
  isPending,
  onConfirm,
  onClose,
}: {
  order: OrderDto | null
  isPending: boolean
  onConfirm: (order: OrderDto) => void
  onClose: () => void
}) {
  const { t } = useTranslation()
  // The last order asked about stays in the dialog while it fades out, rather than emptying it mid-transition.
  const [shown, setShown] = useState(order)
  if (order && order !== shown) setShown(order)
  return (
    <Modal
      opened={order !== null}
      onClose={() => !isPending && onClose()}
      title={t('orders.refundTitle')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      centered
    >
      {shown && (
        <Stack gap="lg">
          <Text>
            {t('orders.refundBody', {
              total: formatRwf(shown.totalAmount),
              customer: shown.customerName,
              product: shown.productName,
            })}
          </Text>
          <Alert
            role="note"
            color="yellow"
            variant="light"
            styles={readableAlertStyles}
            icon={<IconAlertTriangle aria-hidden />}
          >
            {t('orders.refundWarning')}
          </Alert>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={isPending}>
              {t('orders.cancel')}
            </Button>
            <Button color="red" onClick={() => onConfirm(shown)} loading={isPending}>
              {t('orders.refundConfirm')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  )
}
