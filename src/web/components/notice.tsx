import type { ReactNode } from 'react'
import { Alert } from '@mantine/core'
import { IconAlertTriangle } from '@tabler/icons-react'

/**
 * Standing information (a payout method missing, a plan about to expire, a decision taken): a note, not an
 * alert, so a screen reader is not interrupted by it on every visit.
 */
export function Notice({
  color = 'yellow',
  icon = <IconAlertTriangle aria-hidden />,
  title,
  children,
}: {
  color?: 'yellow' | 'orange' | 'red' | 'green'
  icon?: ReactNode
  title?: ReactNode
  children?: ReactNode
}) {
  return (
    <Alert role="note" color={color} variant="light" icon={icon} title={title}>
      {children}
    </Alert>
  )
}
