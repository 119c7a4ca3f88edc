import { Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { formatRwf } from '../../../shared/money'
import type { OrderDto } from '../../../shared/schemas/order'
import { Money } from '../../components/money'
import { StatusBadge } from '../../components/status-badge'
import { DateText } from '../../components/date-text'
import { OrderAction } from './order-details'
import { OrderCustomer, OrderProduct, orderColumns } from '../../components/order-parts'
import { ItemCard } from '../../components/item-card'
import { DataTable, DateCell } from '../../components/data-table'

export type OrderListProps = {
  orders: OrderDto[]
  /** The order whose status change is on its way, if any. */
  busyId: string | null
  onMarkCompleted: (order: OrderDto) => void
  onRefund: (order: OrderDto) => void
}

/** From 1200 px: one table row per order, newest first. */
export function OrderTable({ orders, ...actions }: OrderListProps) {
  const { t } = useTranslation()
  return (
    <DataTable
      label={t('vendor.orders.tableCaption')}
      items={orders}
      columns={[
        ...orderColumns<OrderDto>(
          { product: t('vendor.orders.columns.product'), customer: t('vendor.orders.columns.customer') },
          170,
        ),
        {
          label: t('vendor.orders.columns.date'),
          miw: 130,
          cell: (order) => <DateCell value={order.createdAt} withTime />,
        },
        {
          label: t('vendor.orders.columns.total'),
          align: 'end',
          cell: (order) => (
            <>
              <Money amount={order.totalAmount} fw={600} style={{ whiteSpace: 'nowrap' }} />
              {/* The quantity under the total, with the unit price: "Qty 3 × RWF 12,500". */}
              <Text size="xs" c="dimmed">
                {t('vendor.orders.quantityLine', {
                  count: order.quantity,
                  // "RWF 12,500" stays on one line when the quantity wraps.
                  price: formatRwf(order.unitPrice).replace(' ', '\u00a0'),
                })}
              </Text>
            </>
          ),
        },
        {
          label: t('fields.status'),
          cell: (order) => <StatusBadge status={order.status} style={{ minWidth: 'max-content' }} />,
        },
        {
          label: t('fields.actions'),
          nowrap: true,
          cell: (order, nameId) => <OrderAction order={order} describedBy={nameId} {...actions} />,
        },
      ]}
    />
  )
}

/** Below 1200 px: one card per order. */
export function OrderCard({
  order,
  nameId,
  ...actions
}: { order: OrderDto; nameId: string } & Omit<OrderListProps, 'orders'>) {
  const { t } = useTranslation()
  return (
    <ItemCard
      item={order}
      labelledBy={nameId}
      title={<OrderProduct order={order} nameId={nameId} />}
      labelWidth={120}
      fields={[
        { label: t('vendor.orders.columns.customer'), value: <OrderCustomer order={order} /> },
        { label: t('vendor.orders.columns.quantity'), value: order.quantity.toLocaleString('en-US') },
        { label: t('vendor.orders.columns.total'), value: <Money amount={order.totalAmount} fw={600} /> },
        { label: t('vendor.orders.columns.date'), value: <DateText value={order.createdAt} withTime /> },
      ]}
      actions={<OrderAction order={order} describedBy={nameId} {...actions} fullWidth />}
    />
  )
}
