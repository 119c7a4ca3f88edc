import type { ReactNode } from 'react'
import { Button, Group, Stack } from '@mantine/core'
import { IconCheck, IconEye, IconX } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'

type Decision = 'approved' | 'rejected'

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
  /** Where the list's view, approve, reject, approving and rejecting labels are. */
  texts: 'admin.vendors' | 'admin.products'
  /** The decision on this item that is on its way: its button reads 'Approving...' or 'Rejecting...'. */
  acting: Decision | undefined
  onView: () => void
  /** Left out when the item cannot take that decision. */
  onApprove?: () => void
  onReject?: () => void
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
  texts,
  acting,
  onView,
  onApprove,
  onReject,
}: DecisionButtonsProps) {
  const { t } = useTranslation()
  const busyProps = isBusy ? { 'data-disabled': true, 'aria-disabled': true } : {}
  const size = layout === 'row' ? 'sm' : 'xs'
  const fill = layout === 'row' && share === 'flex' ? { style: { flex: '1 1 auto' } } : {}
  const decisionButton = (
    decision: Decision,
    onClick: () => void,
    color: string,
    icon: ReactNode,
    variant?: 'outline',
  ) => (
    <Button
      size={size}
      {...fill}
      variant={variant}
      color={color}
      leftSection={icon}
      aria-describedby={nameId}
      {...busyProps}
      onClick={() => !isBusy && onClick()}
    >
      {decision === 'approved'
        ? t(acting === decision ? `${texts}.approving` : `${texts}.approve`)
        : t(acting === decision ? `${texts}.rejecting` : `${texts}.reject`)}
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
        onClick={onView}
      >
        {t(`${texts}.view`)}
      </Button>
      {onApprove && decisionButton('approved', onApprove, 'green.9', <IconCheck size={16} aria-hidden />)}
      {onReject && decisionButton('rejected', onReject, 'red.9', <IconX size={16} aria-hidden />, 'outline')}
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
