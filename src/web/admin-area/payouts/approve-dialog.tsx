import { useState } from 'react'
import { Group, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { formatRwf } from '../../../shared/money'
import { paymentReferenceMax, type AdminPayoutDto } from '../../../shared/schemas/payout'
import { ConfirmModal, type ConfirmActions } from '../../components/confirm-modal'
import { Money } from '../../components/money'
import { Notice } from '../../components/notice'
import { useRequiredText } from '../../components/use-required-text'
import { AccountHolderCheck } from './account-holder-check'
import { ReferenceField } from './reference-field'
import { usePayoutAccountHolder } from '../../api/admin-payments'
import { ApiError } from '../../api/client'

/**
 * The shop's balance net of refunds before this payout: the server's balance already counts the payout while
 * it is pending (docs/decisions/006).
 */
const balanceBefore = (payout: AdminPayoutDto) =>
  payout.status === 'pending' ? payout.vendorBalance + payout.amount : payout.vendorBalance

/** A mobile-money payout may be approved without a reference: the server queues it for its provider. */
const isMobileMoney = (payout: AdminPayoutDto) => payout.payoutMethod === 'mobile_money'

/** The server says no configured provider reaches the number: the payout is paid by hand, its reference needed. */
const isUnreachable = (error: unknown) =>
  error instanceof ApiError && error.messageKey === 'payments.errors.noProviderForNumber'

/**
 * Asks before an approval, with the shop's balance net of refunds beside the amount and the payment reference
 * of the transfer. A payout by bank or PayPal is sent by hand, so its approval requires the reference (the server
 * refuses a blank one with the same words, payouts.referenceRequired). A mobile-money payout may leave it empty:
 * the server then queues it for its provider, sent with "Pay all approved" (or refuses it, with the same words,
 * when no configured provider reaches the number); the provider's registered holder of the number stands beside
 * the owner's name, to check first. An approval above that balance would be refused by the server, so the dialog
 * says so first.
 */
export function ApproveDialog({
  payout,
  isPending,
  onConfirm,
  onClose,
}: { payout: AdminPayoutDto | null } & ConfirmActions<AdminPayoutDto, [paymentReference: string]>) {
  const { t } = useTranslation()
  const reference = useRequiredText<HTMLInputElement>()
  const [forId, setForId] = useState<string | null>(null)
  // The same query as the holder's check below (one request): it also tells whether a provider sends this payout.
  const holder = usePayoutAccountHolder(
    payout && isMobileMoney(payout) && payout.status === 'pending' ? payout.id : null,
  )
  // Until the server has said (a moment), the reference is asked for: a blank one is never sent unseen.
  const isByProvider = (subject: AdminPayoutDto) =>
    isMobileMoney(subject) && (holder.isSuccess || (holder.isError && !isUnreachable(holder.error)))
  // A new payout starts with an empty reference; the last one's stays while the dialog fades out.
  if (payout && payout.id !== forId) {
    setForId(payout.id)
    reference.reset()
  }
  const confirm = (subject: AdminPayoutDto) => {
    // A blank one sends nothing (but for mobile money): the field says what it needs, and the cursor goes back to it.
    const typed = reference.given(!isByProvider(subject))
    if (typed !== null) onConfirm(subject, typed)
  }
  return (
    <ConfirmModal
      subject={payout}
      title={t('admin.payouts.approveDialog.title')}
      confirmLabel={t('admin.payouts.approveDialog.confirm')}
      color="green.9"
      isPending={isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      {(subject) => {
        const balance = balanceBefore(subject)
        const isMobile = isByProvider(subject)
        return (
          <>
            <Text style={{ overflowWrap: 'anywhere' }}>
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
            {isMobileMoney(subject) && subject.status === 'pending' && (
              <AccountHolderCheck payoutId={subject.id} />
            )}
            {isMobile && <Text size="sm">{t('mobileMoney.approve.mobileNote')}</Text>}
            <ReferenceField
              field={reference.field}
              required={!isMobile}
              missingError={t('payouts.referenceRequired')}
              label={t('admin.payouts.approveDialog.referenceLabel')}
              description={t(
                isMobile
                  ? 'mobileMoney.approve.referenceOptional'
                  : 'admin.payouts.approveDialog.referenceDescription',
                { max: paymentReferenceMax },
              )}
              max={paymentReferenceMax}
              disabled={isPending}
            />
          </>
        )
      }}
    </ConfirmModal>
  )
}
