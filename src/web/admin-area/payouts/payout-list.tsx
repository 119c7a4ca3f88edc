import { useId } from 'react'
import { ActionIcon, Box, Button, Group, Table, Text, Tooltip } from '@mantine/core'
import { IconCheck, IconEye, IconX } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { formatRwf } from '../../../shared/money'
import type { AdminPayoutDto } from '../../../shared/schemas/payout'
import { CardList } from '../../components/card-list'
import { FieldList } from '../../components/field-list'
import { useFormatDateTime } from '../../components/format-date-time'
import { ItemCard } from '../../components/item-card'
import { Money } from '../../components/money'
import { StatusBadge } from '../../components/status-badge'
import { ReceiptStatusLabel, methodLabel, shortId } from './payout-labels'
import type { Acting } from './use-payout-decisions'
import { DataTable } from '../../components/data-table'

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
          <Tooltip
            label={isActing('approved') ? t('admin.payouts.approving') : t('admin.payouts.approve')}
            withArrow
          >
            <ActionIcon
              variant="light"
              color="green.8"
              size="lg"
              aria-label={names.approve}
              loading={isActing('approved')}
              loaderProps={{ 'aria-label': t('admin.payouts.approving') }}
              disabled={acting !== null && !isActing('approved')}
              onClick={() => onApprove(payout)}
            >
              <IconCheck size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Tooltip
            label={isActing('rejected') ? t('admin.payouts.rejecting') : t('admin.payouts.reject')}
            withArrow
          >
            <ActionIcon
              variant="light"
              color="red.9"
              size="lg"
              aria-label={names.reject}
              loading={isActing('rejected')}
              loaderProps={{ 'aria-label': t('admin.payouts.rejecting') }}
              disabled={acting !== null && !isActing('rejected')}
              onClick={() => onReject(payout)}
            >
              <IconX size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </>
      )}
    </Group>
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
            <Box miw={150}>
              <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                {payout.shopName}
              </Text>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {payout.ownerName} · {payout.ownerEmail}
              </Text>
            </Box>
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
            <Text size="sm" component="time" dateTime={payout.requestedAt}>
              {formatDateTime(payout.requestedAt)}
            </Text>
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
  const idPrefix = useId()
  return (
    <CardList items={payouts} keyOf={(payout) => payout.id}>
      {(payout) => <PayoutCard payout={payout} nameId={`${idPrefix}-${payout.id}`} {...actions} />}
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
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Text fw={700} id={nameId} style={{ overflowWrap: 'anywhere' }}>
            {payout.shopName}
          </Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {payout.ownerEmail}
          </Text>
        </div>
        <StatusBadge status={payout.status} style={{ flexShrink: 0 }} />
      </Group>
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
