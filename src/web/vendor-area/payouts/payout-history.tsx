import { Stack, Text } from '@mantine/core'
import { IconCircleCheck } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { receiptNoteDate, type PayoutDto } from '../../../shared/schemas/payout'
import { Money } from '../../components/money'
import { StatusBadge } from '../../components/status-badge'
import { TransferBadge } from '../../components/transfer-status'
import { useFormatDate } from '../../components/format-date'
import { CardList } from '../../components/card-list'
import { DataTable } from '../../components/data-table'
import { DateText } from '../../components/date-text'
import { ItemCard } from '../../components/item-card'
import { ItemAction } from '../../components/item-action'
import { NoneText } from '../../components/none-text'

export type PayoutListProps = {
  payouts: PayoutDto[]
  onConfirmReceipt: (payout: PayoutDto) => void
}

/**
 * 'Confirm receipt' only on an approved payout the vendor has not confirmed yet (canConfirmReceipt). The button
 * keeps its short name; aria-describedby adds the amount and the request date, so each one says which payout.
 */
function ConfirmReceiptButton({
  payout,
  describedBy,
  onConfirmReceipt,
  fullWidth = false,
}: {
  payout: PayoutDto
  describedBy: string
  onConfirmReceipt: (payout: PayoutDto) => void
  fullWidth?: boolean
}) {
  const { t } = useTranslation()
  if (payout.status !== 'approved' || !payout.canConfirmReceipt) return null
  return (
    <ItemAction
      label={t('vendor.payouts.confirmReceipt')}
      icon={<IconCircleCheck size={16} aria-hidden />}
      variant="light"
      onClick={() => onConfirmReceipt(payout)}
      describedBy={describedBy}
      fullWidth={fullWidth}
    />
  )
}

function Notes({ payout }: { payout: PayoutDto }) {
  const { t } = useTranslation()
  const formatDate = useFormatDate()
  const { notes, decisionReason, paymentReference } = payout
  // The receipt note is stored in English (the admin list reads it); show it in the reader's language.
  const receiptDate = receiptNoteDate(notes)
  const lines = [
    notes &&
      (receiptDate
        ? t('vendor.payouts.history.receiptNote', { date: formatDate(`${receiptDate}T12:00:00Z`) })
        : notes),
    // What the admin said with the decision: why it was refused, or how the money was sent.
    decisionReason && t('vendor.payouts.history.reasonLine', { reason: decisionReason }),
    paymentReference && t('vendor.payouts.history.referenceLine', { reference: paymentReference }),
  ].filter(Boolean)
  return lines.length > 0 ? (
    <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
      {lines.join('\n')}
    </Text>
  ) : (
    <NoneText>{t('vendor.payouts.history.noNotes')}</NoneText>
  )
}

function ProcessedDate({ payout }: { payout: PayoutDto }) {
  const { t } = useTranslation()
  return payout.processedAt ? (
    <DateText value={payout.processedAt} />
  ) : (
    <NoneText inline>{t('vendor.payouts.history.notProcessed')}</NoneText>
  )
}

/** From 1024 px: the history as a table, newest request first (the server's order). */
export function PayoutTable({ payouts, onConfirmReceipt }: PayoutListProps) {
  const { t } = useTranslation()
  return (
    <DataTable
      labelledBy="payout-history-title"
      highlightOnHover={false}
      items={payouts}
      columns={[
        {
          label: t('vendor.payouts.history.amount'),
          align: 'end',
          nowrap: true,
          cell: (payout, nameId) => (
            <Text span inherit fw={600} id={`${nameId}-amount`}>
              <Money amount={payout.amount} />
            </Text>
          ),
        },
        {
          label: t('fields.status'),
          cell: (payout) => (
            <Stack gap={4} align="flex-start">
              <StatusBadge status={payout.status} style={{ minWidth: 'max-content' }} />
              {/* (A failure's reason is in the notes.) */}
              <TransferBadge status={payout.transferStatus} provider={payout.provider} />
            </Stack>
          ),
        },
        {
          label: t('vendor.payouts.history.requestedAt'),
          cell: (payout, nameId) => <DateText value={payout.requestedAt} id={`${nameId}-date`} />,
        },
        {
          label: t('vendor.payouts.history.processedAt'),
          cell: (payout) => <ProcessedDate payout={payout} />,
        },
        { label: t('vendor.payouts.history.notes'), maw: 320, cell: (payout) => <Notes payout={payout} /> },
        {
          label: t('fields.actions'),
          nowrap: true,
          cell: (payout, nameId) => (
            <ConfirmReceiptButton
              payout={payout}
              describedBy={`${nameId}-amount ${nameId}-date`}
              onConfirmReceipt={onConfirmReceipt}
            />
          ),
        },
      ]}
    />
  )
}

/** Below 1024 px: one card per payout. */
export function PayoutCards({ payouts, onConfirmReceipt }: PayoutListProps) {
  const { t } = useTranslation()
  return (
    <CardList items={payouts} keyOf={(payout) => payout.id}>
      {(payout, nameId) => {
        const amountId = `${nameId}-amount`
        const dateId = `${nameId}-date`
        return (
          <ItemCard
            item={payout}
            labelledBy={amountId}
            title={
              <Text span fw={700} size="lg" id={amountId}>
                <Money amount={payout.amount} />
              </Text>
            }
            titleAlign="center"
            labelWidth={120}
            fields={[
              {
                label: t('vendor.payouts.history.requestedAt'),
                value: <DateText value={payout.requestedAt} id={dateId} />,
              },
              { label: t('vendor.payouts.history.processedAt'), value: <ProcessedDate payout={payout} /> },
              ...(payout.transferStatus
                ? [
                    {
                      label: t('mobileMoney.transfer.label'),
                      value: <TransferBadge status={payout.transferStatus} provider={payout.provider} />,
                    },
                  ]
                : []),
              { label: t('vendor.payouts.history.notes'), value: <Notes payout={payout} /> },
            ]}
          >
            <ConfirmReceiptButton
              payout={payout}
              describedBy={`${amountId} ${dateId}`}
              onConfirmReceipt={onConfirmReceipt}
              fullWidth
            />
          </ItemCard>
        )
      }}
    </CardList>
  )
}
