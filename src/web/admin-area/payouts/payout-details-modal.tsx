import { Group, Modal, Stack, Text } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { useTranslation } from 'react-i18next'
import { receiptNoteDate, type AdminPayoutDto } from '../../../shared/schemas/payout'
import { useAdminPayout, useRevealPayoutDestination } from '../../api/admin-payouts'
import { FieldList } from '../../components/field-list'
import { useFormatDate } from '../../components/format-date'
import { useFormatDateTime } from '../../components/format-date-time'
import { LoadErrorAlert } from '../../components/load-error-alert'
import { LoadingStatus } from '../../components/loading-status'
import { Money } from '../../components/money'
import { SkeletonList } from '../../components/skeleton-list'
import { StatusBadge } from '../../components/status-badge'
import { TransferBadge } from '../../components/transfer-status'
import { ReceiptStatusLabel, describePayoutDetails, methodLabel, shortId } from './payout-labels'
import { NoneText } from '../../components/none-text'
import { RevealPayoutDetails } from './reveal-payout-details'

/** Free text or a quiet "None". */
function OptionalText({ value }: { value: string | null }) {
  const { t } = useTranslation()
  return value ? (
    <Text span size="sm" style={{ whiteSpace: 'pre-line' }}>
      {value}
    </Text>
  ) : (
    <NoneText inline>{t('admin.payouts.details.none')}</NoneText>
  )
}

/**
 * Everything about one payout (spec §2 "A details modal is available"): the shop and its owner, where the money
 * goes (masked, with a deliberate and audited "Show full details"), the decision with its reason or payment reference, and the shop's balance net of refunds.
 * It opens with the row the list holds and refreshes from the server.
 */
export function PayoutDetailsModal({
  payoutId,
  listed,
  onClose,
}: {
  payoutId: string | null
  listed: AdminPayoutDto | undefined
  onClose: () => void
}) {
  const { t } = useTranslation()
  const payout = useAdminPayout(payoutId, listed)
  return (
    <Modal
      opened={payoutId !== null}
      onClose={onClose}
      title={t('admin.payouts.details.title')}
      closeButtonProps={{ 'aria-label': t('actions.close') }}
      size="lg"
      centered
    >
      {payout.data ? (
        <PayoutDetails key={payout.data.id} payout={payout.data} />
      ) : payout.isError ? (
        <LoadErrorAlert title={t('admin.payouts.details.loadFailed')} query={payout} />
      ) : (
        <>
          <LoadingStatus />
          <SkeletonList count={8} height={22} />
        </>
      )}
    </Modal>
  )
}

/** The deliberate, audited reveal of this payout's full destination (A.1). */
function RevealDestination({ payout }: { payout: AdminPayoutDto }) {
  const reveal = useRevealPayoutDestination()
  return <RevealPayoutDetails id={payout.id} shopName={payout.shopName} reveal={reveal} />
}

function PayoutDetails({ payout }: { payout: AdminPayoutDto }) {
  const { t } = useTranslation()
  const formatDate = useFormatDate()
  const formatDateTime = useFormatDateTime()
  const details = describePayoutDetails(t, payout)
  // On a phone each label stands above its value: side by side, long e-mails would get a sliver of width.
  const isPhone = useMediaQuery('(max-width: 35.99em)', false, { getInitialValueInEffect: false })
  // The receipt note is stored in English (the receipt column reads it); shown in the reader's language.
  const receiptDate = receiptNoteDate(payout.notes)
  const notes = receiptDate
    ? t('admin.payouts.details.receiptNote', { date: formatDate(`${receiptDate}T12:00:00Z`) })
    : payout.notes
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <div>
          <Money amount={payout.amount} fw={700} fz="xl" />
          <Text size="sm" c="dimmed">
            {t('admin.payouts.details.payout')}{' '}
            <Text span ff="monospace" inherit>
              {shortId(payout.id)}
            </Text>
          </Text>
        </div>
        <Group gap="xs">
          <StatusBadge status={payout.status} />
          {/* (A failure's reason is the decision's reason, below.) */}
          <TransferBadge status={payout.transferStatus} provider={payout.provider} />
          <ReceiptStatusLabel status={payout.receiptStatus} />
        </Group>
      </Group>
      <FieldList
        labelWidth={170}
        orientation={isPhone ? 'vertical' : 'horizontal'}
        fields={[
          { label: t('admin.payouts.details.shop'), value: payout.shopName },
          { label: t('admin.payouts.details.ownerName'), value: payout.ownerName },
          { label: t('admin.payouts.details.ownerEmail'), value: payout.ownerEmail },
          { label: t('admin.payouts.columns.method'), value: methodLabel(t, payout.payoutMethod) },
          {
            label: t('admin.payouts.details.payoutDetails'),
            value: details ? (
              <Stack gap={6}>
                <div>
                  {details}
                  <Text size="xs" c="dimmed">
                    {t('admin.payouts.details.masked')}
                  </Text>
                </div>
                <RevealDestination payout={payout} />
              </Stack>
            ) : (
              <OptionalText value={null} />
            ),
          },
          {
            label: t('admin.payouts.details.requested'),
            value: <time dateTime={payout.requestedAt}>{formatDateTime(payout.requestedAt)}</time>,
          },
          {
            label: t('admin.payouts.details.processed'),
            value: payout.processedAt ? (
              <time dateTime={payout.processedAt}>{formatDateTime(payout.processedAt)}</time>
            ) : (
              <Text span size="sm" c="dimmed">
                {t('admin.payouts.details.notProcessed')}
              </Text>
            ),
          },
          {
            label: t('admin.payouts.details.paymentReference'),
            value: <OptionalText value={payout.paymentReference} />,
          },
          { label: t('admin.payouts.details.reason'), value: <OptionalText value={payout.decisionReason} /> },
          { label: t('admin.payouts.details.notes'), value: <OptionalText value={notes} /> },
          {
            label: t('admin.payouts.details.balance'),
            value: (
              <>
                <Money
                  amount={payout.vendorBalance}
                  fw={600}
                  c={payout.vendorBalance < 0 ? 'red.8' : undefined}
                />
                <Text size="xs" c="dimmed">
                  {t('admin.payouts.details.balanceHint')}
                </Text>
              </>
            ),
          },
        ]}
      />
    </Stack>
  )
}
