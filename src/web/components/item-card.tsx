import type { ReactNode } from 'react'
import { Group, Paper, Stack } from '@mantine/core'
import { StatusBadge, type Status } from './status-badge'

/**
 * One item of a card list (an order, a payout), named by its own heading or title element. `rowId` marks the
 * card (`data-row-id`) so that focus can return to it after an action refreshes the list.
 */
export function ItemCard({
  labelledBy,
  rowId,
  children,
}: {
  labelledBy: string
  rowId: string
  children: ReactNode
}) {
  return (
    <Paper
      component="article"
      data-row-id={rowId}
      aria-labelledby={labelledBy}
      withBorder
      radius="md"
      p="md"
      h="100%"
    >
      <Stack gap="sm" h="100%">
        {children}
      </Stack>
    </Paper>
  )
}

/** A card's first row: what the item is, and its status at the end, never squeezed. */
export function ItemCardHeader({
  status,
  align = 'flex-start',
  children,
}: {
  status: Status
  align?: 'flex-start' | 'center'
  children: ReactNode
}) {
  return (
    <Group justify="space-between" align={align} wrap="nowrap" gap="sm">
      {children}
      <StatusBadge status={status} style={{ flexShrink: 0 }} />
    </Group>
  )
}
