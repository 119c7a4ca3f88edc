import { useState } from 'react'
import { Text, Textarea } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { reasonMax } from '../../../shared/schemas/text'
import { ConfirmModal } from '../../components/confirm-modal'

/** The optional reason for a rejection, which the vendor reads (at most `reasonMax` characters). */
export function RejectReasonField({
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
      label={t('admin.vendors.rejectDialog.reasonLabel')}
      description={t('admin.vendors.rejectDialog.reasonDescription', { max: reasonMax })}
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

/** Asks before a rejection from the list, with room for a reason (a rejection cannot be undone). */
export function RejectDialog<T extends { id: string; shopName: string }>({
  vendor,
  isPending,
  onConfirm,
  onClose,
}: {
  vendor: T | null
  isPending: boolean
  onConfirm: (vendor: T, reason: string) => void
  onClose: () => void
}) {
  const { t } = useTranslation()
  const [reason, setReason] = useState('')
  const [forId, setForId] = useState<string | null>(null)
  // A new vendor starts with an empty reason; the last one's stays while the dialog fades out.
  if (vendor && vendor.id !== forId) {
    setForId(vendor.id)
    setReason('')
  }
  return (
    <ConfirmModal
      subject={vendor}
      title={t('admin.vendors.rejectDialog.title')}
      confirmLabel={t('admin.vendors.rejectDialog.confirm')}
      cancelLabel={t('actions.cancel')}
      color="red.9"
      isPending={isPending}
      onConfirm={(subject) => onConfirm(subject, reason)}
      onClose={onClose}
    >
      {(subject) => (
        <>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {t('admin.vendors.rejectDialog.body', { shop: subject.shopName })}
          </Text>
          <RejectReasonField value={reason} onChange={setReason} disabled={isPending} />
        </>
      )}
    </ConfirmModal>
  )
}
