import type { ReactNode } from 'react'
import { Button, EmptyState } from '@mantine/core'
import type { TablerIcon } from '@tabler/icons-react'

/**
 * A list with nothing to show: what is (not) there, why, and, when a filter hides everything, the one action
 * that brings the rows back. `compact` is for a list inside a side pane.
 */
export function ListEmpty({
  icon: Icon,
  title,
  body,
  action,
  titleOrder = 2,
  compact = false,
}: {
  icon: TablerIcon
  title: ReactNode
  body: ReactNode
  action?: { label: string; onClick: () => void }
  titleOrder?: 2 | 3
  compact?: boolean
}) {
  return (
    <EmptyState
      icon={<Icon size={compact ? 28 : 32} aria-hidden />}
      withIndicatorBackground
      size={compact ? 'sm' : undefined}
      py={compact ? 'md' : 'xl'}
    >
      <EmptyState.Title order={titleOrder}>{title}</EmptyState.Title>
      <EmptyState.Description>{body}</EmptyState.Description>
      {action && (
        <EmptyState.Actions>
          <Button variant="light" size={compact ? 'xs' : undefined} onClick={action.onClick}>
            {action.label}
          </Button>
        </EmptyState.Actions>
      )}
    </EmptyState>
  )
}
