import { Button, Group, Loader, NativeSelect, Stack, Text } from '@mantine/core'
import { IconEye, IconTrash } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { orderStatuses, type OrderStatus } from '../../../shared/constants'
import { formatRwf } from '../../../shared/money'
import type { AdminOrderDto } from '../../../shared/schemas/order'
import { DataTable, DateCell } from '../../components/data-table'
import { DateText } from '../../components/date-text'
import { IconButton } from '../../components/icon-button'
import { ItemCard } from '../../components/item-card'
import { Money } from '../../components/money'
import { OrderCustomer, OrderProduct, orderColumns, shortId } from '../../components/order-parts'

/** A change on its way: its row shows progress, and every other row's controls wait for it. */
export type Acting = { id: string; kind: 'status' | 'delete' }

export type AdminOrderListProps = {
  orders: AdminOrderDto[]
  acting: Acting | null
  onView: (order: AdminOrderDto) => void
  onStatus: (order: AdminOrderDto, status: OrderStatus) => void
  onDelete: (order: AdminOrderDto) => void
}

type RowProps = Omit<AdminOrderListProps, 'orders'> & { order: AdminOrderDto }

/** What the row's controls say to a screen reader: which order, whose, for how much. */
function useAbout(order: AdminOrderDto) {
  const { t } = useTranslation()
  return {
    t,
    about: { id: shortId(order.id), customer: order.customerName, total: formatRwf(order.totalAmount) },
  }
}

/**
 * The row's status selector (specification §4: any status, freely). It changes at once; while the change is on
 * its way it shows a loader and every selector waits.
 */
function StatusSelect({ order, acting, onStatus, fullWidth = false }: RowProps & { fullWidth?: boolean }) {
  const { t, about } = useAbout(order)
  const isChanging = acting?.id === order.id && acting.kind === 'status'
  return (
    <NativeSelect
      aria-label={t('admin.orders.statusLabel', about)}
      value={order.status}
      disabled={acting !== null}
      onChange={(event) => onStatus(order, event.currentTarget.value as OrderStatus)}
      data={orderStatuses.map((status) => ({ value: status, label: t(`status.${status}`) }))}
      rightSection={
        isChanging ? <Loader size={14} aria-label={t('admin.orders.statusChanging')} /> : undefined
      }
      w={fullWidth ? '100%' : 150}
    />
  )
}

/** In the table: view and delete as icon buttons with tooltips. */
function RowActions({ order, acting, onView, onDelete }: RowProps) {
  const { t, about } = useAbout(order)
  // Each an icon with its tooltip, named for the order it acts on.
  const named = (action: 'view' | 'delete') => ({
    variant: 'subtle',
    label: t(action === 'view' ? 'admin.orders.viewLabel' : 'admin.orders.deleteLabel', about),
    tooltip: t(action === 'view' ? 'admin.orders.view' : 'admin.orders.delete'),
  })
  return (
    <Group gap={6} wrap="nowrap">
      <IconButton {...named('view')} color="gray" icon={IconEye} onClick={() => onView(order)} />
      <IconButton
        {...named('delete')}
        color="red.9"
        icon={IconTrash}
        disabled={acting !== null}
        onClick={() => onDelete(order)}
      />
    </Group>
  )
}

/** "Qty 3 × RWF 12,500" under the total. */
function QuantityLine({ order }: { order: AdminOrderDto }) {
  const { t } = useTranslation()
  return (
    <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
      {t('vendor.orders.quantityLine', { count: order.quantity, price: formatRwf(order.unitPrice) })}
    </Text>
  )
}

/** From 1440 px: one row per order, newest first. */
export function AdminOrderTable({ orders, ...actions }: AdminOrderListProps) {
  const { t } = useTranslation()
  return (
    <DataTable
      label={t('admin.orders.tableCaption')}
      items={orders}
      columns={[
        ...orderColumns<AdminOrderDto>(
          { product: t('admin.orders.columns.order'), customer: t('admin.orders.columns.customer') },
          160,
        ),
        {
          label: t('admin.orders.columns.vendor'),
          maw: 200,
          cell: (order) => (
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {order.shopName}
            </Text>
          ),
        },
        {
          label: t('admin.orders.columns.total'),
          align: 'end',
          cell: (order) => (
            <>
              <Money amount={order.totalAmount} fw={600} style={{ whiteSpace: 'nowrap' }} />
              <QuantityLine order={order} />
            </>
          ),
        },
        {
          label: t('admin.orders.columns.date'),
          miw: 130,
          cell: (order) => <DateCell value={order.createdAt} withTime />,
        },
        {
          label: t('fields.status'),
          cell: (order) => <StatusSelect order={order} {...actions} />,
        },
        {
          label: t('fields.actions'),
          nowrap: true,
          cell: (order) => <RowActions order={order} {...actions} />,
        },
      ]}
    />
  )
}

/** Below 1440 px: one card per order, its controls as buttons to tap. */
export function AdminOrderCard({ order, nameId, ...actions }: RowProps & { nameId: string }) {
  const { t, about } = useAbout(order)
  return (
    <ItemCard
      item={order}
      labelledBy={nameId}
      title={<OrderProduct order={order} nameId={nameId} />}
      labelWidth={110}
      fields={[
        { label: t('admin.orders.columns.customer'), value: <OrderCustomer order={order} /> },
        { label: t('admin.orders.columns.vendor'), value: order.shopName },
        {
          label: t('admin.orders.columns.total'),
          value: (
            <>
              <Money amount={order.totalAmount} fw={700} />
              <QuantityLine order={order} />
            </>
          ),
        },
        { label: t('admin.orders.columns.date'), value: <DateText value={order.createdAt} withTime /> },
      ]}
      actions={
        <Stack gap="xs">
          <StatusSelect order={order} {...actions} fullWidth />
          <Group gap="xs" grow>
            <Button
              variant="default"
              size="sm"
              leftSection={<IconEye size={16} aria-hidden />}
              aria-label={t('admin.orders.viewLabel', about)}
              onClick={() => actions.onView(order)}
            >
              {t('admin.orders.view')}
            </Button>
            <Button
              variant="light"
              color="red.9"
              size="sm"
              leftSection={<IconTrash size={16} aria-hidden />}
              aria-label={t('admin.orders.deleteLabel', about)}
              disabled={actions.acting !== null}
              onClick={() => actions.onDelete(order)}
            >
              {t('admin.orders.delete')}
            </Button>
          </Group>
        </Stack>
      }
    />
  )
}
