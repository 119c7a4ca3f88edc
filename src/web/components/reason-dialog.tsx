import { useState } from 'react'
import { Text, Textarea } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { reasonMax } from '../../shared/schemas/text'
import { ConfirmModal, type ConfirmActions } from './confirm-modal'

/**
 * Asks before a rejection (of an application, a product, a payout) and takes an optional reason, which the
 * vendor reads. Opens while `subject` is set; confirming hands back the subject and the trimmed reason.
 */
export function ReasonDialog<T>({
  subject,
  title,
  body,
  confirmLabel,
  isPending,
  onConfirm,
  onClose,
}: {
  subject: T | null
  title: string
  body: (subject: T) => string
  confirmLabel: string
} & ConfirmActions<T, [reason: string]>) {
  const [reason, setReason] = useState('')
  const [lastSubject, setLastSubject] = useState(subject)
  // A new subject starts with an empty reason.
  if (subject !== lastSubject) {
    setLastSubject(subject)
    if (subject !== null) setReason('')
  }
  return (
    <ConfirmModal
      subject={subject}
      title={title}
      confirmLabel={confirmLabel}
      color="red"
      isPending={isPending}
      onConfirm={(shown) => onConfirm(shown, reason.trim())}
      onClose={onClose}
    >
      {(shown) => (
        <>
          <Text style={{ overflowWrap: 'anywhere' }}>{body(shown)}</Text>
          <ReasonField value={reason} onChange={setReason} disabled={isPending} />
        </>
      )}
    </ConfirmModal>
  )
}

/** The optional reason for a rejection, which the vendor reads (at most `reasonMax` characters). */
export function ReasonField({
  value,
  onChange,
  disabled,
}: {
  value: string
  onChange: (value: string) => void
  disabled?: boolean
}) {
  const { t } = useTranslation()
  return (
    <Textarea
      label={t('fields.reason')}
      description={t('fields.reasonHint', { max: reasonMax })}
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
