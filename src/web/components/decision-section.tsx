import { useRef, useState, type ReactNode } from 'react'
import { Group, Paper, Stack, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { BusyButton } from './busy-button'
import { DecisionButton, type Decision, type DecisionTexts } from './decision-buttons'
import { FlashAlert } from './flash-alert'
import { FocusHeading } from './focus-heading'
import { ReasonField } from './reason-dialog'
import { useFlashMessage } from './use-flash-message'
import type { DecisionReport } from './use-one-at-a-time'

/**
 * An item's decision in its details dialog (admin §4): what the item's status is (the children), then Approve,
 * or Reject with an optional reason the vendor reads, for the decisions it allows. Reject swaps its button for
 * the reason and a confirmation, and Cancel swaps back, focus following each time. A decision takes its button
 * away, so focus then goes to this section's heading, next to the outcome.
 */
export function DecisionSection({
  id,
  title,
  badge,
  texts,
  isBusy,
  acting,
  canApprove,
  canReject,
  onDecide,
  children,
}: {
  /** The heading's id, which names the section. */
  id: string
  title: string
  /** Shown beside the heading (the item's status). */
  badge?: ReactNode
  texts: DecisionTexts
  /** A decision is on its way: the buttons ignore clicks. */
  isBusy: boolean
  /** The decision on this item that is on its way, whose button reads 'Approving...' or 'Rejecting...'. */
  acting: Decision | undefined
  canApprove: boolean
  canReject: boolean
  onDecide: (decision: { status: Decision; reason?: string }, report: DecisionReport) => void
  children?: ReactNode
}) {
  const { t } = useTranslation()
  const feedback = useFlashMessage()
  const headingRef = useRef<HTMLHeadingElement>(null)
  const rejectRef = useRef<HTMLButtonElement>(null)
  const reasonRef = useRef<HTMLDivElement>(null)
  const [isRejecting, setIsRejecting] = useState(false)
  const [reason, setReason] = useState('')

  const decide = (status: Decision) => {
    feedback.clear()
    onDecide(status === 'rejected' ? { status, reason } : { status }, {
      success: (message) => {
        feedback.success(message)
        setIsRejecting(false)
        setReason('')
        requestAnimationFrame(() => headingRef.current?.focus())
      },
      error: (message) => feedback.error(message),
    })
  }
  const startRejecting = (isStarting: boolean) => {
    if (isStarting) feedback.clear()
    setIsRejecting(isStarting)
    // The reason box takes the place of the Reject button, and Cancel gives it back: focus follows.
    requestAnimationFrame(() =>
      (isStarting ? reasonRef.current?.querySelector('textarea') : rejectRef.current)?.focus(),
    )
  }

  const heading = (
    <FocusHeading order={3} size="h5" id={id} ref={headingRef}>
      {title}
    </FocusHeading>
  )
  return (
    <Paper component="section" withBorder p="md" radius="md" aria-labelledby={id}>
      <Stack gap="sm">
        {badge ? (
          <Group justify="space-between" gap="sm">
            {heading}
            {badge}
          </Group>
        ) : (
          heading
        )}
        {children}
        {isRejecting && canReject ? (
          <>
            <div ref={reasonRef}>
              <ReasonField value={reason} onChange={setReason} disabled={isBusy} />
            </div>
            <Group justify="flex-end" gap="sm">
              <BusyButton variant="default" isBusy={isBusy} onClick={() => startRejecting(false)}>
                {t('actions.cancel')}
              </BusyButton>
              <BusyButton color="red.9" isBusy={isBusy} onClick={() => decide('rejected')}>
                {acting === 'rejected' ? t(`${texts}.rejecting`) : t(`${texts}.rejectDialog.confirm`)}
              </BusyButton>
            </Group>
          </>
        ) : (
          (canApprove || canReject) && (
            <Group gap="sm" grow>
              {canApprove && (
                <DecisionButton decision="approved" isBusy={isBusy} onClick={() => decide('approved')}>
                  {acting === 'approved' ? t(`${texts}.approving`) : t(`${texts}.approve`)}
                </DecisionButton>
              )}
              {canReject && (
                <DecisionButton
                  ref={rejectRef}
                  decision="rejected"
                  isBusy={isBusy}
                  onClick={() => startRejecting(true)}
                >
                  {t(`${texts}.reject`)}
                </DecisionButton>
              )}
            </Group>
          )
        )}
        <FlashAlert flash={feedback.flash} />
      </Stack>
    </Paper>
  )
}

/** The reason the team gave with a rejection, which the vendor also reads, or that none was given. */
export function DecisionReason({
  reason,
  texts,
}: {
  reason: string | null
  texts: 'admin.products.details.decision' | 'admin.vendors.application.decision'
}) {
  const { t } = useTranslation()
  return (
    <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
      {reason ? t(`${texts}.reason`, { reason }) : t(`${texts}.noReason`)}
    </Text>
  )
}
