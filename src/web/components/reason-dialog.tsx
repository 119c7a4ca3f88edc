import { useState, type Ref } from 'react'
import { Text, Textarea } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { reasonMax, reasonRequired } from '../../shared/schemas/text'
import { ConfirmModal, type ConfirmActions } from './confirm-modal'
import { useRequiredText } from './use-required-text'

/**
 * Asks before a rejection (of an application, a product, a payout) and takes the reason the vendor reads:
 * required for an application or a product (`isReasonRequired`: Confirm with a blank reason says so beside the
 * field and sends nothing, as the server would refuse it), optional for a payout. Opens while `subject` is set;
 * confirming hands back the subject and the trimmed reason.
 */
export function ReasonDialog<T>({
  subject,
  title,
  body,
  confirmLabel,
  isReasonRequired = false,
  isPending,
  onConfirm,
  onClose,
}: {
  subject: T | null
  title: string
  body: (subject: T) => string
  confirmLabel: string
  isReasonRequired?: boolean
} & ConfirmActions<T, [reason: string]>) {
  const reason = useRequiredText<HTMLTextAreaElement>()
  const [lastSubject, setLastSubject] = useState(subject)
  // A new subject starts with an empty reason.
  if (subject !== lastSubject) {
    setLastSubject(subject)
    if (subject !== null) reason.reset()
  }
  return (
    <ConfirmModal
      subject={subject}
      title={title}
      confirmLabel={confirmLabel}
      color="red"
      isPending={isPending}
      onConfirm={(shown) => {
        const given = reason.given(isReasonRequired)
        if (given !== null) onConfirm(shown, given)
      }}
      onClose={onClose}
    >
      {(shown) => (
        <>
          <Text style={{ overflowWrap: 'anywhere' }}>{body(shown)}</Text>
          <ReasonField {...reason.field} isRequired={isReasonRequired} disabled={isPending} />
        </>
      )}
    </ConfirmModal>
  )
}

/**
 * The reason for a rejection, which the vendor reads (at most `reasonMax` characters): required (marked, and
 * `isMissing` says it is blank) or optional, as the decision asks.
 */
export function ReasonField({
  ref,
  value,
  onChange,
  isRequired = false,
  isMissing = false,
  disabled,
}: {
  ref?: Ref<HTMLTextAreaElement>
  value: string
  onChange: (value: string) => void
  isRequired?: boolean
  isMissing?: boolean
  disabled?: boolean
}) {
  const { t } = useTranslation()
  return (
    <Textarea
      ref={ref}
      label={isRequired ? t('fields.rejectionReason') : t('fields.reason')}
      description={t('fields.reasonHint', { max: reasonMax })}
      required={isRequired}
      error={isMissing ? t(reasonRequired) : undefined}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      maxLength={reasonMax}
      autosize
      minRows={3}
      maxRows={8}
      disabled={disabled}
      data-autofocus
    />
  )
}
