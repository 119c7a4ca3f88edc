import type { ReactNode } from 'react'
import { Paper, Stack } from '@mantine/core'

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
