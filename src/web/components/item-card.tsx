import type { ReactNode } from 'react'
import { Group, Paper, Stack } from '@mantine/core'
import { FieldList, type Field } from './field-list'
import { StatusBadge, type Status } from './status-badge'

/**
 * One item of a card list (an order, a payout): first what it is, with its status at the end, never squeezed;
 * then its fields, any notes (the children), and its buttons pinned to the card's foot, so that cards side by
 * side line their buttons up. The card is named by its own heading or title element (`labelledBy`) and marks
 * the item's id (`data-row-id`) so that focus can return to it after an action refreshes the list.
 */
export function ItemCard({
  item,
  end,
  labelledBy,
  title,
  titleAlign = 'flex-start',
  fields,
  labelWidth,
  actions,
  children,
}: {
  /** The item; its status shows at the title's end unless `end` says what goes there instead. */
  item: { id: string; status?: Status }
  end?: ReactNode
  labelledBy: string
  title: ReactNode
  titleAlign?: 'flex-start' | 'center'
  fields: Field[]
  labelWidth: number
  actions?: ReactNode
  children?: ReactNode
}) {
  return (
    <Paper
      component="article"
      data-row-id={item.id}
      aria-labelledby={labelledBy}
      withBorder
      radius="md"
      p="md"
      h="100%"
    >
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align={titleAlign} wrap="nowrap" gap="sm">
          {title}
          {end ?? (item.status && <StatusBadge status={item.status} style={{ flexShrink: 0 }} />)}
        </Group>
        <FieldList labelWidth={labelWidth} gap={6} fields={fields} />
        {children}
        {actions && <div style={{ marginTop: 'auto' }}>{actions}</div>}
      </Stack>
    </Paper>
  )
}
