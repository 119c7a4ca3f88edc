import type { ReactNode } from 'react'
import { Button } from '@mantine/core'

export type ItemActionProps = {
  label: string
  icon: ReactNode
  variant?: 'light' | 'default'
  onClick: () => void
  /** The id of what names the item (its product, its amount and date). */
  describedBy: string
  /** On a card; a table row's button keeps its own width. */
  fullWidth?: boolean
  loading?: boolean
  disabled?: boolean
}

/**
 * The one thing that can be done next to an item of a list (complete an order, confirm a payout's receipt). The
 * button keeps its short name; aria-describedby adds the item, so a screen reader hears which one it is for.
 */
export function ItemAction({ label, icon, describedBy, ...props }: ItemActionProps) {
  return (
    <Button size="xs" leftSection={icon} aria-describedby={describedBy} {...props}>
      {label}
    </Button>
  )
}
