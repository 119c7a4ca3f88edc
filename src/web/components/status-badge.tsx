import type { ReactNode } from 'react'
import { Badge, Stack, type BadgeProps } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import type {
  OrderStatus,
  PayoutStatus,
  ProductStatus,
  SubscriptionStatus,
  VendorStatus,
} from '../../shared/constants'

export type Status = VendorStatus | ProductStatus | OrderStatus | PayoutStatus | SubscriptionStatus

/** The dot's colour: amber for what waits on someone, green for what is done, red for what stopped, grey for what ended quietly. */
export const statusColors: Record<Status, string> = {
  pending: 'yellow',
  approved: 'green',
  rejected: 'red',
  completed: 'green',
  refunded: 'gray',
  active: 'green',
  expired: 'red',
  cancelled: 'gray',
}

/**
 * The translated status of a vendor, product, order, payout or subscription. The "dot" variant writes the
 * label in the text colour (coloured light badges fall below AA contrast for yellow and green) and the colour
 * only repeats what the label says, so the status never depends on telling colours apart.
 */
export function StatusBadge({
  status,
  ...props
}: { status: Status } & Omit<BadgeProps, 'color' | 'children' | 'variant'>) {
  const { t } = useTranslation()
  return (
    <Badge variant="dot" color={statusColors[status]} {...props}>
      {t(`status.${status}`)}
    </Badge>
  )
}

/** A table cell's status, with what the status alone does not say (a rejection's reason) under it. */
export function StatusWithNotes({ status, children }: { status: Status; children?: ReactNode }) {
  return (
    <Stack gap={4} align="flex-start">
      <StatusBadge status={status} style={{ minWidth: 'max-content' }} />
      {children}
    </Stack>
  )
}
