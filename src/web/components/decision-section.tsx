import { useRef, useState, type ReactNode } from 'react'
import { Group, Paper, Stack, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { BusyButton } from './busy-button'
import { DecisionButton, type Decision, type DecisionTexts } from './decision-buttons'
import { FlashAlert } from './flash-alert'
import { FocusHeading } from './focus-heading'
import { ReasonField } from './reason-dialog'
import { useRequiredText } from './use-required-text'
import { useFlashMessage } from './use-flash-message'
import type { DecisionReport } from './use-one-at-a-time'

/**
 * An item's decision in its details dialog (admin §4): what the item's status is (the children), then Approve,
 * or Reject with the reason the vendor reads (required: Confirm with a blank reason says so and sends nothing),
 * for the decisions it allows. Reject swaps its button for the reason and a confirmation; Approve, when
 * `approvalCheck` is given, for that question and a confirmation; Cancel swaps back, focus following each
 * time. A decision takes its button away, so focus then goes to this section's heading, next to the outcome.
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
  approvalCheck,
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
  /**
   * Asked before an approval (an application: 'Approve {shop}?'), with its confirming button's label; without it
   * Approve decides at once.
   */
  approvalCheck?: { question: string; confirmLabel: string }
  onDecide: (decision: { status: Decision; reason?: string }, report: DecisionReport) => void
  children?: ReactNode
}) {
  const { t } = useTranslation()
  const feedback = useFlashMessage()
  const headingRef = useRef<HTMLHeadingElement>(null)
  const approveRef = useRef<HTMLButtonElement>(null)
  const rejectRef = useRef<HTMLButtonElement>(null)
  const confirmRef = useRef<HTMLButtonElement>(null)
  /** Which decision is being confirmed: its button gave way to its question (and, for Reject, the reason). */
  const [confirming, setConfirming] = useState<Decision | null>(null)
  const reason = useRequiredText<HTMLTextAreaElement>()

  const decide = (status: Decision) => {
    feedback.clear()
    const given = reason.given(status === 'rejected')
    if (given === null) return
    onDecide(status === 'rejected' ? { status, reason: given } : { status }, {
      success: (message) => {
        feedback.success(message)
        setConfirming(null)
        reason.reset()
        requestAnimationFrame(() => headingRef.current?.focus())
      },
      error: (message) => feedback.error(message),
    })
  }
  const startConfirming = (decision: Decision | null) => {
    const returnTo = confirming === 'approved' ? approveRef : rejectRef
    if (decision) feedback.clear()
    setConfirming(decision)
    reason.clearMissing()
    // The question takes the place of the button, and Cancel gives it back: focus follows.
    requestAnimationFrame(() => {
      if (decision === 'rejected') reason.field.ref.current?.focus()
      else if (decision === 'approved') confirmRef.current?.focus()
      else returnTo.current?.focus()
    })
  }
  const onApprove = () => (approvalCheck ? startConfirming('approved') : decide('approved'))

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
        {confirming !== null && (confirming === 'approved' ? canApprove : canReject) ? (
          <Stack gap="sm">
            {confirming === 'rejected' ? (
              <ReasonField {...reason.field} isRequired disabled={isBusy} />
            ) : (
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {approvalCheck?.question}
              </Text>
            )}
            <Group justify="flex-end" gap="sm">
              <BusyButton variant="default" isBusy={isBusy} onClick={() => startConfirming(null)}>
                {t('actions.cancel')}
              </BusyButton>
              <BusyButton
                ref={confirmRef}
                color={confirming === 'rejected' ? 'red.9' : 'green.9'}
                isBusy={isBusy}
                onClick={() => decide(confirming)}
              >
                {acting === confirming
                  ? t(confirming === 'rejected' ? `${texts}.rejecting` : `${texts}.approving`)
                  : confirming === 'rejected'
                    ? t(`${texts}.rejectDialog.confirm`)
                    : approvalCheck?.confirmLabel}
              </BusyButton>
            </Group>
          </Stack>
        ) : (
          (canApprove || canReject) && (
            <Group gap="sm" grow>
              {canApprove && (
                <DecisionButton ref={approveRef} decision="approved" isBusy={isBusy} onClick={onApprove}>
                  {acting === 'approved' ? t(`${texts}.approving`) : t(`${texts}.approve`)}
                </DecisionButton>
              )}
              {canReject && (
                <DecisionButton
                  ref={rejectRef}
                  decision="rejected"
                  isBusy={isBusy}
                  onClick={() => startConfirming('rejected')}
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
