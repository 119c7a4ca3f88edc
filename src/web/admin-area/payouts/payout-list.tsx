import { Button, Group, Stack, Text } from '@mantine/core'
import { IconCheck, IconEye, IconX, type TablerIcon } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { formatRwf } from '../../../shared/money'
import type { AdminPayoutDto } from '../../../shared/schemas/payout'
import { DataTable, DateCell, NameCell } from '../../components/data-table'
import { DateText } from '../../components/date-text'
import { ItemCard } from '../../components/item-card'
import { Money } from '../../components/money'
import { IconButton } from '../../components/icon-button'
import { StatusBadge } from '../../components/status-badge'
import { TransferBadge } from '../../components/transfer-status'
import { ReceiptStatusLabel, methodLabel, shortId, wrappingBadge } from './payout-labels'
import type { Acting } from './use-payout-decisions'

export type PayoutListProps = {
  payouts: AdminPayoutDto[]
  /** The decision on its way, if any: its button shows progress, and every Approve and Reject waits for it. */
  acting: Acting | null
  onView: (payout: AdminPayoutDto) => void
  onApprove: (payout: AdminPayoutDto) => void
  onReject: (payout: AdminPayoutDto) => void
}

type RowProps = Omit<PayoutListProps, 'payouts'> & { payout: AdminPayoutDto }

/** One decision's button, as an icon in the table and a labelled button on a card. */
type Decision = {
  label: string
  busyLabel: string
  /** The accessible name: which payout, how much, to whom. */
  name: string
  isActing: boolean
  /** Another decision is on its way. */
  isBlocked: boolean
  color: string
  icon: TablerIcon
  onClick: () => void
}

/**
 * What the buttons of one payout say and do: Details always; Approve and Reject only while it is pending
 * (spec §4). Each button's accessible name says which payout, how much and to whom.
 */
function usePayoutActions({ payout, acting, onView, onApprove, onReject }: RowProps) {
  const { t } = useTranslation()
  const about = { id: shortId(payout.id), amount: formatRwf(payout.amount), shop: payout.shopName }
  const decision = (
    status: Acting['status'],
    decision: Omit<Decision, 'isActing' | 'isBlocked'>,
  ): Decision => {
    const isActing = acting?.id === payout.id && acting.status === status
    return { ...decision, isActing, isBlocked: acting !== null && !isActing }
  }
  const decisions =
    payout.status === 'pending'
      ? [
          decision('approved', {
            label: t('admin.payouts.approve'),
            busyLabel: t('admin.payouts.approving'),
            name: t('admin.payouts.approveLabel', about),
            color: 'green.9',
            icon: IconCheck,
            onClick: () => onApprove(payout),
          }),
          decision('rejected', {
            label: t('admin.payouts.reject'),
            busyLabel: t('admin.payouts.rejecting'),
            name: t('admin.payouts.rejectLabel', about),
            color: 'red.9',
            icon: IconX,
            onClick: () => onReject(payout),
          }),
        ]
      : []
  const view = {
    label: t('admin.payouts.view'),
    name: t('admin.payouts.viewLabel', about),
    onClick: () => onView(payout),
  }
  return { view, decisions }
}

/**
 * In the table, as icon buttons with their tooltips; a loader says when a decision is on its way. Two to a line
 * (Details, then Approve and Reject under it): three side by side made the column, and the table, too wide for
 * 1280 px.
 */
function RowActions(props: RowProps) {
  const { view, decisions } = usePayoutActions(props)
  return (
    <Group gap={4} wrap="wrap" w={72}>
      <IconButton
        variant="subtle"
        color="gray"
        label={view.name}
        tooltip={view.label}
        icon={IconEye}
        onClick={view.onClick}
      />
      {decisions.map(({ label, busyLabel, name, isActing, isBlocked, color, icon, onClick }) => (
        <IconButton
          key={label}
          variant="light"
          color={color}
          label={name}
          tooltip={isActing ? busyLabel : label}
          icon={icon}
          loading={isActing}
          loaderProps={{ 'aria-label': busyLabel }}
          disabled={isBlocked}
          onClick={onClick}
        />
      ))}
    </Group>
  )
}

/** On a card, as labelled buttons to tap. */
function CardActions(props: RowProps) {
  const { view, decisions } = usePayoutActions(props)
  return (
    <Group gap="xs" grow>
      <Button variant="default" size="xs" aria-label={view.name} onClick={view.onClick}>
        {view.label}
      </Button>
      {decisions.map(({ label, busyLabel, name, isActing, isBlocked, color, icon: Icon, onClick }) => (
        <Button
          key={label}
          variant="light"
          color={color}
          size="xs"
          aria-label={name}
          leftSection={<Icon size={16} aria-hidden />}
          loading={isActing}
          disabled={isBlocked}
          onClick={onClick}
        >
          {isActing ? busyLabel : label}
        </Button>
      ))}
    </Group>
  )
}

/**
 * Where a mobile-money payout's transfer stands (nothing for one paid by hand); a failed one with its reason, which
 * the list shows nowhere else.
 */
function PayoutTransfer({ payout }: { payout: AdminPayoutDto }) {
  return (
    <TransferBadge
      status={payout.transferStatus}
      provider={payout.provider}
      reason={payout.decisionReason}
      styles={wrappingBadge}
    />
  )
}

/**
 * From 1280 px: one table row per payout, newest request first. Every column fits the width beside the menu in
 * either language: names, methods, badges and dates wrap inside their column, and the actions stand two to a
 * line (tests/e2e/page-width.spec.ts).
 */
export function PayoutTable({ payouts, ...actions }: PayoutListProps) {
  const { t } = useTranslation()
  return (
    <DataTable
      label={t('admin.payouts.tableCaption')}
      items={payouts}
      columns={[
        {
          label: t('admin.payouts.columns.id'),
          cell: (payout, nameId) => (
            <Text size="sm" ff="monospace" id={nameId}>
              {shortId(payout.id)}
            </Text>
          ),
        },
        {
          label: t('admin.payouts.columns.vendor'),
          maw: 220,
          cell: (payout) => (
            <NameCell
              name={payout.shopName}
              detail={`${payout.ownerName} · ${payout.ownerEmail}`}
              miw={130}
            />
          ),
        },
        {
          label: t('admin.payouts.columns.amount'),
          align: 'end',
          cell: (payout) => <Money amount={payout.amount} fw={600} style={{ whiteSpace: 'nowrap' }} />,
        },
        {
          label: t('admin.payouts.columns.method'),
          cell: (payout) => <Text size="sm">{methodLabel(t, payout.payoutMethod)}</Text>,
        },
        {
          label: t('fields.status'),
          cell: (payout) => (
            <Stack gap={4} align="flex-start">
              <StatusBadge status={payout.status} styles={wrappingBadge} />
              <PayoutTransfer payout={payout} />
            </Stack>
          ),
        },
        {
          label: t('admin.payouts.columns.receipt'),
          cell: (payout) => <ReceiptStatusLabel status={payout.receiptStatus} />,
        },
        {
          label: t('admin.payouts.columns.created'),
          miw: 100,
          cell: (payout) => <DateCell value={payout.requestedAt} withTime />,
        },
        {
          label: t('fields.actions'),
          cell: (payout) => <RowActions payout={payout} {...actions} />,
        },
      ]}
    />
  )
}

/** Below 1280 px: one card per payout. */
export function PayoutCard({ payout, nameId, ...actions }: RowProps & { nameId: string }) {
  const { t } = useTranslation()
  return (
    <ItemCard
      item={payout}
      labelledBy={nameId}
      title={
        <div style={{ minWidth: 0 }}>
          <Text fw={700} id={nameId} style={{ overflowWrap: 'anywhere' }}>
            {payout.shopName}
          </Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {payout.ownerEmail}
          </Text>
        </div>
      }
      labelWidth={120}
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
        ...(payout.transferStatus
          ? [{ label: t('mobileMoney.transfer.label'), value: <PayoutTransfer payout={payout} /> }]
          : []),
        {
          label: t('admin.payouts.columns.receipt'),
          value: <ReceiptStatusLabel status={payout.receiptStatus} />,
        },
        {
          label: t('admin.payouts.columns.created'),
          value: <DateText value={payout.requestedAt} withTime />,
        },
      ]}
      actions={<CardActions payout={payout} {...actions} />}
    />
  )
}
