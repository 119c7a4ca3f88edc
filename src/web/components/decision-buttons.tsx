import type { ReactNode } from 'react'
import { Button, Group, Stack } from '@mantine/core'
import { IconCheck, IconEye, IconX } from '@tabler/icons-react'

/** One decision button: hidden when the item cannot take it, its busy label while it runs. */
export type DecisionButton = { label: string; busyLabel: string; isActing: boolean; onClick: () => void }

export type DecisionButtonsProps = {
  /** The id of the item's name, so each button says which item it acts on. */
  nameId: string
  /** Stacked in a table cell, in a row on a card. */
  layout: 'stack' | 'row'
  /**
   * How a card's buttons share its width: `equal` shares, or `flex`, each growing from its own width, so a long
   * label ('Birimo kwemezwa...') wraps to a row of its own.
   */
  share?: 'equal' | 'flex'
  /** A decision is on its way: Approve and Reject ignore clicks. */
  isBusy: boolean
  view: { label: string; onClick: () => void }
  approve?: DecisionButton | false
  reject?: DecisionButton | false
}

/**
 * View, Approve and Reject for one item of a moderation list. While a decision runs, its button reads its busy
 * label and the decision buttons look disabled and ignore clicks; they stay focusable (aria-disabled), so
 * keyboard focus is not thrown to the top of the page.
 */
export function DecisionButtons({
  nameId,
  layout,
  share = 'equal',
  isBusy,
  view,
  approve,
  reject,
}: DecisionButtonsProps) {
  const busyProps = isBusy ? { 'data-disabled': true, 'aria-disabled': true } : {}
  const size = layout === 'row' ? 'sm' : 'xs'
  const fill = layout === 'row' && share === 'flex' ? { style: { flex: '1 1 auto' } } : {}
  const decisionButton = (button: DecisionButton, color: string, icon: ReactNode, variant?: 'outline') => (
    <Button
      size={size}
      {...fill}
      variant={variant}
      color={color}
      leftSection={icon}
      aria-describedby={nameId}
      {...busyProps}
      onClick={() => !isBusy && button.onClick()}
    >
      {button.isActing ? button.busyLabel : button.label}
    </Button>
  )
  const buttons = (
    <>
      <Button
        size={size}
        {...fill}
        variant="default"
        leftSection={<IconEye size={16} aria-hidden />}
        aria-describedby={nameId}
        onClick={view.onClick}
      >
        {view.label}
      </Button>
      {approve && decisionButton(approve, 'green.9', <IconCheck size={16} aria-hidden />)}
      {reject && decisionButton(reject, 'red.9', <IconX size={16} aria-hidden />, 'outline')}
    </>
  )
  return layout === 'row' ? (
    <Group gap="xs" wrap="wrap" grow={share === 'equal'}>
      {buttons}
    </Group>
  ) : (
    // In a table the buttons stack, so the other columns fit beside the menu without scrolling sideways.
    <Stack gap={4} align="stretch" w="max-content">
      {buttons}
    </Stack>
  )
}
