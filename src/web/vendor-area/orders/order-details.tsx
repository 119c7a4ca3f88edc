import { Group, Text } from '@mantine/core'
import { IconCheck, IconReceiptRefund } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import type { OrderDto } from '../../../shared/schemas/order'
import { ItemAction } from '../../components/item-action'

/**
 * The one thing a vendor may do next (spec §4): pending → 'Mark Completed', completed → 'Refund' (asked first,
 * refunds are final), refunded → a label only.
 */
export function OrderAction({
  order,
  describedBy,
  busyId,
  onMarkCompleted,
  onRefund,
  fullWidth = false,
}: {
  order: OrderDto
  describedBy: string
  /** The order whose change is on its way: its button shows progress, the others wait. */
  busyId: string | null
  onMarkCompleted: (order: OrderDto) => void
  onRefund: (order: OrderDto) => void
  fullWidth?: boolean
}) {
  const { t } = useTranslation()
  const next =
    order.status === 'pending'
      ? {
          label: t('vendor.orders.markCompleted'),
          icon: <IconCheck size={16} aria-hidden />,
          onClick: () => onMarkCompleted(order),
        }
      : order.status === 'completed'
        ? {
            label: t('vendor.orders.refund'),
            icon: <IconReceiptRefund size={16} aria-hidden />,
            variant: 'default' as const,
            onClick: () => onRefund(order),
          }
        : null
  if (next) {
    return (
      <ItemAction
        {...next}
        describedBy={describedBy}
        fullWidth={fullWidth}
        loading={busyId === order.id}
        disabled={busyId !== null && busyId !== order.id}
      />
    )
  }
  return (
    <Group gap={4} wrap="nowrap" justify={fullWidth ? 'center' : 'flex-start'}>
      <Text size="sm" c="dimmed">
        {t('vendor.orders.refundFinal')}
      </Text>
    </Group>
  )
}
