import type { ReactNode } from 'react'
import { Alert } from '@mantine/core'
import { IconAlertTriangle } from '@tabler/icons-react'

/**
 * Standing information the reader should act on (a payout method missing, a plan about to expire): a note,
 * not an alert, so a screen reader is not interrupted by it on every visit.
 */
export function Notice({
  color = 'yellow',
  title,
  children,
}: {
  color?: 'yellow' | 'orange' | 'red'
  title?: ReactNode
  children: ReactNode
}) {
  return (
    <Alert role="note" color={color} variant="light" icon={<IconAlertTriangle aria-hidden />} title={title}>
      {children}
    </Alert>
  )
}
