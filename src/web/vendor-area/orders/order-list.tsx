import { useId } from 'react'
import { Box, Table, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { formatRwf } from '../../../shared/money'
import type { OrderDto } from '../../../shared/schemas/order'
import { Money } from '../../components/money'
import { StatusBadge } from '../../components/status-badge'
import { useFormatDateTime } from '../../components/format-date-time'
import { OrderAction, OrderCustomer, OrderProduct } from './order-details'
import { FieldList } from '../../components/field-list'
import { CardList } from '../../components/card-list'
import { ItemCard, ItemCardHeader } from '../../components/item-card'
import { DataTable } from '../../components/data-table'

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
  const formatDateTime = useFormatDateTime()
  const idPrefix = useId()
  return (
    <DataTable
      label={t('vendor.orders.tableCaption')}
      columns={[
        { label: t('vendor.orders.columns.product') },
        { label: t('vendor.orders.columns.customer') },
        { label: t('vendor.orders.columns.date') },
        { label: t('vendor.orders.columns.total'), align: 'end' },
        { label: t('fields.status') },
        { label: t('fields.actions') },
      ]}
    >
      {orders.map((order) => {
        const nameId = `${idPrefix}-${order.id}`
        return (
          <Table.Tr key={order.id} data-row-id={order.id}>
            <Table.Td maw={260}>
              {/* Floors for the product and customer columns: the others must not squeeze them to a word a line. */}
              <Box miw={170}>
                <OrderProduct order={order} nameId={nameId} />
              </Box>
            </Table.Td>
            <Table.Td maw={240}>
              <Box miw={170}>
                <OrderCustomer order={order} />
              </Box>
            </Table.Td>
            <Table.Td miw={130}>
              <Text size="sm" component="time" dateTime={order.createdAt}>
                {formatDateTime(order.createdAt)}
              </Text>
            </Table.Td>
            <Table.Td ta="end">
              <Money amount={order.totalAmount} fw={600} style={{ whiteSpace: 'nowrap' }} />
              {/* The quantity under the total, with the unit price: "Qty 3 × RWF 12,500". */}
              <Text size="xs" c="dimmed">
                {t('vendor.orders.quantityLine', {
                  count: order.quantity,
                  // "RWF 12,500" stays on one line when the quantity wraps.
                  price: formatRwf(order.unitPrice).replace(' ', '\u00a0'),
                })}
              </Text>
            </Table.Td>
            <Table.Td>
              <StatusBadge status={order.status} style={{ minWidth: 'max-content' }} />
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <OrderAction order={order} describedBy={nameId} {...actions} />
            </Table.Td>
          </Table.Tr>
        )
      })}
    </DataTable>
  )
}

/** Below 1200 px: one card per order (two side by side from 768 px), in a list. */
export function OrderCards({ orders, ...actions }: OrderListProps) {
  return (
    <CardList items={orders} keyOf={(order) => order.id}>
      {(order, nameId) => <OrderCard order={order} nameId={nameId} {...actions} />}
    </CardList>
  )
}

function OrderCard({
  order,
  nameId,
  ...actions
}: { order: OrderDto; nameId: string } & Omit<OrderListProps, 'orders'>) {
  const { t } = useTranslation()
  const formatDateTime = useFormatDateTime()
  return (
    <ItemCard labelledBy={nameId} rowId={order.id}>
      <ItemCardHeader status={order.status}>
        <OrderProduct order={order} nameId={nameId} />
      </ItemCardHeader>
      <FieldList
        labelWidth={120}
        gap={6}
        fields={[
          {
            label: t('vendor.orders.columns.customer'),
            value: <OrderCustomer order={order} />,
          },
          { label: t('vendor.orders.columns.quantity'), value: order.quantity.toLocaleString('en-US') },
          {
            label: t('vendor.orders.columns.total'),
            value: <Money amount={order.totalAmount} fw={600} />,
          },
          {
            label: t('vendor.orders.columns.date'),
            value: <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>,
          },
        ]}
      />
      <div style={{ marginTop: 'auto' }}>
        <OrderAction order={order} describedBy={nameId} {...actions} fullWidth />
      </div>
    </ItemCard>
  )
}
