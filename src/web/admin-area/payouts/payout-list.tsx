import { useId, type ReactNode } from 'react'
import { ActionIcon, Button, Group, Table, Text, Tooltip } from '@mantine/core'
import { IconCheck, IconEye, IconX } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { formatRwf } from '../../../shared/money'
import type { AdminPayoutDto } from '../../../shared/schemas/payout'
import { CardList } from '../../components/card-list'
import { FieldList } from '../../components/field-list'
import { useFormatDateTime } from '../../components/format-date-time'
import { ItemCard, ItemCardHeader } from '../../components/item-card'
import { Money } from '../../components/money'
import { StatusBadge } from '../../components/status-badge'
import { ReceiptStatusLabel, methodLabel, shortId } from './payout-labels'
import type { Acting } from './use-payout-decisions'
import { DataTable, DateCell, NameCell } from '../../components/data-table'

export type PayoutListProps = {
  payouts: AdminPayoutDto[]
  /** The decision on its way, if any: its button shows progress, and every Approve and Reject waits for it. */
  acting: Acting | null
  onView: (payout: AdminPayoutDto) => void
  onApprove: (payout: AdminPayoutDto) => void
  onReject: (payout: AdminPayoutDto) => void
}

type RowProps = Omit<PayoutListProps, 'payouts'> & { payout: AdminPayoutDto }

/** What each button's accessible name says: which payout, how much, to whom. */
function useActionNames(payout: AdminPayoutDto) {
  const { t } = useTranslation()
  const about = { id: shortId(payout.id), amount: formatRwf(payout.amount), shop: payout.shopName }
  return {
    view: t('admin.payouts.viewLabel', about),
    approve: t('admin.payouts.approveLabel', about),
    reject: t('admin.payouts.rejectLabel', about),
  }
}

/** Details always; Approve and Reject only while the payout is pending (spec §4), as icon buttons. */
function RowActions({ payout, acting, onView, onApprove, onReject }: RowProps) {
  const { t } = useTranslation()
  const names = useActionNames(payout)
  const isActing = (status: Acting['status']) => acting?.id === payout.id && acting.status === status
  return (
    <Group gap={6} wrap="nowrap">
      <Tooltip label={t('admin.payouts.view')} withArrow>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={names.view}
          onClick={() => onView(payout)}
        >
          <IconEye size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      {payout.status === 'pending' && (
        <>
          <DecisionIcon
            label={t('admin.payouts.approve')}
            busyLabel={t('admin.payouts.approving')}
            name={names.approve}
            isActing={isActing('approved')}
            isBlocked={acting !== null && !isActing('approved')}
            color="green.8"
            onClick={() => onApprove(payout)}
          >
            <IconCheck size={18} aria-hidden />
          </DecisionIcon>
          <DecisionIcon
            label={t('admin.payouts.reject')}
            busyLabel={t('admin.payouts.rejecting')}
            name={names.reject}
            isActing={isActing('rejected')}
            isBlocked={acting !== null && !isActing('rejected')}
            color="red.9"
            onClick={() => onReject(payout)}
          >
            <IconX size={18} aria-hidden />
          </DecisionIcon>
        </>
      )}
    </Group>
  )
}

/** An icon button for one decision, its tooltip and its loader saying when it is on its way. */
function DecisionIcon({
  label,
  busyLabel,
  name,
  isActing,
  isBlocked,
  color,
  onClick,
  children,
}: {
  label: string
  busyLabel: string
  /** The accessible name: which payout, how much, to whom. */
  name: string
  isActing: boolean
  /** Another decision is on its way. */
  isBlocked: boolean
  color: string
  onClick: () => void
  children: ReactNode
}) {
  return (
    <Tooltip label={isActing ? busyLabel : label} withArrow>
      <ActionIcon
        variant="light"
        color={color}
        size="lg"
        aria-label={name}
        loading={isActing}
        loaderProps={{ 'aria-label': busyLabel }}
        disabled={isBlocked}
        onClick={onClick}
      >
        {children}
      </ActionIcon>
    </Tooltip>
  )
}

/** From 1280 px: one table row per payout, newest request first. */
export function PayoutTable({ payouts, ...actions }: PayoutListProps) {
  const { t } = useTranslation()
  const formatDateTime = useFormatDateTime()
  const idPrefix = useId()
  return (
    <DataTable
      label={t('admin.payouts.tableCaption')}
      columns={[
        { label: t('admin.payouts.columns.id') },
        { label: t('admin.payouts.columns.vendor') },
        { label: t('admin.payouts.columns.amount'), align: 'end' },
        { label: t('admin.payouts.columns.method') },
        { label: t('fields.status') },
        { label: t('admin.payouts.columns.receipt') },
        { label: t('admin.payouts.columns.created') },
        { label: t('fields.actions') },
      ]}
    >
      {payouts.map((payout) => (
        <Table.Tr key={payout.id} data-row-id={payout.id}>
          <Table.Td>
            <Text size="sm" ff="monospace" id={`${idPrefix}-${payout.id}`}>
              {shortId(payout.id)}
            </Text>
          </Table.Td>
          <Table.Td maw={260}>
            <NameCell
              name={payout.shopName}
              detail={`${payout.ownerName} · ${payout.ownerEmail}`}
              miw={150}
            />
          </Table.Td>
          <Table.Td ta="end">
            <Money amount={payout.amount} fw={600} style={{ whiteSpace: 'nowrap' }} />
          </Table.Td>
          <Table.Td>
            <Text size="sm">{methodLabel(t, payout.payoutMethod)}</Text>
          </Table.Td>
          <Table.Td>
            <StatusBadge status={payout.status} style={{ minWidth: 'max-content' }} />
          </Table.Td>
          <Table.Td>
            <ReceiptStatusLabel status={payout.receiptStatus} />
          </Table.Td>
          <Table.Td miw={130}>
            <DateCell value={payout.requestedAt} format={formatDateTime} />
          </Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>
            <RowActions payout={payout} {...actions} />
          </Table.Td>
        </Table.Tr>
      ))}
    </DataTable>
  )
}

/** Below 1280 px: one card per payout (two side by side from 768 px), with labelled buttons to tap. */
export function PayoutCards({ payouts, ...actions }: PayoutListProps) {
  return (
    <CardList items={payouts} keyOf={(payout) => payout.id}>
      {(payout, nameId) => <PayoutCard payout={payout} nameId={nameId} {...actions} />}
    </CardList>
  )
}

function PayoutCard({ payout, nameId, acting, onView, onApprove, onReject }: RowProps & { nameId: string }) {
  const { t } = useTranslation()
  const formatDateTime = useFormatDateTime()
  const names = useActionNames(payout)
  const isActing = (status: Acting['status']) => acting?.id === payout.id && acting.status === status
  return (
    <ItemCard labelledBy={nameId} rowId={payout.id}>
      <ItemCardHeader status={payout.status}>
        <div style={{ minWidth: 0 }}>
          <Text fw={700} id={nameId} style={{ overflowWrap: 'anywhere' }}>
            {payout.shopName}
          </Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {payout.ownerEmail}
          </Text>
        </div>
      </ItemCardHeader>
      <FieldList
        labelWidth={120}
        gap={6}
        fields={[
          { label: t('admin.payouts.columns.amount'), value: <Money amount={payout.amount} fw={700} /> },
          {
            label: t('admin.payouts.columns.id'),
            value: (
              <Text span ff="monospace" size="sm">
                {shortId(payout.id)}
              </Text>
            ),
          },
          { label: t('admin.payouts.columns.method'), value: methodLabel(t, payout.payoutMethod) },
          {
            label: t('admin.payouts.columns.receipt'),
            value: <ReceiptStatusLabel status={payout.receiptStatus} />,
          },
          {
            label: t('admin.payouts.columns.created'),
            value: <time dateTime={payout.requestedAt}>{formatDateTime(payout.requestedAt)}</time>,
          },
        ]}
      />
      <Group gap="xs" mt="auto" grow>
        <Button variant="default" size="xs" aria-label={names.view} onClick={() => onView(payout)}>
          {t('admin.payouts.view')}
        </Button>
        {payout.status === 'pending' && (
          <>
            <Button
              variant="light"
              color="green.8"
              size="xs"
              aria-label={names.approve}
              leftSection={<IconCheck size={16} aria-hidden />}
              loading={isActing('approved')}
              disabled={acting !== null && !isActing('approved')}
              onClick={() => onApprove(payout)}
            >
              {isActing('approved') ? t('admin.payouts.approving') : t('admin.payouts.approve')}
            </Button>
            <Button
              variant="light"
              color="red.9"
              size="xs"
              aria-label={names.reject}
              leftSection={<IconX size={16} aria-hidden />}
              loading={isActing('rejected')}
              disabled={acting !== null && !isActing('rejected')}
              onClick={() => onReject(payout)}
            >
              {isActing('rejected') ? t('admin.payouts.rejecting') : t('admin.payouts.reject')}
            </Button>
          </>
        )}
      </Group>
    </ItemCard>
  )
}
