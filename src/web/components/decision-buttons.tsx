import { Button, Group, Stack } from '@mantine/core'
import { IconCheck, IconEye, IconX } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { BusyButton, type BusyButtonProps } from './busy-button'

export type Decision = 'approved' | 'rejected'

/** Where a moderation list's view, approve, reject, approving and rejecting labels are. */
export type DecisionTexts = 'admin.vendors' | 'admin.products'

/** Approve and Reject, in the order they are offered. */
export const decisionOrder: readonly Decision[] = ['approved', 'rejected']

/**
 * Approve (filled green, a tick) or Reject (outlined red, a cross), alike wherever a decision is taken. Outline
 * rather than light for Reject: red text on a light red tint falls below AA contrast.
 */
export function DecisionButton({ decision, ...props }: { decision: Decision } & BusyButtonProps) {
  const isApprove = decision === 'approved'
  return (
    <BusyButton
      variant={isApprove ? undefined : 'outline'}
      color={isApprove ? 'green.9' : 'red.9'}
      leftSection={isApprove ? <IconCheck size={16} aria-hidden /> : <IconX size={16} aria-hidden />}
      {...props}
    />
  )
}

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
  texts: DecisionTexts
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
  const size = layout === 'row' ? 'sm' : 'xs'
  const fill = layout === 'row' && share === 'flex' ? { style: { flex: '1 1 auto' } } : {}
  const handlers = { approved: onApprove, rejected: onReject }
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
      {decisionOrder.map((decision) => {
        const onDecide = handlers[decision]
        return (
          onDecide && (
            <DecisionButton
              key={decision}
              decision={decision}
              size={size}
              {...fill}
              aria-describedby={nameId}
              isBusy={isBusy}
              onClick={onDecide}
            >
              {decision === 'approved'
                ? t(acting === decision ? `${texts}.approving` : `${texts}.approve`)
                : t(acting === decision ? `${texts}.rejecting` : `${texts}.reject`)}
            </DecisionButton>
          )
        )
      })}
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
