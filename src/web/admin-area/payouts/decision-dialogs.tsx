import { useState } from 'react'
import { Group, Text, TextInput, Textarea } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { formatRwf } from '../../../shared/money'
import { paymentReferenceMax, type AdminPayoutDto } from '../../../shared/schemas/payout'
import { reasonMax } from '../../../shared/schemas/text'
import { ConfirmModal } from '../../components/confirm-modal'
import { Money } from '../../components/money'
import { Notice } from '../../components/notice'

type DialogProps = {
  payout: AdminPayoutDto | null
  isPending: boolean
  /** The server's word on the text field, when it refused it (the dialog stays open to correct it). */
  fieldError?: string
  onConfirm: (payout: AdminPayoutDto, text: string) => void
  onClose: () => void
}

/** The dialog's one text field, emptied for each new payout; the last one's stays while the dialog fades out. */
function useTextFor(payout: AdminPayoutDto | null) {
  const [text, setText] = useState('')
  const [forId, setForId] = useState<string | null>(null)
  if (payout && payout.id !== forId) {
    setForId(payout.id)
    setText('')
  }
  return [text, setText] as const
}

/**
 * The shop's balance net of refunds before this payout: the server's balance already counts the payout while
 * it is pending (docs/decisions/006). An approval above it would be refused, so the dialog says so first.
 */
const balanceBefore = (payout: AdminPayoutDto) =>
  payout.status === 'pending' ? payout.vendorBalance + payout.amount : payout.vendorBalance

/** Asks before an approval, with the shop's net balance and room for the payment reference. */
export function ApproveDialog({ payout, isPending, fieldError, onConfirm, onClose }: DialogProps) {
  const { t } = useTranslation()
  const [reference, setReference] = useTextFor(payout)
  return (
    <ConfirmModal
      subject={payout}
      title={t('admin.payouts.approveDialog.title')}
      confirmLabel={t('admin.payouts.approveDialog.confirm')}
      cancelLabel={t('actions.cancel')}
      color="green.8"
      isPending={isPending}
      onConfirm={(subject) => onConfirm(subject, reference)}
      onClose={onClose}
    >
      {(subject) => {
        const balance = balanceBefore(subject)
        return (
          <>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {t('admin.payouts.approveDialog.body', {
                amount: formatRwf(subject.amount),
                shop: subject.shopName,
                owner: subject.ownerEmail,
              })}
            </Text>
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Text size="sm" c="dimmed">
                {t('admin.payouts.approveDialog.balance')}
              </Text>
              <Money amount={balance} fw={700} c={balance < subject.amount ? 'red.8' : undefined} />
            </Group>
            {subject.amount > balance && (
              <Notice color="red" title={t('admin.payouts.approveDialog.exceedsTitle')}>
                {t('admin.payouts.approveDialog.exceeds', { excess: formatRwf(subject.amount - balance) })}
              </Notice>
            )}
            <TextInput
              label={t('admin.payouts.approveDialog.referenceLabel')}
              description={t('admin.payouts.approveDialog.referenceDescription', {
                max: paymentReferenceMax,
              })}
              value={reference}
              onChange={(event) => setReference(event.currentTarget.value)}
              maxLength={paymentReferenceMax}
              error={fieldError}
              disabled={isPending}
              autoComplete="off"
              data-autofocus
            />
          </>
        )
      }}
    </ConfirmModal>
  )
}

/** Asks before a rejection, with room for a reason the vendor reads (a rejection cannot be undone). */
export function RejectDialog({ payout, isPending, fieldError, onConfirm, onClose }: DialogProps) {
  const { t } = useTranslation()
  const [reason, setReason] = useTextFor(payout)
  return (
    <ConfirmModal
      subject={payout}
      title={t('admin.payouts.rejectDialog.title')}
      confirmLabel={t('admin.payouts.rejectDialog.confirm')}
      cancelLabel={t('actions.cancel')}
      color="red.9"
      isPending={isPending}
      onConfirm={(subject) => onConfirm(subject, reason)}
      onClose={onClose}
    >
      {(subject) => (
        <>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {t('admin.payouts.rejectDialog.body', {
              amount: formatRwf(subject.amount),
              shop: subject.shopName,
            })}
          </Text>
          <Textarea
            label={t('admin.payouts.rejectDialog.reasonLabel')}
            description={t('admin.payouts.rejectDialog.reasonDescription', { max: reasonMax })}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            maxLength={reasonMax}
            error={fieldError}
            autosize
            minRows={3}
            maxRows={8}
            disabled={isPending}
            data-autofocus
          />
        </>
      )}
    </ConfirmModal>
  )
}
